import { Link } from 'react-router-dom';
import { routes } from '../../domain/routing/routes.ts';

/** A signed-out visit to the profile or wizard screens (spec 1 §2). */
export function NotLoggedIn() {
  return (
    <main className="screen narrow">
      <h1>Not logged in</h1>
      <p>You must be logged in to access this page.</p>
      <Link className="button primary" to={routes.login()}>
        Log in
      </Link>
    </main>
  );
}
