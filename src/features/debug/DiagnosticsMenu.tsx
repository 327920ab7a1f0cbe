/**
 * The header's two diagnostic toggles (spec 2 §2 "two diagnostic toggles (debug only)"; issue
 * 20), in one small menu so the header stays on one line at 320 px: "Diagnostics" (the global
 * debug panels) and "Message log" (the extension messages). Each is a checkable menu item,
 * persisted in this browser.
 */
import type { Key, Selection } from 'react-aria-components';
import { Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { Button } from '../../ui/Button.tsx';
import type { DiagnosticToggle } from '../../data/local/debugDiagnostics.ts';
import { useDiagnosticToggle } from './useDiagnosticToggle.ts';

const ITEMS: [DiagnosticToggle, string][] = [
  ['diagnostics', 'Diagnostics'],
  ['messageLog', 'Message log'],
];

export function DiagnosticsMenu() {
  const [diagnostics, setDiagnostics] = useDiagnosticToggle('diagnostics');
  const [messageLog, setMessageLog] = useDiagnosticToggle('messageLog');
  const selected = new Set<Key>([...(diagnostics ? ['diagnostics'] : []), ...(messageLog ? ['messageLog'] : [])]);
  const onChange = (keys: Selection) => {
    const on = (key: DiagnosticToggle) => keys === 'all' || keys.has(key);
    if (on('diagnostics') !== diagnostics) setDiagnostics(!diagnostics);
    if (on('messageLog') !== messageLog) setMessageLog(!messageLog);
  };
  return (
    <MenuTrigger>
      <Button variant="ghost" aria-label="Diagnostic toggles" className="icon-button">
        <span aria-hidden="true">⚙</span>
      </Button>
      <Popover className="popover" placement="bottom end">
        <Menu
          className="menu"
          aria-label="Diagnostic toggles"
          selectionMode="multiple"
          selectedKeys={selected}
          onSelectionChange={onChange}
        >
          {ITEMS.map(([id, label]) => (
            <MenuItem key={id} id={id} className="menu-item" textValue={label}>
              {({ isSelected }) => (
                <>
                  <span aria-hidden="true" className="menu-check">
                    {isSelected ? '✓' : ''}
                  </span>
                  {label}
                </>
              )}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
