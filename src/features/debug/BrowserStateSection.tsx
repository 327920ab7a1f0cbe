/** /cache-debug's browser figures: storage estimate and persistence, the service worker. */
import { bytesText } from '../../domain/debug/debugTexts.ts';
import type { BrowserState } from '../../data/debug/browserState.ts';

const yesNo = (value: boolean | null, unknown: string) => (value === null ? unknown : value ? 'yes' : 'no');

export function BrowserStateSection({ state }: { state: BrowserState }) {
  const { storage, serviceWorker } = state;
  return (
    <section aria-labelledby="browser-heading">
      <h2 id="browser-heading">Storage and service worker</h2>
      <dl className="debug-facts" data-testid="browser-state">
        <dt>Storage used</dt>
        <dd>
          {storage.usage === null ? 'unknown' : bytesText(storage.usage)} of{' '}
          {storage.quota === null ? 'unknown' : bytesText(storage.quota)}
        </dd>
        <dt>Persistent storage</dt>
        <dd>{yesNo(storage.persisted, 'unknown')}</dd>
        <dt>Service worker</dt>
        <dd>
          {serviceWorker?.script ? (
            <>
              <code>{serviceWorker.script}</code> ({serviceWorker.state})
            </>
          ) : (
            'none'
          )}
        </dd>
        <dt>Service worker version</dt>
        <dd data-testid="worker-version">{serviceWorker?.version ?? '—'}</dd>
        <dt>Update waiting</dt>
        <dd>{serviceWorker ? yesNo(serviceWorker.updateWaiting, '') : '—'}</dd>
        <dt>Background Sync registered</dt>
        <dd>{serviceWorker ? yesNo(serviceWorker.backgroundSync, 'not supported') : '—'}</dd>
      </dl>
    </section>
  );
}
