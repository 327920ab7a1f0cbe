/**
 * The edits that need the user (issue 15): failed ones with the spec's text, Retry and Discard
 * (confirmed first: a discarded edit never reaches Notion), and conflicts showing Notion's
 * value beside ours with "Keep mine" and "Take theirs".
 */
import { keepMine, takeTheirs } from '../../data/outbox/conflicts.ts';
import type { OutboxEntry } from '../../data/outbox/entry.ts';
import { discardEntry, retryEntry, type FailedEntry } from '../../data/outbox/queries.ts';
import { valueText } from '../../domain/notion/valueText.ts';
import { Button } from '../../ui/Button.tsx';
import { DiscardEntryButton, entryName, useOutboxChoice } from './entryChoices.tsx';

interface Props {
  id: string;
  authId: string;
  failed: FailedEntry[];
  conflicts: OutboxEntry[];
}

function FailedItem({ authId, entry }: { authId: string; entry: FailedEntry }) {
  const { error, run } = useOutboxChoice();
  return (
    <li>
      <strong>{entryName(entry)}</strong>: {valueText(entry.value)}
      <p className="notice error">{entry.text}</p>
      <p>
        <Button onPress={() => run(() => retryEntry(authId, entry.id!))}>Retry</Button>{' '}
        <DiscardEntryButton entry={entry} onDiscard={() => run(() => discardEntry(authId, entry.id!))} />
      </p>
      {error && <p role="alert">{error}</p>}
    </li>
  );
}

function ConflictItem({ authId, entry }: { authId: string; entry: OutboxEntry }) {
  const { error, run } = useOutboxChoice();
  return (
    <li>
      <strong>{entryName(entry)}</strong> changed in Notion since you edited it.
      <dl className="conflict-values">
        <dt>In Notion</dt>
        <dd>{valueText(entry.theirs)}</dd>
        <dt>Yours</dt>
        <dd>{valueText(entry.value)}</dd>
      </dl>
      <p>
        <button type="button" onClick={() => run(() => keepMine(authId, entry.id!))}>
          Keep mine
        </button>{' '}
        <button type="button" onClick={() => run(() => takeTheirs(authId, entry.id!))}>
          Take theirs
        </button>
      </p>
      {error && <p role="alert">{error}</p>}
    </li>
  );
}

export function OutboxPanel({ id, authId, failed, conflicts }: Props) {
  return (
    <section id={id} className="outbox-panel" aria-label="Changes that did not reach Notion">
      {conflicts.length > 0 && (
        <>
          <h2>Changed in Notion meanwhile</h2>
          <ul>
            {conflicts.map((entry) => (
              <ConflictItem key={entry.id} authId={authId} entry={entry} />
            ))}
          </ul>
        </>
      )}
      {failed.length > 0 && (
        <>
          <h2>Could not be saved</h2>
          <ul>
            {failed.map((entry) => (
              <FailedItem key={entry.id} authId={authId} entry={entry} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
