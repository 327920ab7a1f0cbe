/**
 * The display customisation's window events (spec 2 §4), by their spec names:
 * - `display-config-updated`: a new display order was saved (detail: the setting id and its
 *   config), for whatever else shows the setting's properties;
 * - `highlight-tune-icon`: the header's tune button draws the eye for TUNE_HIGHLIGHT_MS;
 * - `open-property-order-modal`: open the Customize Properties Display modal (the tune button
 *   asks the NotionProfile screen, which knows the page).
 */
import type { DisplayConfig } from '../../../domain/notion/displayConfig.ts';

export const DISPLAY_EVENTS = {
  configUpdated: 'display-config-updated',
  highlightTuneIcon: 'highlight-tune-icon',
  openPropertyOrderModal: 'open-property-order-modal',
} as const;

/** Spec 2 §9 "tune highlight 3 s". */
export const TUNE_HIGHLIGHT_MS = 3000;

export interface DisplayConfigUpdate {
  settingId: string;
  config: DisplayConfig;
}

type DisplayEvent = (typeof DISPLAY_EVENTS)[keyof typeof DISPLAY_EVENTS];

export function emitDisplayEvent(type: DisplayEvent, detail?: DisplayConfigUpdate): void {
  window.dispatchEvent(new CustomEvent(type, { detail }));
}

/** Calls `handler` on each `type` event; returns the unsubscribe (an effect's cleanup). */
export function onDisplayEvent(type: DisplayEvent, handler: () => void): () => void {
  window.addEventListener(type, handler);
  return () => window.removeEventListener(type, handler);
}
