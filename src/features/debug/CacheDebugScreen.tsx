/**
 * /cache-debug (spec 2 §2, issue 20): what Sidenote keeps in this browser, for support people
 * and power users — the cached active setting with the spec's French labels, the outbox with
 * Retry, Discard and Export, every IndexedDB table, cache ages against their TTLs, the storage
 * figures and the service worker — and an export of the whole local state, keys and tokens
 * redacted, to attach to a support ticket.
 */
import { useState } from 'react';
import { db } from '../../data/db/schema.ts';
import { exportLocalState } from '../../data/debug/localState.ts';
import { Button } from '../../ui/Button.tsx';
import { useSession } from '../auth/session.tsx';
import { BrowserStateSection } from './BrowserStateSection.tsx';
import { CachedSettingSection } from './CachedSettingSection.tsx';
import { downloadJson, exportName } from './download.ts';
import { LocalTablesSection } from './LocalTablesSection.tsx';
import { OutboxDebugSection } from './OutboxDebugSection.tsx';
import { useCacheDebugData } from './useCacheDebugData.ts';
import './cacheDebug.css';

const loading = <p aria-busy="true">Loading…</p>;

export function CacheDebugScreen() {
  const authId = useSession().session?.user.id;
  const { now, local, activeSetting, entries, browser } = useCacheDebugData(authId);
  const [exported, setExported] = useState('');
  const exportAll = async () => {
    downloadJson(exportName('local-state'), await exportLocalState(authId));
    setExported('Local state exported, keys and tokens redacted.');
  };
  return (
    <main className="screen cache-debug">
      <h1>Cache debug</h1>
      <p className="debug-actions">
        <Button variant="primary" onPress={() => void exportAll()}>
          Export local state
        </Button>
        <span role="status">{exported}</span>
      </p>
      {activeSetting === undefined ? (
        loading
      ) : (
        <CachedSettingSection cached={activeSetting ?? undefined} databaseName={db.name} now={now} />
      )}
      {entries === undefined || !authId ? loading : <OutboxDebugSection authId={authId} entries={entries} now={now} />}
      {local === undefined ? loading : <LocalTablesSection state={local} />}
      {browser === undefined ? loading : <BrowserStateSection state={browser} />}
    </main>
  );
}
