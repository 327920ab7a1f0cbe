/**
 * /cache-debug's outbox: every entry of the user by state — pending, in flight, failed,
 * conflicts — with its payload, attempts, next attempt and last error; Retry and Discard
 * (confirmed first: a discarded edit never reaches Notion) through the outbox's own choices
 * (src/data/outbox), and an export of the entries (redacted) as JSON. The counts line is a
 * status (read out as it changes); focus follows a choice that takes its entry away
 * (useFocusAfterChoice).
 */
import { useRef } from 'react';
import { keepMine, takeTheirs } from '../../data/outbox/conflicts.ts';
import type { OutboxEntry } from '../../data/outbox/entry.ts';
import { discardEntry, retryEntry } from '../../data/outbox/queries.ts';
import { isInFlight } from '../../data/outbox/timing.ts';
import { exportEntries } from '../../data/debug/localState.ts';
import { Button } from '../../ui/Button.tsx';
import { DiscardEntryButton, entryName, useOutboxChoice } from '../outbox/entryChoices.tsx';
import { useFocusAfterChoice, type ChoiceStarts } from '../outbox/useFocusAfterChoice.ts';
import { downloadJson, exportName } from './download.ts';

type Group = 'Pending' | 'In flight' | 'Failed' | 'Conflicts';
const GROUPS: Group[] = ['Pending', 'In flight', 'Failed', 'Conflicts'];

const groupOf = (entry: OutboxEntry, now: number): Group =>
  entry.state === 'failed'
    ? 'Failed'
    : entry.state === 'conflict'
      ? 'Conflicts'
      : isInFlight(entry, now)
        ? 'In flight'
        : 'Pending';

interface EntryProps {
  authId: string;
  entry: OutboxEntry;
  group: Group;
  onChoice: ChoiceStarts;
}

function EntryItem({ authId, entry, group, onChoice }: EntryProps) {
  const { item, error, run } = useOutboxChoice(onChoice);
  const discard = group === 'Conflicts' ? () => takeTheirs(authId, entry.id!) : () => discardEntry(authId, entry.id!);
  return (
    <li ref={item} className="outbox-entry" data-outbox-entry data-testid="outbox-entry" data-state={group}>
      <strong>{entryName(entry)}</strong>
      <dl className="debug-facts">
        <dt>Payload</dt>
        <dd>
          <code>{JSON.stringify(entry.value)}</code>
        </dd>
        <dt>Attempts</dt>
        <dd>{entry.attempts}</dd>
        <dt>Next attempt</dt>
        <dd>{group === 'Pending' ? new Date(entry.dueAt).toLocaleString('en-US') : '—'}</dd>
        <dt>Last error</dt>
        <dd>{entry.error ? `${entry.error.reason.kind}: ${entry.error.message}` : '—'}</dd>
      </dl>
      {group !== 'In flight' && (
        <p className="debug-actions">
          {group === 'Failed' && <Button onPress={() => run(() => retryEntry(authId, entry.id!))}>Retry</Button>}
          {group === 'Conflicts' && (
            <Button onPress={() => run(() => keepMine(authId, entry.id!))}>Retry with mine</Button>
          )}
          <DiscardEntryButton entry={entry} onDiscard={() => run(discard)} />
        </p>
      )}
      {error && <p role="alert">{error}</p>}
    </li>
  );
}

export function OutboxDebugSection({ authId, entries, now }: { authId: string; entries: OutboxEntry[]; now: number }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { section, choosing } = useFocusAfterChoice(() => heading.current);
  const grouped = GROUPS.map((group) => ({ group, items: entries.filter((entry) => groupOf(entry, now) === group) }));
  return (
    <section ref={section} aria-labelledby="outbox-debug-heading">
      <h2 id="outbox-debug-heading" ref={heading} tabIndex={-1}>
        Outbox
      </h2>
      <p role="status" data-testid="outbox-counts">
        {grouped.map(({ group, items }) => `${group}: ${items.length}`).join(' · ')}
      </p>
      <Button onPress={() => downloadJson(exportName('outbox'), exportEntries(entries))}>Export outbox</Button>
      {grouped
        .filter(({ items }) => items.length > 0)
        .map(({ group, items }) => (
          <section key={group} aria-label={group}>
            <h3>{group}</h3>
            <ul className="debug-list">
              {items.map((entry) => (
                <EntryItem key={entry.id} authId={authId} entry={entry} group={group} onChoice={choosing} />
              ))}
            </ul>
          </section>
        ))}
    </section>
  );
}
