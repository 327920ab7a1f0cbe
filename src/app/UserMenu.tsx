/** The avatar button and its menu (spec 1 §2, spec 2 §2): initial, e-mail, links, Log out. */
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { emailInitial } from '../domain/routing/routeAccess.ts';
import { routes } from '../domain/routing/routes.ts';
import { signOutAndReload } from '../features/auth/actions.ts';

export function UserMenu({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);
  const initial = emailInitial(email);
  return (
    <div className="user-menu" ref={box}>
      <button
        type="button"
        className="avatar-button"
        aria-label="User menu"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {initial}
      </button>
      {open && (
        <div className="menu" role="menu">
          <div className="menu-identity">
            <span className="avatar-badge" aria-hidden="true">
              {initial}
            </span>
            <span className="menu-email">{email}</span>
          </div>
          <Link role="menuitem" to={routes.notionSettings()} onClick={() => setOpen(false)}>
            Notion Settings
          </Link>
          <Link role="menuitem" to={routes.account()} onClick={() => setOpen(false)}>
            Account
          </Link>
          <Link role="menuitem" to={routes.profile()} onClick={() => setOpen(false)}>
            Profile
          </Link>
          <button
            type="button"
            role="menuitem"
            onClick={() => void signOutAndReload(() => navigate(routes.login(), { replace: true }))}
          >
            Log out
          </button>
        </div>
      )}
    </div>
  );
}
