/**
 * The debug panels' actions (spec 2 §2 "Debug panels"): Reload; Clear storage, confirmed in a
 * dialog that names the pending and failed edits that will be lost, this account's and any other
 * account's kept in this browser (never silently); Send test
 * message, with its outcome; Copy diagnostics, the redacted JSON on the clipboard.
 */
import { useState } from 'react';
import { clearStorageWarning } from '../../domain/debug/diagnostics.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { useOtherAccountsEdits, useOutboxState } from '../outbox/useOutbox.ts';
import { clearStorageAndSignOut, copyDiagnostics, sendTestMessage } from './actions.ts';

interface Props {
  authId: string;
  diagnostics: Record<string, unknown>;
  /** The test message was answered (or not): the tab URL is asked again too. */
  onTestMessage: () => void;
}

export function DebugActions({ authId, diagnostics, onTestMessage }: Props) {
  const { pending, failed, conflicts } = useOutboxState(authId);
  const othersEdits = useOtherAccountsEdits(authId);
  const [confirming, setConfirming] = useState(false);
  const [clearing, setClearing] = useState(false);
  const [outcome, setOutcome] = useState('');
  const [testing, setTesting] = useState(false);
  const test = async () => {
    setTesting(true);
    setOutcome(await sendTestMessage());
    setTesting(false);
    onTestMessage();
  };
  const copy = async () => {
    try {
      await copyDiagnostics(diagnostics);
      setOutcome('Diagnostics copied to the clipboard');
    } catch (error) {
      setOutcome(`Could not copy: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const clear = () => {
    setClearing(true);
    void clearStorageAndSignOut();
  };
  return (
    <>
      <div className="debug-actions">
        <Button onPress={() => window.location.reload()}>Reload</Button>
        <Button variant="danger" onPress={() => setConfirming(true)}>
          Clear storage
        </Button>
        <Button busy={testing} onPress={() => void test()}>
          Send test message
        </Button>
        <Button onPress={() => void copy()}>Copy diagnostics</Button>
      </div>
      <p role="status" className="debug-outcome" data-testid="debug-outcome">
        {outcome}
      </p>
      {confirming && (
        <ConfirmDialog
          title="Clear storage?"
          confirmLabel="Clear storage"
          busy={clearing}
          onConfirm={clear}
          onCancel={() => setConfirming(false)}
        >
          <p data-testid="clear-storage-warning">
            {clearStorageWarning(pending, failed.length + conflicts.length, othersEdits)}
          </p>
          <p>IndexedDB, local storage and the offline caches of this browser are emptied.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
