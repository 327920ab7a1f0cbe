/**
 * The `/auth/v1` service of the local stack: the subset of GoTrue (Supabase Auth) that
 * supabase-js's auth client uses — sign-up with e-mail confirmation, e-mail links, password
 * and refresh-token grants, the user's own endpoints, password recovery, settings, health,
 * and the service-role admin API. Everything is stored in the `auth` schema, as GoTrue does.
 *
 * What must stay true:
 * - every answer is GoTrue's (status, body shape, error code and message), so the unmodified
 *   supabase-js behaves as against hosted Supabase; what we do not emulate is refused with a
 *   plain 400, never faked;
 * - an unexpected failure is a 500 `unexpected_failure`; the log gets the error's message,
 *   never request bodies, tokens, passwords or keys.
 */
import type { StackContext } from '../context.ts';
import { json, type GatewayRequest, type GatewayResponse, type Service } from '../gateway/http.ts';
import { getUser, logout, recover, updateUser } from './account.ts';
import { adminUsers } from './admin.ts';
import type { AuthEnv } from './env.ts';
import { AuthApiError, errorResponse, notFound, OAuthError, unexpectedFailure } from './errors.ts';
import { createRedirectPolicy } from './redirects.ts';
import { signup } from './signup.ts';
import { token } from './token.ts';
import { verifyGet, verifyPost } from './verify.ts';

type Handler = (env: AuthEnv, req: GatewayRequest) => Promise<GatewayResponse>;

const EXTERNAL_PROVIDERS = [
  'anonymous_users',
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin_oidc',
  'notion',
  'spotify',
  'slack_oidc',
  'twitch',
  'twitter',
  'workos',
  'zoom',
];

/** GET /settings: what GoTrue reports about the project's auth configuration. */
const settings: Handler = async (env) => {
  const { config } = env.stack;
  return json(200, {
    external: { ...Object.fromEntries(EXTERNAL_PROVIDERS.map((p) => [p, false])), email: true, phone: false },
    disable_signup: !config.enableSignup,
    mailer_autoconfirm: !config.enableConfirmations,
    phone_autoconfirm: false,
    sms_provider: 'twilio',
    saml_enabled: false,
  });
};

const health: Handler = async () =>
  json(200, {
    version: 'sidenote-local',
    name: 'GoTrue',
    description: 'GoTrue is a user registration and authentication API',
  });

const ROUTES: Record<string, Record<string, Handler>> = {
  '/signup': { POST: signup },
  '/token': { POST: token },
  '/verify': { GET: verifyGet, POST: verifyPost },
  '/user': { GET: getUser, PUT: updateUser },
  '/logout': { POST: logout },
  '/recover': { POST: recover },
  '/settings': { GET: settings },
  '/health': { GET: health },
};

export function createAuthService(ctx: StackContext): Service {
  const env: AuthEnv = {
    stack: ctx,
    redirects: createRedirectPolicy(ctx.config.siteUrl, ctx.config.additionalRedirectUrls),
    authUrl: `${ctx.apiUrl}/auth/v1`,
  };

  return async (req) => {
    try {
      const path = req.path.replace(/\/+$/, '') || '/';
      if (path === '/admin/users' || path.startsWith('/admin/users/')) {
        return await adminUsers(env, req, path.slice('/admin/users'.length));
      }
      const route = ROUTES[path];
      if (!route) throw notFound('not_found', 'Not Found');
      const handler = route[req.method];
      if (!handler) throw new AuthApiError(405, 'method_not_allowed', 'Method Not Allowed');
      return await handler(env, req);
    } catch (error) {
      if (error instanceof AuthApiError || error instanceof OAuthError) return errorResponse(req, error);
      const { message, code } = error as { message?: string; code?: string };
      console.error(`[auth] ${req.method} ${req.path} failed: ${code ? `${code} ` : ''}${message ?? error}`);
      return unexpectedFailure(req);
    }
  };
}
