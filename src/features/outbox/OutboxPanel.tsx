/**
 * The edits that need the user (issue 15): failed ones with the spec's text, Retry and Discard
 * (confirmed first: a discarded edit never reaches Notion), and conflicts showing Notion's
 * value beside ours with "Keep mine" and "Take theirs".
 */
import { useState } from 'react';
import { keepMine, takeTheirs } from '../../data/outbox/conflicts.ts';
import type { OutboxEntry } from '../../data/outbox/entry.ts';
import { discardEntry, retryEntry, type FailedEntry } from '../../data/outbox/queries.ts';
import { valueText } from '../../domain/notion/valueText.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { toAppError } from '../../data/errors/thrown.ts';
import { messageFor } from '../../domain/errors/catalogue.ts';

interface Props {
  id: string;
  authId: string;
  failed: FailedEntry[];
  conflicts: OutboxEntry[];
}

const nameOf = (entry: OutboxEntry) =>
  entry.label ? `${entry.label.property} on ${entry.label.page}` : `Property ${entry.propertyId} of a page`;

/** Runs a choice; a failure (the entry is being sent, the disk is full) is shown in words, not thrown. */
function useChoice() {
  const [error, setError] = useState<string | null>(null);
  const run = (choice: () => Promise<void>) => () => {
    setError(null);
    choice().catch((thrown: unknown) => setError(messageFor('outboxChoice', toAppError(thrown))));
  };
  return { error, run };
}

function FailedItem({ authId, entry }: { authId: string; entry: FailedEntry }) {
  const [confirming, setConfirming] = useState(false);
  const { error, run } = useChoice();
  return (
    <li>
      <strong>{nameOf(entry)}</strong>: {valueText(entry.value)}
      <p className="notice error">{entry.text}</p>
      <p>
        <Button onPress={run(() => retryEntry(authId, entry.id!))}>Retry</Button>{' '}
        <Button onPress={() => setConfirming(true)}>Discard…</Button>
      </p>
      {confirming && (
        <ConfirmDialog
          title="Discard this change?"
          confirmLabel="Discard"
          cancelLabel="Keep it"
          onConfirm={() => {
            setConfirming(false);
            run(() => discardEntry(authId, entry.id!))();
          }}
          onCancel={() => setConfirming(false)}
        >
          <p>
            {nameOf(entry)}: {valueText(entry.value)}. It will not reach Notion.
          </p>
        </ConfirmDialog>
      )}
      {error && <p role="alert">{error}</p>}
    </li>
  );
}

function ConflictItem({ authId, entry }: { authId: string; entry: OutboxEntry }) {
  const { error, run } = useChoice();
  return (
    <li>
      <strong>{nameOf(entry)}</strong> changed in Notion since you edited it.
      <dl className="conflict-values">
        <dt>In Notion</dt>
        <dd>{valueText(entry.theirs)}</dd>
        <dt>Yours</dt>
        <dd>{valueText(entry.value)}</dd>
      </dl>
      <p>
        <button type="button" onClick={run(() => keepMine(authId, entry.id!))}>
          Keep mine
        </button>{' '}
        <button type="button" onClick={run(() => takeTheirs(authId, entry.id!))}>
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
