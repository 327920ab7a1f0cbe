/** /stripe-test's simulated subscription states: what the account page would show in each. */
import { useState } from 'react';
import { SIMULATED_STATES, simulatedOutcome, type SimulatedState } from '../../domain/billing/samplePlans.ts';

export function SimulatedStates() {
  const [state, setState] = useState<SimulatedState>('active');
  const [now] = useState(() => Date.now());
  const outcome = simulatedOutcome(state, now);
  return (
    <section aria-labelledby="simulated-title">
      <h2 id="simulated-title">Simulated subscription states</h2>
      <fieldset>
        <legend>Subscription state</legend>
        {SIMULATED_STATES.map((value) => (
          <label key={value} className="test-radio">
            <input
              type="radio"
              name="simulated-state"
              value={value}
              checked={state === value}
              onChange={() => setState(value)}
            />
            {value}
          </label>
        ))}
      </fieldset>
      <dl className="test-card" data-testid="simulated-outcome" aria-live="polite">
        <div>
          <dt>Status</dt>
          <dd>{outcome.label}</dd>
        </div>
        <div>
          <dt>Active subscription</dt>
          <dd>{outcome.active ? 'Yes' : 'No'}</dd>
        </div>
        <div>
          <dt>Account page offers</dt>
          <dd>{outcome.action === 'manage' ? 'Manage Subscription' : 'Compare plans'}</dd>
        </div>
      </dl>
    </section>
  );
}
