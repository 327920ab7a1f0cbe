/**
 * /stripe-test's simulated subscription states (spec 2 §2 "active, trial, canceled, none"):
 * pick one, see what the account page would show for it (its status label, whether the
 * subscription counts as active, which action the plan card offers).
 */
import { useState } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { SIMULATED_STATES, simulatedOutcome, type SimulatedState } from '../../domain/testScreens/samplePlans.ts';

const isSimulatedState = (value: string): value is SimulatedState =>
  (SIMULATED_STATES as readonly string[]).includes(value);

export function SimulatedStates() {
  const [state, setState] = useState<SimulatedState>('active');
  const [now] = useState(() => Date.now());
  const outcome = simulatedOutcome(state, now);
  return (
    <section aria-labelledby="simulated-title">
      <h2 id="simulated-title">Simulated subscription states</h2>
      <RadioGroup
        className="test-radios"
        value={state}
        onChange={(value) => isSimulatedState(value) && setState(value)}
        orientation="horizontal"
      >
        <Label>Subscription state</Label>
        {SIMULATED_STATES.map((value) => (
          <Radio key={value} value={value} className="test-radio">
            {value}
          </Radio>
        ))}
      </RadioGroup>
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
