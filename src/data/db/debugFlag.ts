/**
 * The debug flag (spec 1 §4 "Debug mode"): on by the query `dbg=true` or the stored flag;
 * toggling persists it. Stored in localStorage so every screen reads it synchronously.
 */
export const DEBUG_FLAG_KEY = 'debug_mode';

export function storedDebugFlag(): boolean {
  return localStorage.getItem(DEBUG_FLAG_KEY) === 'true';
}

export function storeDebugFlag(on: boolean): void {
  localStorage.setItem(DEBUG_FLAG_KEY, on ? 'true' : 'false');
  window.dispatchEvent(new Event('sidenote-debug-change'));
}
