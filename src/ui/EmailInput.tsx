import { useId } from 'react';

/** A required e-mail field (spec 1 §5: required and of e-mail type, nothing more). */
export function EmailInput({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>Email</label>
      <input
        id={id}
        type="email"
        required
        autoComplete="email"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
