import { Field } from './Field.tsx';

/** A required e-mail field (spec 1 §5: required and of e-mail type, nothing more). */
export function EmailInput({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return <Field label="Email" type="email" isRequired autoComplete="email" value={value} onChange={onChange} />;
}
