/** A password field with a show/hide toggle. */
import { useState } from 'react';
import { Button } from './Button.tsx';
import { Field } from './Field.tsx';

interface PasswordInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  toggle?: boolean;
}

export function PasswordInput({ label, value, onChange, autoComplete, toggle = false }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <Field
      label={label}
      type={visible ? 'text' : 'password'}
      isRequired
      autoComplete={autoComplete}
      value={value}
      onChange={onChange}
      after={
        toggle && (
          <Button variant="ghost" onPress={() => setVisible(!visible)}>
            {visible ? 'Hide password' : 'Show password'}
          </Button>
        )
      }
    />
  );
}
