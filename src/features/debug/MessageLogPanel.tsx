/**
 * The message log (issue 20): the window messages exchanged with the extension, newest first —
 * direction, type, origin, accepted or rejected, and a URL when the message has one.
 */
import { useMessageLog } from './messageLogStore.ts';

export function MessageLogPanel() {
  const log = useMessageLog();
  return (
    <section className="debug-panels message-log" aria-labelledby="message-log-title" data-testid="message-log">
      <h2 id="message-log-title">Message log</h2>
      {log.length === 0 ? (
        <p className="muted">No message exchanged with the extension yet.</p>
      ) : (
        <ol className="message-log-list">
          {log.map((entry, index) => (
            <li key={`${entry.at}-${index}`} data-accepted={entry.accepted}>
              <span className="message-direction">{entry.direction === 'in' ? '← in' : '→ out'}</span>{' '}
              <code>{entry.type}</code> <span className="message-origin">{entry.origin}</span>{' '}
              <span className={entry.accepted ? 'message-accepted' : 'message-rejected'}>
                {entry.accepted ? 'accepted' : 'rejected'}
              </span>
              {entry.url && <span className="message-url">{entry.url}</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
