/**
 * The edits that need the user (issue 15): failed ones with the spec's text, Retry and Discard
 * (confirmed first: a discarded edit never reaches Notion), and conflicts showing Notion's
 * value beside ours with "Keep mine" and "Take theirs". Each entry is a `data-outbox-entry`
 * item, for where focus goes once a choice takes it away (useFocusAfterChoice, in OutboxStatus).
 */
import type { Ref } from 'react';
import { keepMine, takeTheirs } from '../../data/outbox/conflicts.ts';
import type { OutboxEntry } from '../../data/outbox/entry.ts';
import { discardEntry, retryEntry, type FailedEntry } from '../../data/outbox/queries.ts';
import { valueText } from '../../domain/notion/valueText.ts';
import { Button } from '../../ui/Button.tsx';
import { DiscardEntryButton, entryName, useOutboxChoice } from './entryChoices.tsx';
import type { ChoiceStarts } from './useFocusAfterChoice.ts';

interface Props {
  ref: Ref<HTMLElement>;
  id: string;
  authId: string;
  failed: FailedEntry[];
  conflicts: OutboxEntry[];
  onChoice: ChoiceStarts;
}

interface ItemProps<E> {
  authId: string;
  entry: E;
  onChoice: ChoiceStarts;
}

function FailedItem({ authId, entry, onChoice }: ItemProps<FailedEntry>) {
  const { item, error, run } = useOutboxChoice(onChoice);
  return (
    <li ref={item} data-outbox-entry>
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

function ConflictItem({ authId, entry, onChoice }: ItemProps<OutboxEntry>) {
  const { item, error, run } = useOutboxChoice(onChoice);
  return (
    <li ref={item} data-outbox-entry>
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

export function OutboxPanel({ ref, id, authId, failed, conflicts, onChoice }: Props) {
  return (
    <section ref={ref} id={id} className="outbox-panel" aria-label="Changes that did not reach Notion">
      {conflicts.length > 0 && (
        <>
          <h2>Changed in Notion meanwhile</h2>
          <ul>
            {conflicts.map((entry) => (
              <ConflictItem key={entry.id} authId={authId} entry={entry} onChoice={onChoice} />
            ))}
          </ul>
        </>
      )}
      {failed.length > 0 && (
        <>
          <h2>Could not be saved</h2>
          <ul>
            {failed.map((entry) => (
              <FailedItem key={entry.id} authId={authId} entry={entry} onChoice={onChoice} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
