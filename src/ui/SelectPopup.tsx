/**
 * The popup of the kit's select as React Aria builds it (a Popover under the button, a ListBox
 * of the choices), in its own chunk: src/ui/Select.tsx mounts it while the select is open, and
 * says what it does.
 */
import { useId, type RefObject } from 'react';
import { ListBox, ListBoxItem } from 'react-aria-components';
import type { PopupFocus } from './popupTrigger.ts';
import { TriggerPopover } from './TriggerPopover.tsx';
import type { SelectOption } from './Select.tsx';

export interface SelectPopupProps {
  triggerRef: RefObject<HTMLButtonElement | null>;
  listLabel: string;
  options: SelectOption[];
  emptyText: string;
  autoFocus: PopupFocus;
  onChoose: (id: string) => void;
  onClose: () => void;
}

export function SelectPopup({
  triggerRef,
  listLabel,
  options,
  emptyText,
  autoFocus,
  onChoose,
  onClose,
}: SelectPopupProps) {
  const listLabelId = useId(); // the list's own name
  return (
    <TriggerPopover triggerRef={triggerRef} placement="bottom start" onClose={onClose} aria-labelledby={listLabelId}>
      <span id={listLabelId} hidden>
        {listLabel}
      </span>
      <ListBox
        className="listbox"
        aria-labelledby={listLabelId}
        items={options}
        autoFocus={autoFocus}
        onAction={(key) => onChoose(String(key))}
        renderEmptyState={() => <p className="listbox-empty">{emptyText}</p>}
      >
        {(option) => (
          <ListBoxItem className="listbox-item" id={option.id} textValue={option.label}>
            {option.label}
          </ListBoxItem>
        )}
      </ListBox>
    </TriggerPopover>
  );
}
