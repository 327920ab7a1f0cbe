/**
 * The frame around every route: header, the routed screen, the backend status line, and the
 * app-wide effects (settings origin, active-setting restore, extension navigation).
 */
import { Outlet } from 'react-router-dom';
import { useExtensionNavigation } from '../features/capture/useExtensionNavigation.ts';
import { BackendStatus } from './BackendStatus.tsx';
import { Header } from './Header.tsx';
import { useActiveSettingRestore } from './useActiveSettingRestore.ts';
import { useSettingsOrigin } from './useSettingsOrigin.ts';

export function Layout() {
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
