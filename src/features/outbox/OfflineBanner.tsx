/**
 * The offline banner (issue 15; our wording, the spec has none): while the browser is offline,
 * how many edits will be sent once it is back. Network failures show only this, never a raw
 * error.
 */
import { useOnline, usePendingCount } from './useOutbox.ts';

export function offlineText(pending: number): string {
  if (pending === 0) return 'Offline — your changes will sync when you’re back';
  return `Offline — ${pending} ${pending === 1 ? 'change' : 'changes'} will sync when you’re back`;
}

export function OfflineBanner({ authId }: { authId: string | undefined }) {
  const online = useOnline();
  const pending = usePendingCount(authId);
  if (online) return null;
  return (
    <p className="offline-banner" role="status">
      {offlineText(pending)}
    </p>
  );
}
