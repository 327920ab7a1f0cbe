/**
 * Who sees debug mode (issue 20; spec 1 §4 "Debug mode", spec 2 §6): only a user an admin
 * granted it to. For them it is on by the stored flag or the query `dbg=true` (which also
 * stores it); toggling persists. Without the grant it is off whatever the query or storage say.
 */
export interface DebugModeInputs {
  /** The user's grant (profiles.debug_mode_allowed, read at sign-in or app start). */
  granted: boolean;
  /** The stored flag (on after a toggle or a `dbg=true` visit). */
  stored: boolean;
  /** The location's query string, `?dbg=true&…` or empty. */
  search: string;
}

export const DEBUG_QUERY = { name: 'dbg', on: 'true' } as const;

/** `dbg=true` is in the query. */
export const debugQueryOn = (search: string): boolean =>
  new URLSearchParams(search).get(DEBUG_QUERY.name) === DEBUG_QUERY.on;

export function debugModeOn({ granted, stored, search }: DebugModeInputs): boolean {
  return granted && (stored || debugQueryOn(search));
}

/** The query turns debug mode on for good (stored) — for a granted user only. */
export function queryStoresDebug({ granted, stored, search }: DebugModeInputs): boolean {
  return granted && !stored && debugQueryOn(search);
}

/** The operators' notice (slack-notify type debug_mode) of one change. */
export const debugModeNotice = (on: boolean): string => `Debug mode turned ${on ? 'on' : 'off'}`;
