/**
 * One profile text field, saved when it loses focus if its value changed (spec 1 §2): a
 * loading indicator while saving, then a check or an error mark for 2 s (spec 1 §4).
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { FIELD_STATUS_MS } from '../../domain/auth/timings.ts';
import { createFlash, trackSave, type FieldStatus } from '../../domain/profile/fieldStatus.ts';

const STATUS_LABEL: Record<FieldStatus, string> = {
  idle: '',
  loading: 'Saving…',
  success: 'Saved',
  error: 'Not saved',
};
const STATUS_MARK: Record<FieldStatus, string> = { idle: '', loading: '⟳', success: '✓', error: '✗' };

interface ProfileFieldProps {
  label: string;
  initialValue: string;
  save: (value: string) => Promise<void>;
  onSaved?: (value: string) => void;
}

export function ProfileField({ label, initialValue, save, onSaved }: ProfileFieldProps) {
  const id = useId();
  const [value, setValue] = useState(initialValue);
  const [status, setStatus] = useState<FieldStatus>('idle');
  const saved = useRef(initialValue);
  const flash = useMemo(() => createFlash<FieldStatus>('idle', FIELD_STATUS_MS, setStatus), []);
  useEffect(() => () => flash.clear(), [flash]);

  const onBlur = async () => {
    if (value === saved.current) return;
    const next = value;
    if (await trackSave(flash, () => save(next), FIELD_STATUS_MS)) {
      saved.current = next;
      onSaved?.(next);
    }
  };

  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="field-row">
        <input
          id={id}
          type="text"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onBlur={() => void onBlur()}
        />
        <span className={`field-status ${status}`} data-status={status} aria-live="polite" title={STATUS_LABEL[status]}>
          {STATUS_MARK[status]}
          <span className="visually-hidden">{STATUS_LABEL[status]}</span>
        </span>
      </div>
    </div>
  );
}
