/**
 * The wizard's frame (spec 1 §2): banner 'New Notion setting' and the step out of 4. A visual
 * banner only: the page's one banner landmark is the app header.
 */
import type { ReactNode } from 'react';

export const WIZARD_STEPS = 4;

export function WizardFrame({ step, title, children }: { step: number; title: string; children: ReactNode }) {
  return (
    <main className="screen wizard">
      <div className="wizard-banner">
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
