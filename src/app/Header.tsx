/**
 * The app header (spec 2 §2): none on the auth pages; a back button on /profile, /account and
 * the settings flow ('Exit Notion settings' there, 'Back' elsewhere; leaving the settings
 * flow goes through GoBackFromSettings, and is disabled there while no setting is active; on
 * /account after the provider's checkout or portal it leads to MissingContext, spec 2 §4);
 * the active setting and its dropdown; in debug mode
 * the info button with the setting-details modal; on NotionProfile the tune button; for a user
 * granted debug mode (issue 20) the debug toggle and, in debug mode, the DEV badge and the two
 * diagnostic toggles; the user menu; and the outbox's counts (pending, failed) with its panel.
 */
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { backAfterPayment } from '../domain/billing/checkoutReturn.ts';
import { headerPlan } from '../domain/routing/routeAccess.ts';
import { clearRedirectedToStripe, storedRedirectedToStripe } from '../data/local/redirectedToStripe.ts';
import { routes } from '../domain/routing/routes.ts';
import { useDebugMode } from '../features/debug/useDebugMode.ts';
import { useActiveSetting } from '../features/settings/useSettingsData.ts';
import { PRODUCT_NAME } from '../domain/product.ts';
import { useSession } from '../features/auth/session.tsx';
import { OutboxStatus } from '../features/outbox/OutboxStatus.tsx';
import { SettingSwitcher } from './SettingSwitcher.tsx';
import { showsTuneButton, TuneButton } from './TuneButton.tsx';
import { UserMenu } from './UserMenu.tsx';
import { lazyPart } from '../ui/lazyPart.tsx';

// Debug mode's parts: their own chunks (none is on the capture path of a user without the grant).
const DevBadge = lazyPart(
  () => import('../features/debug/DevBadge.tsx'),
  (m) => m.DevBadge,
);
// While it downloads, a hidden box of its button's size holds its place: the header does not
// shift, and the debug toggle beside it does not move under a pointer on its way to it.
const DiagnosticsMenu = lazyPart(
  () => import('../features/debug/DiagnosticsMenu.tsx'),
  (m) => m.DiagnosticsMenu,
  <span className="button ghost icon-button header-placeholder" aria-hidden="true">
    ⚙
  </span>,
);
// The due follow-ups' count (issue 36): its own chunk, off the capture path.
const FollowUpsBadge = lazyPart(
  () => import('../features/followUps/FollowUpsBadge.tsx'),
  (m) => m.FollowUpsBadge,
);
const SettingInfoModal = lazyPart(
  () => import('./SettingInfoModal.tsx'),
  (m) => m.SettingInfoModal,
);

export const SETUP_INCOMPLETE = `Setup incomplete: Notion configuration must be finished to use ${PRODUCT_NAME}`;

export function Header() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { session } = useSession();
  const { debug, granted, toggle } = useDebugMode();
  const [info, setInfo] = useState(false);
  const authId = session?.user.id;
  const active = useActiveSetting(authId);
  const plan = headerPlan(pathname);
  if (!plan.visible || !session || !authId) return null;
  const inSettingsFlow = plan.backLabel === 'Exit Notion settings';
  // In the settings flow with no active setting there is nowhere to go back to (spec 2 §4).
  const blocked = inSettingsFlow && active === null;
  const back = () => {
    // After the provider's checkout or portal, the history behind /account is theirs (spec 2 §4).
    const afterPayment = backAfterPayment(pathname, storedRedirectedToStripe());
    if (afterPayment) {
      clearRedirectedToStripe();
      return navigate(afterPayment.to);
    }
    return inSettingsFlow ? navigate(routes.goBackSettings()) : navigate(-1);
  };
  // One line at 320 px: the back button and the debug toggle show a glyph, their names stay whole.
  return (
    <header className="app-header">
      {plan.backLabel && (
        <button
          type="button"
          className="back-button ghost icon-button"
          onClick={back}
          disabled={blocked}
          title={blocked ? SETUP_INCOMPLETE : plan.backLabel}
        >
          ←<span className="visually-hidden"> {plan.backLabel}</span>
        </button>
      )}
      <span className="brand">{PRODUCT_NAME}</span>
      <SettingSwitcher authId={authId} />
      <OutboxStatus authId={authId} />
      <FollowUpsBadge authId={authId} />
      {debug && (
        <button
          type="button"
          className="ghost icon-button"
          aria-label="Setting details"
          title="Setting details"
          onClick={() => setInfo(true)}
        >
          ⓘ
        </button>
      )}
      {showsTuneButton(pathname) && <TuneButton />}
      {debug && <DevBadge authId={authId} />}
      {granted && (
        <button
          type="button"
          aria-pressed={debug}
          aria-label="Debug mode"
          title="Debug mode"
          className="ghost icon-button"
          onClick={toggle}
        >
          {'{ }'}
        </button>
      )}
      {debug && <DiagnosticsMenu />}
      <UserMenu email={session.user.email ?? ''} />
      {info && <SettingInfoModal authId={authId} onClose={() => setInfo(false)} />}
    </header>
  );
}
