/**
 * A notice across the panel (a banner): its text, in a tone, with an optional action. `info`
 * and `success` are polite (role status), `error` interrupts (role alert).
 */
import type { ReactNode } from 'react';

export type NoticeTone = 'info' | 'success' | 'warning' | 'error';

export function Notice({
  tone = 'info',
  action,
  children,
}: {
  tone?: NoticeTone;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={`banner ${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <span className="banner-text">{children}</span>
      {action}
    </div>
  );
}
