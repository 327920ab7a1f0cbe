/**
 * The first-time modal "Customize Your View" (spec 2 §2, §4): it tells the user the page's
 * properties can be arranged. "Customize display" opens the Customize Properties Display
 * modal; "Don't show again" turns it off on the setting (customize_help false) and points at
 * the header's tune button, where customising stays one press away. Escape closes it for
 * this session.
 */
import { useState } from 'react';
import { Button } from '../../../ui/Button.tsx';
import { Dialog, DialogActions } from '../../../ui/Dialog.tsx';
import { ErrorMessage } from '../../../ui/ErrorMessage.tsx';
import { turnOffCustomizeHelp } from './actions.ts';

interface Props {
  settingId: string;
  onCustomize: () => void;
  onClose: (turnedOff: boolean) => void;
}

export function CustomizeHelpModal({ settingId, onCustomize, onClose }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const turnOff = async () => {
    setBusy(true);
    setError(null);
    const failure = await turnOffCustomizeHelp(settingId);
    setBusy(false);
    if (failure) setError(failure);
    else onClose(true);
  };
  return (
    <Dialog title="Customize Your View" onClose={() => onClose(false)}>
      <div className="dialog-body">
        <p>
          Choose which properties this page always shows, and which wait behind “Show more properties”. You can change
          it any time with the tune button at the top of the panel.
        </p>
      </div>
      <ErrorMessage message={error} />
      <DialogActions>
        <Button busy={busy} onPress={() => void turnOff()}>
          Don&apos;t show again
        </Button>
        <Button variant="primary" autoFocus onPress={onCustomize}>
          Customize display
        </Button>
      </DialogActions>
    </Dialog>
  );
}
