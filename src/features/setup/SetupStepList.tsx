/**
 * The setup overlay's debug list (spec 2 §2): the seven steps, each marked done once the
 * profile has reached its state (src/domain/billing/profileStates.ts).
 */
import { setupSteps } from '../../domain/billing/profileStates.ts';

export function SetupStepList({ profileState }: { profileState: string | null }) {
  return (
    <ol className="setup-steps" aria-label="Setup steps">
      {setupSteps(profileState).map(({ label, done }) => (
        <li key={label} data-done={done}>
          <span className="setup-step-mark" aria-hidden="true">
            {done ? '✓' : '○'}
          </span>
          <span>
            {label}
            <span className="visually-hidden">{done ? ', done' : ', not done yet'}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
