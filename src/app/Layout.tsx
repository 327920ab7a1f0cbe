/**
 * The frame around every route: the update prompt, header, the offline banner, the routed
 * screen (the header, banner and screen behind the account-setup gate), the backend status
 * line, the toasts, and the app-wide effects (settings origin,
 * active-setting restore, extension navigation, the outbox's owner, focus on each new screen's
 * heading, the screen-viewed analytics event, the debug-mode grant read once per sign-in or app
 * start, and the extension message log's recording for a granted user), and below each
 * signed-in screen the global debug panels (debug mode with Diagnostics on, issue 20; their own
 * chunk, a lazyPart loaded in debug mode only).
 */
import { Outlet } from 'react-router-dom';
import { useSession } from '../features/auth/session.tsx';
import { useExtensionNavigation } from '../features/capture/useExtensionNavigation.ts';
import { Toaster } from '../ui/Toast.tsx';
import { OfflineBanner } from '../features/outbox/OfflineBanner.tsx';
import { useOutboxOwner } from '../features/outbox/useOutbox.ts';
import { useMessageLogRecorder } from '../features/debug/messageLogStore.ts';
import { useDebugGrantRefresh, useDebugMode } from '../features/debug/useDebugMode.ts';
import { lazyPart } from '../ui/lazyPart.tsx';
import { BackendStatus } from './BackendStatus.tsx';
import { Header } from './Header.tsx';
import { SetupGate } from './SetupGate.tsx';
import { UpdatePrompt } from './pwa/UpdatePrompt.tsx';
import { useRouteFocus } from './useRouteFocus.ts';
import { useScreenAnalytics } from './useScreenAnalytics.ts';
import { useActiveSettingRestore } from './useActiveSettingRestore.ts';
import { useSettingsOrigin } from './useSettingsOrigin.ts';

const DebugPanels = lazyPart(
  () => import('../features/debug/DebugPanels.tsx'),
  (m) => m.DebugPanels,
);

export function Layout() {
  useSettingsOrigin();
  useActiveSettingRestore();
  useExtensionNavigation();
  useRouteFocus();
  useScreenAnalytics();
  const session = useSession();
  useOutboxOwner(session);
  useDebugGrantRefresh(session.session?.user.id);
  const { debug, granted } = useDebugMode();
  useMessageLogRecorder(granted);
  return (
    <div className="app-frame">
      <UpdatePrompt />
      <SetupGate>
        <Header />
        <OfflineBanner authId={session.session?.user.id} />
        <Outlet />
        {debug && <DebugPanels />}
      </SetupGate>
      <BackendStatus />
      <Toaster />
    </div>
  );
}
