/**
 * The admin screens' layout (spec 2 §2): a home link and the environment badge above the
 * screen; the log screens (`inLogs`) also link back to the dashboard.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { routes } from '../../domain/routing/routes.ts';
import { EnvironmentBadge } from './EnvironmentBadge.tsx';
import './admin.css';

export function AdminFrame({ title, inLogs, children }: { title: string; inLogs?: true; children: ReactNode }) {
  return (
    <main className="screen admin-screen">
      <nav className="admin-bar" aria-label="Admin">
        <Link to={routes.root()}>Home</Link>
        {inLogs && <Link to={routes.admin()}>Admin Dashboard</Link>}
        <EnvironmentBadge />
      </nav>
      <h1>{title}</h1>
      {children}
    </main>
  );
}
