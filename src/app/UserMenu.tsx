/**
 * The avatar button and its menu (spec 1 §2, spec 2 §2): initial, e-mail, links, Log out.
 * The menu pattern (src/ui/Menu): Enter or ArrowDown opens it, arrow keys move, Escape closes.
 */
import { useNavigate } from 'react-router-dom';
import { emailInitial } from '../domain/routing/routeAccess.ts';
import { routes } from '../domain/routing/routes.ts';
import { signOutAndReload } from '../features/auth/actions.ts';
import { Menu } from '../ui/Menu.tsx';

export function UserMenu({ email }: { email: string }) {
  const navigate = useNavigate();
  const initial = emailInitial(email);
  const identity = (
    <span className="menu-identity">
      <span className="avatar-badge" aria-hidden="true">
        {initial}
      </span>
      <span className="menu-email">{email}</span>
    </span>
  );
  const items = [
    { label: 'Notion Settings', onAction: () => navigate(routes.notionSettings()) },
    { label: 'Account', onAction: () => navigate(routes.account()) },
    { label: 'Profile', onAction: () => navigate(routes.profile()) },
    { label: 'Log out', onAction: () => void signOutAndReload(() => navigate(routes.login(), { replace: true })) },
  ];
  return <Menu label="User menu" trigger={initial} triggerClassName="avatar-button" header={identity} items={items} />;
}
