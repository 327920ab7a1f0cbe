/**
 * The editor of one property in edit mode (spec 2 §4, §5): text-like values in a field saved on
 * blur only when changed (Enter saves a one-line value, Escape cancels); email and URL checked
 * with the spec's texts, a number that is not one refused; options from the schema, saved at
 * once, a new select or multi-select option offered by the spec's rule (status never); dates
 * by day (or day and time when the value has one). Saving goes through `onSave` (the outbox).
 */
import { useId, useState, type KeyboardEvent } from 'react';
import type { PropertyShape, SchemaProperty } from '../../data/notion/codecs/index.ts';
import { emailError } from '../../domain/notion/emailRule.ts';
import { externalUrlError } from '../../domain/notion/externalFiles.ts';
import { numberFromInput } from '../../domain/notion/numberInput.ts';
import { canCreateOption } from '../../domain/notion/optionRules.ts';
import { propertyTexts } from '../../domain/errors/messages.ts';

interface Props {
  name: string;
  shape: PropertyShape;
  schema?: SchemaProperty;
  onSave: (shape: PropertyShape) => void;
  onClose: () => void;
}

/** The option names of a select, status or multi-select schema (`{select: {options: [{name}]}}`). */
const optionNames = (schema: SchemaProperty | undefined, type: string): string[] => {
  const config = (schema as Record<string, { options?: { name: string }[] } | undefined> | undefined)?.[type];
  return (config?.options ?? []).map((option) => option.name);
};

function TextEditor({ name, shape, onSave, onClose }: Props) {
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
  const error =
    shape.type === 'email'
      ? emailError(text)
      : shape.type === 'url' && text.trim() !== ''
        ? externalUrlError(text)
        : shape.type === 'number' && !numberFromInput(text).ok
          ? propertyTexts.invalidNumber
          : null;
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

/** The names chosen in an option shape. */
const chosenIn = (shape: PropertyShape): string[] =>
  shape.type === 'multi_select'
    ? shape.value
    : (shape.type === 'select' || shape.type === 'status') && shape.value
      ? [shape.value]
      : [];

function OptionEditor({ name, shape, schema, onSave, onClose }: Props) {
  const [typed, setTyped] = useState('');
  // what the user chose while the editor is open (the snapshot catches up a moment later)
  const [chosen, setChosen] = useState(() => chosenIn(shape));
  if (shape.type !== 'select' && shape.type !== 'status' && shape.type !== 'multi_select') return null;
  const options = optionNames(schema, shape.type);
  const choose = (option: string | null) => {
    if (shape.type === 'multi_select') {
      const next =
        option === null ? [] : chosen.includes(option) ? chosen.filter((n) => n !== option) : [...chosen, option];
      setChosen(next);
      onSave({ type: 'multi_select', value: next });
    } else {
      setChosen(option === null ? [] : [option]);
      onSave({ type: shape.type, value: option });
    }
  };
  const creatable = canCreateOption({ type: shape.type, typed, options, chosen });
  return (
    <div role="group" aria-label={name} onKeyDown={(event) => event.key === 'Escape' && onClose()}>
      <ul className="option-list">
        {[...new Set([...options, ...chosen])].map((option) => (
          <li key={option}>
            <label>
              <input
                type={shape.type === 'multi_select' ? 'checkbox' : 'radio'}
                name={name}
                checked={chosen.includes(option)}
                onChange={() => choose(option)}
              />{' '}
              {option}
            </label>
          </li>
        ))}
      </ul>
      {shape.type !== 'status' && (
        <form
          className="row"
          onSubmit={(event) => {
            event.preventDefault();
            if (!creatable) return;
            choose(typed.trim());
            setTyped('');
          }}
        >
          <input aria-label={`New ${name} option`} value={typed} onChange={(event) => setTyped(event.target.value)} />
          <button type="submit" disabled={!creatable}>
            Create
          </button>
        </form>
      )}
      <p className="row">
        {shape.type !== 'multi_select' && chosen.length > 0 && (
          <button type="button" onClick={() => choose(null)}>
            Clear
          </button>
        )}
        <button type="button" onClick={onClose}>
          Done
        </button>
      </p>
    </div>
  );
}

function DateEditor({ name, shape, onSave, onClose }: Props) {
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

/** Whether a shape edits in this editor (the others: checkbox in place; relation, people, files not yet). */
export const editsHere = (type: PropertyShape['type']): boolean =>
  ['title', 'rich_text', 'url', 'email', 'phone_number', 'number', 'select', 'status', 'multi_select', 'date'].includes(
    type,
  );

export function PropertyEditor(props: Props) {
  const { type } = props.shape;
  if (type === 'select' || type === 'status' || type === 'multi_select') return <OptionEditor {...props} />;
  if (type === 'date') return <DateEditor {...props} />;
  return <TextEditor {...props} />;
}
