/**
 * A button of the kit (React Aria's Button: press events that work with mouse, touch and
 * keyboard). `busy` keeps it focusable but inert and says so to assistive technology
 * (isPending), so a double click never sends twice.
 */
import type { ReactNode } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends Omit<AriaButtonProps, 'className' | 'children' | 'isPending'> {
  variant?: ButtonVariant;
  busy?: boolean;
  className?: string;
  children: ReactNode;
}

export function Button({ variant = 'secondary', busy = false, className, children, ...props }: ButtonProps) {
  const classes = ['button', variant, className].filter(Boolean).join(' ');
  return (
    <AriaButton {...props} isPending={busy} className={classes}>
      {children}
    </AriaButton>
  );
}
