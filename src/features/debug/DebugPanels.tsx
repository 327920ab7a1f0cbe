/**
 * The global debug panels (spec 2 §2 "Debug panels", §6; issue 20): on every signed-in screen
 * in debug mode with the header's "Diagnostics" toggle on — the extension's tab URL against
 * the route's `url` query, environment, viewport, route and extension facts, and the actions
 * (DebugActions). The message log shows below with its own toggle. Its own chunk: the layout
 * loads it in debug mode only, and records the message log for a granted user itself.
 */
import { useLocation } from 'react-router-dom';
import { compareUrls } from '../../domain/debug/diagnostics.ts';
import { routeOf } from '../../domain/routing/routes.ts';
import { useSession } from '../auth/session.tsx';
import { DebugActions } from './DebugActions.tsx';
import { buildEnvironment } from './environment.ts';
import { MessageLogPanel } from './MessageLogPanel.tsx';
import { useMessageLog } from './messageLogStore.ts';
import { useDebugMode } from './useDebugMode.ts';
import { useDiagnosticToggle } from './useDiagnosticToggle.ts';
import { useTabUrl, type TabUrlState } from './useTabUrl.ts';
import { useViewport } from './useViewport.ts';
import './debugPanels.css';

const tabUrlText = (state: TabUrlState): string =>
  state.status === 'asking'
    ? 'Asking the extension…'
    : state.status === 'failed'
      ? state.message
      : (state.url ?? 'no tab URL');

function Fact({ label, value, id }: { label: string; value: string; id: string }) {
  return (
    <div className="detail-row">
      <dt>{label}</dt>
      <dd data-fact={id}>{value}</dd>
    </div>
  );
}

function Panels({ authId }: { authId: string }) {
  const { pathname, search } = useLocation();
  const [tab, askAgain] = useTabUrl(pathname + search);
  const viewport = useViewport();
  const log = useMessageLog();
  const lastIn = log.find((entry) => entry.direction === 'in');
  const routeUrl = new URLSearchParams(search).get('url');
  const tabUrl = tab.status === 'answered' ? tab.url : null;
  const comparison = tab.status === 'asking' ? '…' : compareUrls(tabUrl, routeUrl);
  const extensionOrigin = lastIn?.accepted ? lastIn.origin : null;
  const facts = {
    tab: { tabUrl: tabUrlText(tab), routeUrl: routeUrl ?? 'none', comparison },
    environment: buildEnvironment,
    viewport,
    route: { path: pathname, id: routeOf(pathname) ?? 'unknown' },
    extension: {
      originsConfigured: buildEnvironment.extensionOrigins,
      lastMessage: lastIn
        ? `${lastIn.type} (${lastIn.accepted ? 'accepted' : 'rejected'}) at ${new Date(lastIn.at).toISOString()}`
        : 'none yet',
      connectedOrigin: extensionOrigin ?? 'unknown',
    },
  };
  return (
    <section className="debug-panels" aria-labelledby="debug-panels-title" data-testid="debug-panels">
      <h2 id="debug-panels-title">Diagnostics</h2>
      <h3>Extension tab</h3>
      <dl className="debug-facts">
        <Fact id="tab-url" label="Tab URL" value={facts.tab.tabUrl} />
        <Fact id="route-url" label="Route url" value={facts.tab.routeUrl} />
        <Fact id="url-comparison" label="Comparison" value={facts.tab.comparison} />
      </dl>
      <h3>Environment</h3>
      <dl className="debug-facts">
        <Fact id="mode" label="Mode" value={buildEnvironment.mode} />
        <Fact id="backend" label="Backend" value={buildEnvironment.backendHost} />
        <Fact id="version" label="Version" value={buildEnvironment.version} />
        <Fact id="viewport" label="Viewport" value={viewport} />
      </dl>
      <h3>Route</h3>
      <dl className="debug-facts">
        <Fact id="route-path" label="Path" value={facts.route.path} />
        <Fact id="route-id" label="Route id" value={facts.route.id} />
      </dl>
      <h3>Extension</h3>
      <dl className="debug-facts">
        <Fact id="extension-origins" label="Origins configured" value={facts.extension.originsConfigured} />
        <Fact id="last-message" label="Last message" value={facts.extension.lastMessage} />
      </dl>
      <DebugActions authId={authId} diagnostics={facts} onTestMessage={askAgain} />
    </section>
  );
}

export function DebugPanels() {
  const authId = useSession().session?.user.id;
  const { debug } = useDebugMode();
  const [diagnostics] = useDiagnosticToggle('diagnostics');
  const [messageLog] = useDiagnosticToggle('messageLog');
  if (!authId || !debug) return null;
  return (
    <>
      {diagnostics && <Panels authId={authId} />}
      {messageLog && <MessageLogPanel />}
    </>
  );
}
