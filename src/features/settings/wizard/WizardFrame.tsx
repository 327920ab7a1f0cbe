/** The wizard's frame (spec 1 §2): banner 'New Notion setting' and the step out of 4. */
import type { ReactNode } from 'react';

export const WIZARD_STEPS = 4;

export function WizardFrame({ step, title, children }: { step: number; title: string; children: ReactNode }) {
  return (
    <main className="screen wizard">
      <div className="wizard-banner" role="banner" aria-label="Wizard">
        <strong>New Notion setting</strong>
        <span className="hint">
          Step {step} of {WIZARD_STEPS}
        </span>
      </div>
      <h1>{title}</h1>
      {children}
    </main>
  );
}
