/**
 * Which Notion key a proxied call may use, decided on the server (issue 13, "The Notion key
 * stays on the server"; spec 2 §4 "Subscription gate").
 *
 * A call names its credential in exactly one header:
 * - `x-sidenote-workspace: <workspace uuid>` — every call once a workspace is saved. The key is
 *   loaded here (RPC notion_proxy_access, service role) only when the caller's profile is
 *   linked to that workspace in workspace_users — the link RLS uses for workspaces and
 *   settings; the spec ties workspaces to users, not to teams;
 * - `x-notion-key: <integration key>` — only `GET /users/me`, the wizard's validation of a
 *   typed key before its workspace exists.
 *
 * What must stay true:
 * - the subscription gate (../_shared/subscription-gate.ts, the caller's team as
 *   get_user_active_team answers it) is checked before any key is used, on every call;
 * - an unknown workspace and a workspace the caller is not linked to get the same refusal,
 *   so the answer never tells whether a workspace exists;
 * - a raw key on any other call is refused, whatever it is.
 */
import { serviceClient } from '../_shared/clients.ts';
import { isSubscriptionActive, NO_ACTIVE_SUBSCRIPTION } from '../_shared/subscription-gate.ts';

export const WORKSPACE_HEADER = 'x-sidenote-workspace';
export const KEY_HEADER = 'x-notion-key';
/** The one call that takes a raw key: validating it at entry. */
export const RAW_KEY_CALL = 'GET /users/me';

const KEY_SHAPE = /^[A-Za-z0-9_-]{1,200}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface Refusal {
  status: number;
  code: string;
  message: string;
}

export type Access = { ok: true; key: string } | { ok: false; refusal: Refusal };

const refused = (status: number, code: string, message: string): Access => ({
  ok: false,
  refusal: { status, code, message },
});

export const NOT_YOUR_WORKSPACE = refused(403, 'restricted_resource', 'This workspace is not available to you.');
export const SUBSCRIPTION_REQUIRED = refused(402, 'subscription_inactive', NO_ACTIVE_SUBSCRIPTION);

interface ProxyAccessRow {
  has_team: boolean | null;
  subscription_status: string | null;
  trial_end_date: string | null;
  notion_internal_key: string | null;
}

/** The key `call` (`METHOD /path`) may use for the caller `authUserId`, or the refusal. */
export async function accessFor(req: Request, call: string, authUserId: string): Promise<Access> {
  const workspaceId = req.headers.get(WORKSPACE_HEADER)?.trim() ?? '';
  const rawKey = req.headers.get(KEY_HEADER)?.trim() ?? '';
  if (workspaceId && rawKey) {
    return refused(400, 'invalid_request', `Send either ${WORKSPACE_HEADER} or ${KEY_HEADER}, not both.`);
  }
  if (rawKey && call !== RAW_KEY_CALL) {
    return refused(400, 'invalid_request', `A Notion key is taken only by ${RAW_KEY_CALL}; send ${WORKSPACE_HEADER}.`);
  }
  if (!workspaceId && !rawKey) {
    return refused(400, 'invalid_request', `The workspace is required in the ${WORKSPACE_HEADER} header.`);
  }
  if (rawKey && !KEY_SHAPE.test(rawKey)) {
    return refused(400, 'invalid_request', `A Notion integration key is required in the ${KEY_HEADER} header.`);
  }
  if (workspaceId && !UUID.test(workspaceId)) return NOT_YOUR_WORKSPACE;

  const { data, error } = await serviceClient().rpc('notion_proxy_access', {
    p_auth_user_id: authUserId,
    ...(workspaceId ? { p_workspace_id: workspaceId } : {}),
  });
  if (error) throw new Error(`reading the caller's access failed: ${error.message}`);
  const row = data as ProxyAccessRow;
  const team = row.has_team
    ? { subscription_status: row.subscription_status, trial_end_date: row.trial_end_date }
    : null;
  if (!isSubscriptionActive(team)) return SUBSCRIPTION_REQUIRED;
  if (rawKey) return { ok: true, key: rawKey };
  return row.notion_internal_key ? { ok: true, key: row.notion_internal_key } : NOT_YOUR_WORKSPACE;
}
