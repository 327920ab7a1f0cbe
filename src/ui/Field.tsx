/**
 * A text field of the kit (React Aria's TextField): the label, a hint and an error, both tied
 * to the input by aria-describedby; an error also marks it invalid (the browser's own
 * required/type checks keep their own bubble). `after` sits beside the input (a show/hide
 * button).
 */
import type { ReactNode } from 'react';
import { FieldError, Input, Label, Text, TextField, type TextFieldProps } from 'react-aria-components';

export interface FieldProps extends Omit<TextFieldProps, 'className' | 'children' | 'isInvalid'> {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  after?: ReactNode;
}

export function Field({ label, hint, error, after, ...props }: FieldProps) {
  return (
    <TextField {...props} className="field" isInvalid={Boolean(error)}>
      <Label>{label}</Label>
      <div className="field-row">
        <Input className="input" />
        {after}
      </div>
      {hint && (
        <Text slot="description" className="hint">
          {hint}
        </Text>
      )}
      {error && <FieldError className="field-error">{error}</FieldError>}
    </TextField>
  );
}
