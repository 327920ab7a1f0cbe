/**
 * The properties a page shows on demand (spec 2 §2): "Show N more properties" opens them
 * below, "Hide N more properties" closes them; open or closed is remembered per database.
 */
import { useId, type ReactNode } from 'react';
import { Button } from '../../../ui/Button.tsx';
import { usePropertyToggle } from './usePropertyToggle.ts';

interface Props {
  dataSourceId: string;
  count: number;
  children: ReactNode;
}

export function ToggleableProperties({ dataSourceId, count, children }: Props) {
  const [open, setOpen] = usePropertyToggle(dataSourceId);
  const listId = useId();
  return (
    <div className="toggleable-properties">
      <Button
        variant="ghost"
        className="property-toggle"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onPress={() => setOpen(!open)}
      >
        {open ? `Hide ${count} more properties` : `Show ${count} more properties`}
      </Button>
      {open && (
        <dl id={listId} className="page-properties">
          {children}
        </dl>
      )}
    </div>
  );
}
