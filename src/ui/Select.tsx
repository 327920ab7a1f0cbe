/**
 * A select of the kit (React Aria's Select: a button opening a listbox; arrow keys, typing to
 * jump, Escape). The trigger shows `value` (what the caller wants it to read, even a choice
 * that is not in the list), and its accessible name is that text then `label`; `emptyText` fills an empty list; `onOpen` runs as it opens (to
 * refresh the choices). Choosing calls `onChoose` with the option's id.
 */
import { useId, type ReactNode } from 'react';
import { Button, ListBox, ListBoxItem, Popover, Select as AriaSelect, SelectValue } from 'react-aria-components';

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

export function Select(props: SelectProps) {
  const { label, listLabel = label, value, options, emptyText, onChoose, onOpen } = props;
  const listLabelId = useId(); // the list's own name (React Aria would name it after the button)
  return (
    <AriaSelect
      aria-label={label}
      className={['select', props.className].filter(Boolean).join(' ')}
      selectedKey={null}
      allowsEmptyCollection
      onSelectionChange={(key) => key !== null && onChoose(String(key))}
      onOpenChange={(open) => open && onOpen?.()}
    >
      <Button className="button ghost select-trigger" data-testid={props['data-testid']}>
        <SelectValue className="select-value" title={props.title}>
          {() => value}
        </SelectValue>
        <span aria-hidden="true">▾</span>
      </Button>
      <Popover className="popover" placement="bottom start">
        <span id={listLabelId} hidden>
          {listLabel}
        </span>
        <ListBox
          className="listbox"
          aria-labelledby={listLabelId}
          items={options}
          renderEmptyState={() => <p className="listbox-empty">{emptyText}</p>}
        >
          {(option) => (
            <ListBoxItem className="listbox-item" id={option.id} textValue={option.label}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
