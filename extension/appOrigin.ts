/**
 * The app this build frames (SIDENOTE_APP_URL at build time, tools/extension-build) and its
 * origin: the only origin the side panel posts to or accepts messages from.
 */
export const APP_URL: string = SIDENOTE_APP_URL;
export const APP_ORIGIN: string = new URL(APP_URL).origin;
