/**
 * The cached debug-mode grant (issue 20): read from the profile once per app start or sign-in
 * and kept here so every screen knows it synchronously, offline too.
 *
 * What must stay true: the grant belongs to one account. It is stored with the auth id it was
 * read for and answers false for anyone else, so a browser shared by two accounts never shows
 * one the other's debug UI, even before the new read arrives.
 */
export const DEBUG_GRANT_KEY = 'debug_mode_grant';
export const DEBUG_GRANT_EVENT = 'sidenote-debug-grant-change';

interface StoredGrant {
  authId: string;
  allowed: boolean;
}

function readStored(): StoredGrant | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(DEBUG_GRANT_KEY) ?? 'null') as Partial<StoredGrant> | null;
    if (!parsed || typeof parsed.authId !== 'string' || typeof parsed.allowed !== 'boolean') return null;
    return { authId: parsed.authId, allowed: parsed.allowed };
  } catch {
    return null;
  }
}

/** The cached grant of this user: true only if it was read for this very account. */
export function storedDebugGrant(authId: string | undefined): boolean {
  if (!authId) return false;
  const stored = readStored();
  return stored !== null && stored.authId === authId && stored.allowed;
}

/** The accounts whose grant was read (or settled) since this app started. */
const settledThisStart = new Set<string>();

/** Whether the grant of this account has been read at least once in this browser. */
export function hasStoredDebugGrant(authId: string): boolean {
  return readStored()?.authId === authId;
}

/**
 * Whether a guard may decide on the cached grant now: a cached grant is trusted at once, a
 * cached refusal only once this app start's read has settled (the admin may have granted it).
 */
export function debugGrantSettled(authId: string): boolean {
  return storedDebugGrant(authId) || (hasStoredDebugGrant(authId) && settledThisStart.has(authId));
}

export function storeDebugGrant(authId: string, allowed: boolean): void {
  settledThisStart.add(authId);
  try {
    localStorage.setItem(DEBUG_GRANT_KEY, JSON.stringify({ authId, allowed } satisfies StoredGrant));
  } catch {
    // storage refused: the grant lives until the next read
  }
  window.dispatchEvent(new Event(DEBUG_GRANT_EVENT));
}

export function subscribeDebugGrant(onChange: () => void): () => void {
  window.addEventListener(DEBUG_GRANT_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(DEBUG_GRANT_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}
