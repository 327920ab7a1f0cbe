/**
 * The "Show N more properties" toggle's state per database (spec 2 §2, §3 local storage): open
 * or closed, kept across reloads and sessions, one key per data source (the database of
 * today's Notion API that holds the properties). Closed until the user opens it. A UI
 * preference, not account data: sign-out leaves it.
 */
const PREFIX = 'property_toggle:';

export const readPropertyToggle = (dataSourceId: string): boolean =>
  localStorage.getItem(`${PREFIX}${dataSourceId}`) === 'open';

export function storePropertyToggle(dataSourceId: string, open: boolean): void {
  localStorage.setItem(`${PREFIX}${dataSourceId}`, open ? 'open' : 'closed');
  window.dispatchEvent(new Event('sidenote-property-toggle'));
}

/** Calls `onChange` when a toggle changes here or in another tab; returns the unsubscribe. */
export function subscribePropertyToggle(onChange: () => void): () => void {
  window.addEventListener('sidenote-property-toggle', onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener('sidenote-property-toggle', onChange);
    window.removeEventListener('storage', onChange);
  };
}
