/**
 * The app frame: session, router and the route table of the spec (spec 1 §2, spec 2 §2).
 * Only routes whose screens exist are listed; every other path shows NotLinkedIn (auth).
 * `/notion-profile` shows the found page's title and a Notion link until the viewer lands.
 */
import type { ReactNode } from 'react';
import { BrowserRouter, Outlet, Route, Routes } from 'react-router-dom';
import { AccountScreen } from '../features/account/AccountScreen.tsx';
import { LoginScreen } from '../features/auth/LoginScreen.tsx';
import { RegisterScreen } from '../features/auth/RegisterScreen.tsx';
import { ResetPasswordScreen } from '../features/auth/ResetPasswordScreen.tsx';
import { UpdatePasswordScreen } from '../features/auth/UpdatePasswordScreen.tsx';
import { FoundProfileScreen } from '../features/capture/FoundProfileScreen.tsx';
import { RootScreen } from '../features/capture/RootScreen.tsx';
import { useExtensionNavigation } from '../features/capture/useExtensionNavigation.ts';
import { FirstVisitScreen } from '../features/context/FirstVisitScreen.tsx';
import { MissingContextScreen } from '../features/context/MissingContextScreen.tsx';
import { NotLinkedInScreen } from '../features/context/NotLinkedInScreen.tsx';
import { UnusedLinkedInScreen } from '../features/context/UnusedLinkedInScreen.tsx';
import { ProfileScreen } from '../features/profile/ProfileScreen.tsx';
import { SettingsListScreen } from '../features/settings/SettingsListScreen.tsx';
import { CompletionScreen } from '../features/settings/wizard/CompletionScreen.tsx';
import { MappingScreen } from '../features/settings/wizard/MappingScreen.tsx';
import { SelectDatabaseScreen } from '../features/settings/wizard/SelectDatabaseScreen.tsx';
import { SelectWorkspaceScreen } from '../features/settings/wizard/SelectWorkspaceScreen.tsx';
import { BackendStatus } from './BackendStatus.tsx';
import { Guard } from './guards.tsx';
import { Header } from './Header.tsx';
import { SessionProvider } from './session.tsx';
import { useActiveSettingRestore } from './useActiveSettingRestore.ts';
import { useSettingsOrigin } from './useSettingsOrigin.ts';

const wizard = (screen: ReactNode) => <Guard access="auth" signedOut="not-logged-in" children={screen} />;

function Layout() {
  useSettingsOrigin();
  useActiveSettingRestore();
  useExtensionNavigation();
  return (
    <div className="app-frame">
      <Header />
      <Outlet />
      <BackendStatus />
    </div>
  );
}

export function App() {
  return (
    <SessionProvider>
      <BrowserRouter>
        <Routes>
          <Route element={<Layout />}>
            <Route path="/login" element={<Guard access="guest" children={<LoginScreen />} />} />
            <Route path="/register" element={<Guard access="guest" children={<RegisterScreen />} />} />
            <Route path="/reset-password" element={<Guard access="guest" children={<ResetPasswordScreen />} />} />
            <Route path="/update-password" element={<Guard access="open" children={<UpdatePasswordScreen />} />} />
            <Route
              path="/profile"
              element={<Guard access="auth" signedOut="not-logged-in" children={<ProfileScreen />} />}
            />
            <Route path="/account" element={<Guard access="auth" children={<AccountScreen />} />} />
            <Route path="/notion-settings" element={<Guard access="auth" children={<SettingsListScreen />} />} />
            <Route
              path="/go-back-settings"
              element={<Guard access="auth" children={<SettingsListScreen goBack />} />}
            />
            <Route path="/new-setting/select-workspace" element={wizard(<SelectWorkspaceScreen />)} />
            <Route path="/new-setting/select-database" element={wizard(<SelectDatabaseScreen />)} />
            <Route path="/new-setting/linkedin-mapping" element={wizard(<MappingScreen />)} />
            <Route path="/new-setting/completion" element={wizard(<CompletionScreen />)} />
            <Route path="/missing-context" element={<Guard access="auth" children={<MissingContextScreen />} />} />
            <Route path="/not-linked-in" element={<Guard access="auth" children={<NotLinkedInScreen />} />} />
            <Route path="/" element={<Guard access="auth" children={<RootScreen />} />} />
            <Route path="/unused-linked-in" element={<Guard access="auth" children={<UnusedLinkedInScreen />} />} />
            <Route path="/confirmed" element={<Guard access="auth" children={<FirstVisitScreen />} />} />
            <Route path="/notion-profile" element={<Guard access="auth" children={<FoundProfileScreen />} />} />
            <Route path="*" element={<Guard access="auth" children={<NotLinkedInScreen />} />} />
          </Route>
        </Routes>
      </BrowserRouter>
    </SessionProvider>
  );
}
