/**
 * The page's title in the header (spec 2 §2 "an editable title"): the h1 with an "Edit title"
 * button; editing, a field saved on blur or Enter only when changed (Escape cancels), through
 * `onSave` (the outbox, as any property) — focus then returns to the button. Its save state
 * shows under it. Not editable before the page is known here (`place` null).
 */
import { useRef, useState } from 'react';
import { SaveState } from './PropertyRow.tsx';

interface Props {
  title: string;
  place: { authId: string; pageId: string; propertyId: string } | null;
  onSave: (title: string) => void;
}

export function TitleEditor({ title, place, onSave }: Props) {
  const [editing, setEditing] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // Enter saves and closes; the field's blur as it goes must not save again
  const closed = useRef(false);
  const open = () => {
    closed.current = false;
    setEditing(true);
  };
  const close = () => {
    closed.current = true;
    setEditing(false);
    requestAnimationFrame(() => button.current?.focus());
  };
  const save = (text: string) => {
    if (closed.current) return;
    if (text.trim() !== title) onSave(text.trim());
    close();
  };
  if (editing) {
    return (
      <input
        className="title-input"
        aria-label="Title"
        defaultValue={title}
        autoFocus
        onBlur={(event) => save(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') close();
          if (event.key === 'Enter') save(event.currentTarget.value);
        }}
      />
    );
  }
  return (
    <div className="page-title-text">
      <h1>{title || (place ? 'Untitled' : '')}</h1>
      {place && (
        <>
          <button ref={button} type="button" className="edit-button ghost" aria-label="Edit title" onClick={open} />
          <SaveState {...place} />
        </>
      )}
    </div>
  );
}
