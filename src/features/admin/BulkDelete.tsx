/**
 * Deleting the selected users (spec 2 §5, §8): 'No users selected' when there are none; else a
 * confirmation, then — the button busy meanwhile — one outcome per user (the server's message
 * or the spec's default) and the summary 'Successfully deleted N of M selected users'. The
 * outcomes take focus when they arrive, so the admin reads them where they are. The dialog
 * closes before the run: a busy button that disappears would leave React Aria's announcement
 * pointing at nothing (axe: role-img-alt).
 */
import { useEffect, useRef, useState } from 'react';
import { textOf } from '../../data/errors/result.ts';
import { adminTexts, deletionSummary } from '../../domain/admin/adminTexts.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { ErrorMessage } from '../../ui/ErrorMessage.tsx';
import { deleteUsers, type DeletionOutcome } from './actions.ts';

export interface BulkDeleteProps {
  selected: ReadonlySet<string>;
  /** After a run: the deleted users leave the selection and the search is read again. */
  onDeleted: () => void;
}

export function BulkDelete({ selected, onDeleted }: BulkDeleteProps) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [outcomes, setOutcomes] = useState<DeletionOutcome[] | null>(null);
  const report = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcomes) report.current?.focus();
  }, [outcomes]);

  const start = () => {
    setOutcomes(null);
    if (selected.size === 0) return setError(adminTexts.noUsersSelected);
    setError(null);
    setConfirming(true);
  };
  const run = async () => {
    setConfirming(false);
    setBusy(true);
    const done = await deleteUsers([...selected]);
    setBusy(false);
    if (!done.ok) return setError(textOf('deleteUsers', done.error));
    setOutcomes(done.value);
    onDeleted();
  };

  const deleted = outcomes?.filter((outcome) => outcome.deleted).length ?? 0;
  return (
    <section aria-label="Delete users">
      <Button variant="danger" busy={busy} onPress={start}>
        Delete selected ({selected.size})
      </Button>
      <ErrorMessage message={error} />
      {outcomes && (
        <div ref={report} tabIndex={-1} role="status" data-testid="deletion-report">
          <p>{deletionSummary(deleted, outcomes.length)}</p>
          <ul className="deletion-outcomes">
            {outcomes.map((outcome) => (
              <li key={outcome.email} data-deleted={outcome.deleted}>
                {outcome.email}: {outcome.text}
              </li>
            ))}
          </ul>
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          title={`Delete ${selected.size} selected users?`}
          confirmLabel="Delete"
          onConfirm={() => void run()}
          onCancel={() => setConfirming(false)}
        >
          <p>Their accounts, profiles, settings, avatars and the teams and workspaces only they use are deleted.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
