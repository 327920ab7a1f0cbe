/**
 * Where the settings list was opened from (spec 2 §3 `notionSettingsOrigin`): the app's
 * layout records it on navigation (origin rule in domain/settings/origin.ts).
 */
export const SETTINGS_ORIGIN_KEY = 'notionSettingsOrigin';

export const readSettingsOrigin = (): string | null => localStorage.getItem(SETTINGS_ORIGIN_KEY);

export function storeSettingsOrigin(path: string): void {
  localStorage.setItem(SETTINGS_ORIGIN_KEY, path);
}
