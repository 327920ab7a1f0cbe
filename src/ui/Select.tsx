/**
 * A select of the kit: a button opening a listbox of choices (Enter, Space or ArrowDown open it
 * on its first option, ArrowUp on its last; arrow keys and typing move; Escape closes and gives
 * focus back to the button). The trigger shows `value` (what the caller wants it to read, even
 * a choice that is not in the list), and its accessible name is that text then `label`;
 * `emptyText` fills an empty list; `onOpen` runs as it opens (to refresh the choices). Choosing
 * calls `onChoose` with the option's id; the select keeps no selection of its own.
 *
 * The button is here (usePopupTrigger); the popup — React Aria's Popover and ListBox, its
 * collection code — is in its own chunk (SelectPopup.tsx, a lazyPart) mounted while open, so
 * it is not on the capture path. (React Aria's Select, used before, needs its collection while
 * closed; its typing-to-choose on the closed button is the one thing this select leaves out.)
 */
import { useId, type ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { lazyPart } from './lazyPart.tsx';
import { usePopupTrigger } from './popupTrigger.ts';

export interface SelectOption {
  id: string;
  label: string;
}

export interface SelectProps {
  label: string;
  listLabel?: string;
  value: ReactNode;
  options: SelectOption[];
  emptyText: string;
  onChoose: (id: string) => void;
  onOpen?: () => void;
  className?: string;
  title?: string;
  'data-testid'?: string;
}

const SelectPopup = lazyPart(
  () => import('./SelectPopup.tsx'),
  (m) => m.SelectPopup,
);

export function Select(props: SelectProps) {
  const { label, listLabel = label, value, options, emptyText, onChoose, onOpen } = props;
  const { triggerProps, triggerRef, focus, close } = usePopupTrigger('listbox', onOpen);
  const triggerId = useId();
  const valueId = useId();
  return (
    <div className={['select', props.className].filter(Boolean).join(' ')} data-open={focus !== null || undefined}>
      <Button
        id={triggerId}
        className="button ghost select-trigger"
        data-testid={props['data-testid']}
        aria-label={label}
        aria-labelledby={`${valueId} ${triggerId}`}
        {...triggerProps}
      >
        <span id={valueId} className="select-value" title={props.title}>
          {value}
        </span>
        <span aria-hidden="true">▾</span>
      </Button>
      {focus !== null && (
        <SelectPopup
          triggerRef={triggerRef}
          listLabel={listLabel}
          options={options}
          emptyText={emptyText}
          autoFocus={focus}
          onChoose={(id) => {
            close();
            onChoose(id);
          }}
          onClose={close}
        />
      )}
    </div>
  );
}
