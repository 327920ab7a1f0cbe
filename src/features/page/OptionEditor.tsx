/**
 * The select, status and multi-select editor (spec 2 §3, §5): the schema's options as chips in
 * their colours, chosen at once (saved through `onSave`); a new select or multi-select option
 * offered by the spec's rule (status never); a select or multi-select option deleted after
 * confirmation (OptionDelete.tsx) — status options cannot be changed through Notion's API.
 * Escape or Done closes it; after a delete, focus goes to Done (the option's row is gone).
 */
import { useRef, useState } from 'react';
import type { PropertyShape } from '../../data/notion/codecs/index.ts';
import { canCreateOption } from '../../domain/notion/optionRules.ts';
import { canDeleteOption, optionsOf } from '../../domain/notion/schemaOptions.ts';
import { OptionChip } from './OptionChip.tsx';
import { OptionDelete, type OptionStatus } from './OptionDelete.tsx';
import type { EditorProps } from './editorProps.ts';

/** The names chosen in an option shape. */
const chosenIn = (shape: PropertyShape): string[] =>
  shape.type === 'multi_select'
    ? shape.value
    : (shape.type === 'select' || shape.type === 'status') && shape.value
      ? [shape.value]
      : [];

export function OptionEditor({ name, shape, schema, place, onSave, onClose }: EditorProps) {
  const [typed, setTyped] = useState('');
  // what the user chose while the editor is open (the snapshot catches up a moment later)
  const [chosen, setChosen] = useState(() => chosenIn(shape));
  const [status, setStatus] = useState<OptionStatus | null>(null);
  const done = useRef<HTMLButtonElement>(null);
  if (shape.type !== 'select' && shape.type !== 'status' && shape.type !== 'multi_select') return null;
  const type = shape.type;
  const options = optionsOf(schema, type);
  const names = options.map((option) => option.name);
  const colorOf = (option: string) => options.find((o) => o.name === option)?.color;
  const choose = (option: string | null) => {
    if (type === 'multi_select') {
      const next =
        option === null ? [] : chosen.includes(option) ? chosen.filter((n) => n !== option) : [...chosen, option];
      setChosen(next);
      onSave({ type, value: next });
    } else {
      setChosen(option === null ? [] : [option]);
      onSave({ type, value: option });
    }
  };
  const deleted = (option: string) => {
    // Notion took it off every page, this one too: nothing to save
    setChosen((current) => current.filter((n) => n !== option));
    done.current?.focus();
  };
  const { dataSourceId } = place;
  const creatable = canCreateOption({ type, typed, options: names, chosen });
  return (
    <div role="group" aria-label={name} onKeyDown={(event) => event.key === 'Escape' && onClose()}>
      <ul className="option-list">
        {[...new Set([...names, ...chosen])].map((option) => (
          <li key={option}>
            <label>
              <input
                type={type === 'multi_select' ? 'checkbox' : 'radio'}
                name={name}
                checked={chosen.includes(option)}
                onChange={() => choose(option)}
              />{' '}
              <OptionChip name={option} color={colorOf(option)} />
            </label>
            {canDeleteOption(type) && dataSourceId && names.includes(option) && (
              <OptionDelete
                option={option}
                property={name}
                type={type}
                place={{ ...place, dataSourceId }}
                onStatus={setStatus}
                onDeleted={deleted}
              />
            )}
          </li>
        ))}
      </ul>
      {type !== 'status' && (
        <form
          className="row"
          onSubmit={(event) => {
            event.preventDefault();
            if (!creatable) return;
            choose(typed.trim());
            setTyped('');
          }}
        >
          <input aria-label={`New ${name} option`} value={typed} onChange={(event) => setTyped(event.target.value)} />
          <button type="submit" disabled={!creatable}>
            Create
          </button>
        </form>
      )}
      <p className="row">
        {type !== 'multi_select' && chosen.length > 0 && (
          <button type="button" onClick={() => choose(null)}>
            Clear
          </button>
        )}
        <button ref={done} type="button" onClick={onClose}>
          Done
        </button>
      </p>
      <p className="option-status" role="status">
        {status?.tone === 'info' && status.text}
      </p>
      {status?.tone === 'error' && (
        <p className="field-error" role="alert">
          {status.text}
        </p>
      )}
    </div>
  );
}
