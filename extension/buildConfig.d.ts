/** Set at build time (tools/extension-build): the app this extension frames. */
declare const SIDENOTE_APP_URL: string;
