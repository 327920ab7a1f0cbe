/**
 * One property of the page: its name, its value with an "Edit {name}" button that opens its
 * editor (one property at a time) — a checkbox is toggled in place, types not editable here
 * show their value alone — and
 * its save state ("Saving...", "Saved successfully" for 3 s, saved on this device offline, an
 * error pointing to the header's list).
 */
import { useState } from 'react';
import type { PropertyShape, SchemaProperty } from '../../data/notion/codecs/index.ts';
import { propertyTexts } from '../../domain/errors/messages.ts';
import { useOnline } from '../outbox/useOutbox.ts';
import { editsHere, PropertyEditor } from './PropertyEditor.tsx';
import { PropertyValue } from './PropertyValue.tsx';
import { usePropertySave } from './usePropertySave.ts';

interface Props {
  authId: string;
  workspaceId: string;
  pageId: string;
  propertyId: string;
  dataSourceId: string | null;
  name: string;
  shape: PropertyShape;
  schema?: SchemaProperty;
  editing: boolean;
  onEdit: (editing: boolean) => void;
  onSave: (shape: PropertyShape) => void;
}

export function SaveState({ authId, pageId, propertyId }: { authId: string; pageId: string; propertyId: string }) {
  const state = usePropertySave(authId, pageId, propertyId);
  const online = useOnline();
  const text =
    state === 'saving'
      ? online
        ? propertyTexts.saving
        : propertyTexts.savedOnDevice
      : state === 'saved'
        ? propertyTexts.saved
        : state === 'failed' || state === 'conflict'
          ? propertyTexts.saveFailed
          : '';
  return (
    <span className={`save-state ${state}`} role="status">
      {text}
    </span>
  );
}

/** A checkbox toggled in place: shows the click at once; remounted (key) when the stored value changes. */
function CheckboxValue({ name, stored, onSave }: { name: string; stored: boolean; onSave: Props['onSave'] }) {
  const [checked, setChecked] = useState(stored);
  return (
    <input
      type="checkbox"
      aria-label={name}
      checked={checked}
      onChange={(event) => {
        setChecked(event.target.checked);
        onSave({ type: 'checkbox', value: event.target.checked });
      }}
    />
  );
}

export function PropertyRow(props: Props) {
  const { name, shape, editing, onEdit, onSave } = props;
  let value;
  if (editing) {
    value = (
      <PropertyEditor
        name={name}
        shape={shape}
        schema={props.schema}
        place={props}
        onSave={onSave}
        onClose={() => onEdit(false)}
      />
    );
  } else if (shape.type === 'checkbox') {
    value = <CheckboxValue key={String(shape.value)} name={name} stored={shape.value} onSave={onSave} />;
  } else {
    value = (
      <>
        <PropertyValue shape={shape} schema={props.schema} relation={props} />
        {editsHere(shape.type) && (
          <button
            type="button"
            className="edit-button ghost"
            aria-label={`Edit ${name}`}
            onClick={() => onEdit(true)}
          />
        )}
      </>
    );
  }
  return (
    <div className="page-property" data-property={name}>
      <dt>{name}</dt>
      <dd>
        {value}
        <SaveState authId={props.authId} pageId={props.pageId} propertyId={props.propertyId} />
      </dd>
    </div>
  );
}
