/**
 * What debug mode does (issue 20): read the user's grant once per app start or sign-in (kept
 * locally), turn the debug flag on or off (one operators' notice per change), and the global
 * debug panels' actions.
 */
import { debugModeNotice } from '../../domain/debug/debugMode.ts';
import { diagnosticsText } from '../../domain/debug/diagnostics.ts';
import { extensionBridge } from '../../data/extension/index.ts';
import { clearAllStorage } from '../../data/local/debugDiagnostics.ts';
import { signOut } from '../../data/supabase/auth.ts';
import { storeDebugFlag, storedDebugFlag } from '../../data/db/debugFlag.ts';
import { notifyOperators } from '../../data/functions/notifyOperators.ts';
import { hasStoredDebugGrant, storeDebugGrant, storedDebugGrant } from '../../data/local/debugGrant.ts';
import { debugModeAllowed } from '../../data/supabase/debugGrant.ts';

/** Reads this user's grant and keeps it locally; a failed read keeps the last known one (or none). */
export async function refreshDebugGrant(authId: string): Promise<void> {
  try {
    storeDebugGrant(authId, await debugModeAllowed(authId));
  } catch (error) {
    console.error('could not read the debug-mode grant; the cached one stays', error);
    // Settled on the last known grant (none: no grant) until a read says otherwise.
    storeDebugGrant(authId, hasStoredDebugGrant(authId) && storedDebugGrant(authId));
  }
}

/** Stores the debug flag; a real change (not a repeat) is reported to the operators once. */
export function changeDebugMode(on: boolean): void {
  if (storedDebugFlag() === on) return;
  storeDebugFlag(on);
  void notifyOperators(debugModeNotice(on), 'debug_mode');
}

/** The extension's current tab URL as it gave it (null: no tab URL); rejects with the timeout text. */
export async function askTabUrl(): Promise<string | null> {
  const url = await extensionBridge().requestCurrentUrl();
  return url?.raw ?? null;
}

/** Send test message: a current-URL request, the one message the extension answers. */
export async function sendTestMessage(): Promise<string> {
  try {
    const url = await askTabUrl();
    return `The extension answered: ${url ?? 'no tab URL'}`;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** Clear storage (confirmed by the user, pending edits included): sign out, wipe, reload. */
export async function clearStorageAndSignOut(): Promise<void> {
  await signOut().catch((error: unknown) => console.error('sign-out failed; clearing anyway', error));
  await clearAllStorage();
  window.location.reload();
}

/** Copy diagnostics: the redacted JSON on the clipboard; answers what was copied. */
export async function copyDiagnostics(diagnostics: Record<string, unknown>): Promise<string> {
  const text = diagnosticsText(diagnostics);
  await navigator.clipboard.writeText(text);
  return text;
}
