/**
 * The page view's follow-up controls (issue 36), shown when the active setting maps them: the
 * next follow-up (quick choices — Tomorrow, In 3 days, Next week — or a date) and the stage's
 * options as chips. Each choice is one property edit, saved through the outbox like any other
 * (`onSave`), so it works offline and shows at once from the snapshot. A stage option deleted in
 * Notion is gone from the schema, and so from the chips (the option editor's rule).
 */
import { readProperty, type PropertyShape, type SchemaProperty } from '../../data/notion/codecs/index.ts';
import type { CachedDataSourceSchema } from '../../data/db/schema.ts';
import type { PageSnapshot } from '../../data/outbox/entry.ts';
import { QUICK_FOLLOW_UPS, quickFollowUpDate } from '../../domain/followUps/followUpDates.ts';
import { optionsOf } from '../../domain/notion/schemaOptions.ts';
import type { Mapping } from '../../domain/settings/mapping.ts';
import { OptionChip } from './OptionChip.tsx';
import './followUps.css';

interface Props {
  snapshot: PageSnapshot;
  schema: CachedDataSourceSchema | undefined;
  mapping: Mapping;
  onSave: (propertyId: string, name: string, shape: PropertyShape) => void;
}

export function FollowUpControls({ snapshot, schema, mapping, onSave }: Props) {
  const schemaOf = (id: string | undefined) => schema?.properties.find((property) => property.id === id);
  const dateId = mapping.nextFollowUp && schemaOf(mapping.nextFollowUp)?.type === 'date' ? mapping.nextFollowUp : null;
  const stage = schemaOf(mapping.stage);
  const stageType = stage?.type === 'status' || stage?.type === 'select' ? stage.type : null;
  if (!dateId && !(stage && stageType)) return null;
  const nameOf = (id: string) => schemaOf(id)?.name ?? snapshot.page?.propertyNames[id] ?? id;
  const shapeOf = (id: string) => readProperty(snapshot.properties[id] ?? null, schemaOf(id) as SchemaProperty);
  const current = dateId ? shapeOf(dateId) : null;
  const currentDate = current?.type === 'date' ? (current.value?.start.slice(0, 10) ?? '') : '';
  const setDate = (start: string) =>
    dateId && start && onSave(dateId, nameOf(dateId), { type: 'date', value: { start, end: null, timeZone: null } });
  const currentStage = stage ? shapeOf(stage.id) : null;
  const stageName = currentStage?.type === stageType ? currentStage.value : null;

  return (
    <section className="follow-up" aria-label="Follow-up">
      {dateId && (
        <>
          <h2 id="follow-up-date">
            {nameOf(dateId)}: {currentDate || 'none'}
          </h2>
          <div className="choices" role="group" aria-labelledby="follow-up-date">
            {QUICK_FOLLOW_UPS.map(({ choice, label }) => (
              <button key={choice} type="button" onClick={() => setDate(quickFollowUpDate(choice, new Date()))}>
                {label}
              </button>
            ))}
            <label>
              A date <input type="date" value={currentDate} onChange={(event) => setDate(event.target.value)} />
            </label>
          </div>
        </>
      )}
      {stage && stageType && (
        <>
          <h2 id="follow-up-stage">{stage.name}</h2>
          <div className="choices" role="group" aria-labelledby="follow-up-stage">
            {optionsOf(stage, stageType).map((option) => (
              <button
                key={option.id ?? option.name}
                type="button"
                className="chip-button"
                aria-pressed={stageName === option.name}
                onClick={() =>
                  stageName !== option.name && onSave(stage.id, stage.name, { type: stageType, value: option.name })
                }
              >
                <OptionChip name={option.name} color={option.color} />
              </button>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
