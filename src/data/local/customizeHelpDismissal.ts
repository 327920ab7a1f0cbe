/**
 * Whether the first-time "Customize Your View" modal was dismissed this session (spec 2 §4):
 * sessionStorage, so it shows again in a new session while the setting's customize_help is
 * still true ("Don't show again" is what turns it off for good).
 */
const KEY = 'customize_help_dismissed';

export const customizeHelpDismissed = (): boolean => sessionStorage.getItem(KEY) === 'true';

export function dismissCustomizeHelpForSession(): void {
  sessionStorage.setItem(KEY, 'true');
}
