/**
 * The NotionProfile screen's display customisation (spec 2 §4): the first-time modal
 * "Customize Your View" while its rule holds (no display config yet, customize_help true, not
 * dismissed this session), and the Customize Properties Display modal, opened by the
 * open-property-order-modal event (the header's tune button) or by "Customize display".
 * "Don't show again" makes the tune button glow (highlight-tune-icon).
 */
import { useEffect, useState } from 'react';
import { customizeHelpDismissed, dismissCustomizeHelpForSession } from '../../../data/local/customizeHelpDismissal.ts';
import { showsCustomizeHelp } from '../../../domain/notion/displayConfig.ts';
import { useActiveSetting } from '../../settings/useSettingsData.ts';
import { CustomizeDisplayModal } from './CustomizeDisplayModal.tsx';
import { CustomizeHelpModal } from './CustomizeHelpModal.tsx';
import { DISPLAY_EVENTS, emitDisplayEvent, onDisplayEvent } from './displayEvents.ts';
import type { DisplayState } from './useDisplayPreferences.ts';

export function DisplayCustomization({ authId, display }: { authId: string; display: DisplayState }) {
  const active = useActiveSetting(authId);
  const [ordering, setOrdering] = useState(false);
  const [helpDismissed, setHelpDismissed] = useState(customizeHelpDismissed);
  useEffect(() => onDisplayEvent(DISPLAY_EVENTS.openPropertyOrderModal, () => setOrdering(true)), []);

  const { settingId, preferences } = display;
  const help =
    !ordering &&
    settingId !== null &&
    preferences !== undefined &&
    showsCustomizeHelp({
      config: preferences.displayConfig,
      customizeHelp: preferences.customizeHelp,
      dismissedThisSession: helpDismissed,
    });
  const dismissHelp = () => {
    dismissCustomizeHelpForSession();
    setHelpDismissed(true);
  };

  if (ordering) return <CustomizeDisplayModal authId={authId} active={active} onClose={() => setOrdering(false)} />;
  if (!help || !settingId) return null;
  return (
    <CustomizeHelpModal
      settingId={settingId}
      onCustomize={() => {
        dismissHelp();
        setOrdering(true);
      }}
      onClose={(turnedOff) => {
        dismissHelp();
        if (turnedOff) emitDisplayEvent(DISPLAY_EVENTS.highlightTuneIcon);
      }}
    />
  );
}
