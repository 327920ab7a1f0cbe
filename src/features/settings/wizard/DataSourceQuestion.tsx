/**
 * Wizard step 2, for a database with several data sources (issue 14): which one holds the
 * contacts. A radio group (arrow keys move within it, Enter continues); it takes the focus
 * when it opens, on the preselected source. Sources used by another setting are disabled.
 */
import { useEffect, useRef, useState } from 'react';
import { DATABASE_ALREADY_USED, type DatabaseChoice } from '../../../domain/settings/databaseChoices.ts';

interface Props {
  database: DatabaseChoice;
  used: ReadonlySet<string>;
  /** The source checked at first (the edited setting's, else the first free one). */
  initial: string | undefined;
  onChoose: (dataSourceId: string) => void;
}

export function DataSourceQuestion({ database, used, initial, onChoose }: Props) {
  const [chosen, setChosen] = useState(initial);
  const focused = useRef<HTMLInputElement>(null);
  useEffect(() => focused.current?.focus(), []);
  const title = database.title || 'Untitled';

  return (
    <form
      className="data-source-question"
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen) onChoose(chosen);
      }}
    >
      <fieldset>
        <legend>Which data source of {title} holds your contacts?</legend>
        {database.dataSources.map((source) => {
          const isUsed = used.has(source.id);
          const hintId = `used-${source.id}`;
          return (
            <label key={source.id} className="data-source-choice">
              <input
                ref={source.id === initial ? focused : undefined}
                type="radio"
                name={`data-source-${database.id}`}
                value={source.id}
                checked={chosen === source.id}
                disabled={isUsed}
                aria-describedby={isUsed ? hintId : undefined}
                onChange={() => setChosen(source.id)}
              />
              <span>{source.name || 'Untitled'}</span>
              {isUsed && (
                <>
                  <span className="badge">Already used</span>
                  <span className="hint" id={hintId}>
                    {DATABASE_ALREADY_USED}
                  </span>
                </>
              )}
            </label>
          );
        })}
      </fieldset>
      <button type="submit" className="primary" disabled={!chosen}>
        Continue
      </button>
    </form>
  );
}
