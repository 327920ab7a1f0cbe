/**
 * The editor of one property in edit mode (spec 2 §4, §5): text-like values in a field saved on
 * blur only when changed (Enter saves a one-line value, Escape cancels); email and URL checked
 * with the spec's texts, a number that is not one refused; dates by day (or day and time when
 * the value has one). Options, people and files have their own editors (OptionEditor.tsx,
 * PeopleEditor.tsx, FilesEditor.tsx). Saving goes through `onSave` (the outbox).
 */
import { useId, useState, type KeyboardEvent } from 'react';
import type { PropertyShape } from '../../data/notion/codecs/index.ts';
import { numberFromInput } from '../../domain/notion/numberInput.ts';
import { textFieldError } from '../../domain/notion/textFieldError.ts';
import type { EditorProps } from './editorProps.ts';
import { FilesEditor } from './FilesEditor.tsx';
import { OptionEditor } from './OptionEditor.tsx';
import { PeopleEditor } from './PeopleEditor.tsx';

function TextEditor({ name, shape, onSave, onClose }: EditorProps) {
  const initial =
    shape.type === 'number'
      ? shape.value.value === null
        ? ''
        : String(shape.value.value)
      : 'value' in shape && typeof shape.value === 'string'
        ? shape.value
        : '';
  const [text, setText] = useState(initial);
  const errorId = useId();
  const error = textFieldError(shape.type, text);
  const save = () => {
    if (error) return;
    if (text === initial) return onClose();
    if (shape.type === 'number') {
      const parsed = numberFromInput(text);
      if (parsed.ok) onSave({ type: 'number', value: { ...shape.value, value: parsed.value } });
    } else
      onSave({ ...shape, value: shape.type === 'email' || shape.type === 'url' ? text.trim() : text } as PropertyShape);
    onClose();
  };
  const keys = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onClose();
    if (event.key === 'Enter' && shape.type !== 'rich_text') {
      event.preventDefault();
      save();
    }
  };
  const inputType = { url: 'url', email: 'email', phone_number: 'tel', number: 'text' }[shape.type as string] ?? 'text';
  const common = {
    'aria-label': name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    value: text,
    autoFocus: true,
    onBlur: save,
    onKeyDown: keys,
  };
  return (
    <>
      {shape.type === 'rich_text' ? (
        <textarea {...common} rows={4} onChange={(event) => setText(event.target.value)} />
      ) : (
        <input
          {...common}
          type={inputType}
          inputMode={shape.type === 'number' ? 'decimal' : undefined}
          onChange={(event) => setText(event.target.value)}
        />
      )}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

function DateEditor({ name, shape, onSave, onClose }: EditorProps) {
  if (shape.type !== 'date') return null;
  const withTime = shape.value?.start.includes('T') ?? false;
  const initial = shape.value ? shape.value.start.slice(0, withTime ? 16 : 10) : '';
  const save = (text: string) => {
    if (text !== initial) onSave({ type: 'date', value: text ? { start: text, end: null, timeZone: null } : null });
    onClose();
  };
  return (
    <input
      type={withTime ? 'datetime-local' : 'date'}
      aria-label={name}
      defaultValue={initial}
      autoFocus
      onBlur={(event) => save(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
        if (event.key === 'Enter') save(event.currentTarget.value);
      }}
    />
  );
}

/** Whether a shape edits in this editor (the others: checkbox in place; relation in its own list and dialogs). */
export const editsHere = (type: PropertyShape['type']): boolean =>
  [
    'title',
    'rich_text',
    'url',
    'email',
    'phone_number',
    'number',
    'select',
    'status',
    'multi_select',
    'date',
    'people',
    'files',
  ].includes(type);

export function PropertyEditor(props: EditorProps) {
  const { type } = props.shape;
  if (type === 'select' || type === 'status' || type === 'multi_select') return <OptionEditor {...props} />;
  if (type === 'date') return <DateEditor {...props} />;
  if (type === 'people') return <PeopleEditor {...props} />;
  if (type === 'files') return <FilesEditor {...props} />;
  return <TextEditor {...props} />;
}
