/**
 * The router: every route of the table (src/domain/routing/routes.ts) with its guard and its
 * screen. The capture path — Root, which is also NewProfile — is in the entry chunk; every
 * other screen is a lazy chunk, behind an accessible 'Loading…' while it downloads. Once the
 * first screen has rendered, the other chunks are fetched while the browser is idle, so later
 * navigation (and navigation offline, before the service worker has cached them) does not
 * wait; a chunk that still fails shows ScreenLoadBoundary. Unknown paths show NotLinkedIn.
 */
import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { prefetchLazyParts } from '../ui/lazyPart.tsx';
import { idParamPattern, ROUTE_IDS, ROUTES, type RouteId } from '../domain/routing/routes.ts';
import { RootScreen } from '../features/capture/RootScreen.tsx';
import { Guard } from './guards.tsx';
import { Layout } from './Layout.tsx';
import { ScreenLoadBoundary, ScreenLoadError } from './ScreenLoadBoundary.tsx';
import { SubscriptionGate } from './SubscriptionGate.tsx';

const chunkLoaders: (() => Promise<unknown>)[] = [];

/** A screen in its own chunk, picked from its module once the module has loaded. */
function lazyScreen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ComponentType {
  chunkLoaders.push(load);
  return lazy(() =>
    load().then(
      (module) => ({ default: pick(module) }),
      (error: unknown) => Promise.reject(new ScreenLoadError(error)),
    ),
  );
}

/**
 * Fetches every lazy chunk — the screens and the lazy parts (src/ui/lazyPart.tsx) — once the
 * browser is idle; a failure is left to the screen or part that needs it.
 */
function usePrefetchScreens(): void {
  useEffect(() => {
    const prefetch = () => {
      chunkLoaders.forEach((load) => void load().catch(() => undefined));
      prefetchLazyParts();
    };
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(prefetch);
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(prefetch, 1);
    return () => clearTimeout(timer);
  }, []);
}

const settingsList = () => import('../features/settings/SettingsListScreen.tsx');
const notLinkedIn = lazyScreen(
  () => import('../features/context/NotLinkedInScreen.tsx'),
  (m) => m.NotLinkedInScreen,
);

const SCREENS: Record<RouteId, ComponentType> = {
  root: RootScreen,
  login: lazyScreen(
    () => import('../features/auth/LoginScreen.tsx'),
    (m) => m.LoginScreen,
  ),
  register: lazyScreen(
    () => import('../features/auth/RegisterScreen.tsx'),
    (m) => m.RegisterScreen,
  ),
  resetPassword: lazyScreen(
    () => import('../features/auth/ResetPasswordScreen.tsx'),
    (m) => m.ResetPasswordScreen,
  ),
  updatePassword: lazyScreen(
    () => import('../features/auth/UpdatePasswordScreen.tsx'),
    (m) => m.UpdatePasswordScreen,
  ),
  authCallback: lazyScreen(
    () => import('../features/auth/AuthCallbackScreen.tsx'),
    (m) => m.AuthCallbackScreen,
  ),
  profile: lazyScreen(
    () => import('../features/profile/ProfileScreen.tsx'),
    (m) => m.ProfileScreen,
  ),
  account: lazyScreen(
    () => import('../features/account/AccountScreen.tsx'),
    (m) => m.AccountScreen,
  ),
  notionSettings: lazyScreen(settingsList, (m) => m.SettingsListScreen),
  goBackSettings: lazyScreen(settingsList, ({ SettingsListScreen }) => () => <SettingsListScreen goBack />),
  selectWorkspace: lazyScreen(
    () => import('../features/settings/wizard/SelectWorkspaceScreen.tsx'),
    (m) => m.SelectWorkspaceScreen,
  ),
  selectDatabase: lazyScreen(
    () => import('../features/settings/wizard/SelectDatabaseScreen.tsx'),
    (m) => m.SelectDatabaseScreen,
  ),
  linkedinMapping: lazyScreen(
    () => import('../features/settings/wizard/MappingScreen.tsx'),
    (m) => m.MappingScreen,
  ),
  completion: lazyScreen(
    () => import('../features/settings/wizard/CompletionScreen.tsx'),
    (m) => m.CompletionScreen,
  ),
  missingContext: lazyScreen(
    () => import('../features/context/MissingContextScreen.tsx'),
    (m) => m.MissingContextScreen,
  ),
  notLinkedIn,
  unusedLinkedIn: lazyScreen(
    () => import('../features/context/UnusedLinkedInScreen.tsx'),
    (m) => m.UnusedLinkedInScreen,
  ),
  firstVisit: lazyScreen(
    () => import('../features/context/FirstVisitScreen.tsx'),
    (m) => m.FirstVisitScreen,
  ),
  notionProfile: lazyScreen(
    () => import('../features/page/NotionProfileScreen.tsx'),
    (m) => m.NotionProfileScreen,
  ),
  followUps: lazyScreen(
    () => import('../features/followUps/FollowUpsScreen.tsx'),
    (m) => m.FollowUpsScreen,
  ),
  cacheDebug: lazyScreen(
    () => import('../features/debug/CacheDebugScreen.tsx'),
    (m) => m.CacheDebugScreen,
  ),
  linkedinApiTest: lazyScreen(
    () => import('../features/testScreens/LinkedInApiTestScreen.tsx'),
    (m) => m.LinkedInApiTestScreen,
  ),
  linkedinApiSecurityTest: lazyScreen(
    () => import('../features/testScreens/SecurityTestScreen.tsx'),
    (m) => m.SecurityTestScreen,
  ),
  numberFormatTest: lazyScreen(
    () => import('../features/testScreens/NumberFormatTestScreen.tsx'),
    (m) => m.NumberFormatTestScreen,
  ),
  stripeTest: lazyScreen(
    () => import('../features/testScreens/StripeTestScreen.tsx'),
    (m) => m.StripeTestScreen,
  ),
  admin: lazyScreen(
    () => import('../features/admin/AdminDashboardScreen.tsx'),
    (m) => m.AdminDashboardScreen,
  ),
  stripeSyncLogs: lazyScreen(
    () => import('../features/admin/StripeSyncLogsScreen.tsx'),
    (m) => m.StripeSyncLogsScreen,
  ),
  dailyQuotaResetLog: lazyScreen(
    () => import('../features/admin/QuotaResetLogScreen.tsx'),
    (m) => m.QuotaResetLogScreen,
  ),
};

const loading = <p aria-busy="true">Loading…</p>;

function GuardedScreen({ id }: { id: RouteId | null }) {
  const { pathname } = useLocation();
  const { access, signedOut } = id ? ROUTES[id] : ROUTES.notLinkedIn;
  const Screen = id ? SCREENS[id] : notLinkedIn;
  return (
    <Guard access={access} signedOut={signedOut}>
      <SubscriptionGate route={id}>
        <ScreenLoadBoundary path={pathname}>
          <Suspense fallback={loading}>
            <Screen />
          </Suspense>
        </ScreenLoadBoundary>
      </SubscriptionGate>
    </Guard>
  );
}

export function AppRoutes() {
  usePrefetchScreens();
  return (
    <Routes>
      <Route element={<Layout />}>
        {ROUTE_IDS.map((id) => (
          <Route key={id} path={ROUTES[id].path} element={<GuardedScreen id={id} />} />
        ))}
        {ROUTE_IDS.filter((id) => ROUTES[id].idParam).map((id) => (
          <Route key={`${id}:id`} path={idParamPattern(ROUTES[id])} element={<GuardedScreen id={id} />} />
        ))}
        <Route path="*" element={<GuardedScreen id={null} />} />
      </Route>
    </Routes>
  );
}
