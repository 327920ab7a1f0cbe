/**
 * The debug flag (spec 1 §4 "Debug mode"): on by the query `dbg=true` or the stored flag;
 * toggling persists it. Stored in localStorage so every screen reads it synchronously. It only
 * counts for a user granted debug mode (src/domain/debug/debugMode.ts, issue 20).
 */
export const DEBUG_FLAG_KEY = 'debug_mode';
const DEBUG_FLAG_EVENT = 'sidenote-debug-change';

export function storedDebugFlag(): boolean {
  return localStorage.getItem(DEBUG_FLAG_KEY) === 'true';
}

export function storeDebugFlag(on: boolean): void {
  localStorage.setItem(DEBUG_FLAG_KEY, on ? 'true' : 'false');
  window.dispatchEvent(new Event(DEBUG_FLAG_EVENT));
}

export function subscribeDebugFlag(onChange: () => void): () => void {
  window.addEventListener(DEBUG_FLAG_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(DEBUG_FLAG_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}
