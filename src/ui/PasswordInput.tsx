/** A password field with a show/hide toggle. */
import { useId, useState } from 'react';

interface PasswordInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  toggle?: boolean;
}

export function PasswordInput({ label, value, onChange, autoComplete, toggle = false }: PasswordInputProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="password-row">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          value={value}
          required
          autoComplete={autoComplete}
          onChange={(event) => onChange(event.target.value)}
        />
        {toggle && (
          <button type="button" className="ghost" onClick={() => setVisible(!visible)}>
            {visible ? 'Hide password' : 'Show password'}
          </button>
        )}
      </div>
    </div>
  );
}
