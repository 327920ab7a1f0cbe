/**
 * The blocker Root shows in place of NewProfile (and of any other destination) while the
 * team's subscription is not active, or the user has no team (spec 2 §2 Root, NewProfile; §4
 * "Subscription gate"): no check, no Add, and the only way on is the account screen.
 */
import { Link } from 'react-router-dom';
import { SUBSCRIPTION_INACTIVE } from '../../domain/capture/subscriptionGate.ts';
import { routes } from '../../domain/routing/routes.ts';

export function SubscriptionBlocker() {
  return (
    <main className="screen narrow">
      <section role="alert" aria-label={SUBSCRIPTION_INACTIVE}>
        <h1 className="lead">{SUBSCRIPTION_INACTIVE}</h1>
        <p>
          <Link to={routes.account()}>Go to your account</Link>
        </p>
      </section>
    </main>
  );
}
