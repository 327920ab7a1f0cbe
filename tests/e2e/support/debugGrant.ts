/**
 * Debug mode is a per-user grant (issue 20): tests that use debug mode grant it to their user
 * as an admin would (set_debug_mode_allowed, here as the service role). The app reads the grant
 * at sign-in and at each app start, so a page loaded after this call sees it.
 */
import type { TestApp } from './app.ts';

export async function grantDebugMode(app: TestApp, authId: string, allowed = true): Promise<void> {
  await app.stack.serviceClient().rpc('set_debug_mode_allowed', { target_user_id: authId, allowed }).throwOnError();
}
