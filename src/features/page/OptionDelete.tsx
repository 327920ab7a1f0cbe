/**
 * Deleting a select or multi-select option (spec 2 §5 "Deleting an option asks confirmation",
 * §8): a button per option opens a confirmation; confirmed, the option leaves the data source's
 * schema — and every page that had it — and the editor says "Deleting option: {name}...", then
 * "Option deleted successfully" or "Error deleting option: {message}" (`onStatus`).
 */
import { useState } from 'react';
import { messageFor } from '../../domain/errors/catalogue.ts';
import { propertyTexts } from '../../domain/errors/messages.ts';
import type { OptionType } from '../../domain/notion/schemaOptions.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { deleteOption } from './editorActions.ts';
import type { EditorPlace } from './editorProps.ts';

export interface OptionStatus {
  text: string;
  tone: 'info' | 'error';
}

interface Props {
  option: string;
  property: string;
  type: OptionType;
  place: EditorPlace & { dataSourceId: string };
  onStatus: (status: OptionStatus) => void;
  onDeleted: (option: string) => void;
}

export function OptionDelete({ option, property, type, place, onStatus, onDeleted }: Props) {
  const [confirming, setConfirming] = useState(false);
  const confirm = async () => {
    setConfirming(false);
    onStatus({ text: propertyTexts.deletingOption(option), tone: 'info' });
    const error = await deleteOption({ ...place, type, name: option });
    if (error) return onStatus({ text: messageFor('deleteOption', error), tone: 'error' });
    onStatus({ text: propertyTexts.optionDeleted, tone: 'info' });
    onDeleted(option);
  };
  return (
    <>
      <button
        type="button"
        className="ghost option-delete"
        aria-label={`Delete option ${option}`}
        onClick={() => setConfirming(true)}
      >
        🗑
      </button>
      {confirming && (
        <ConfirmDialog
          title={`Delete option ${option}?`}
          confirmLabel="Delete option"
          onConfirm={() => void confirm()}
          onCancel={() => setConfirming(false)}
        >
          <p>
            {option} is removed from {property} and from every page that has it, in Notion too. This cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
