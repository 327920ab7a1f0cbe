/**
 * CORS for the web app calling functions from the browser. The allowed origin comes from
 * APP_ORIGIN (comma-separated for several; the local stack sets it to the app's origin, on
 * hosted Supabase it is a secret). A request from an allowed origin gets that origin back;
 * any other origin gets none, so the browser refuses to share the response.
 *
 * Every function answers the OPTIONS preflight itself (`preflight()`), and adds
 * `corsHeaders(req)` to every response, errors included.
 */
const ALLOWED_HEADERS = 'authorization, x-client-info, apikey, content-type, x-region';
const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
const PREFLIGHT_MAX_AGE_SECONDS = 86_400;

/** The app's origins (APP_ORIGIN), without trailing slashes: where the browser may call from and be sent back to. */
export function allowedOrigins(): string[] {
  return (Deno.env.get('APP_ORIGIN') ?? '')
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter((origin) => origin !== '');
}

/** `extraHeaders`: request headers a function takes beyond the supabase-js ones (lowercase). */
export function corsHeaders(req: Request, extraHeaders: string[] = []): Record<string, string> {
  const origin = req.headers.get('origin');
  const headers: Record<string, string> = {
    'access-control-allow-headers': [ALLOWED_HEADERS, ...extraHeaders].join(', '),
    'access-control-allow-methods': ALLOWED_METHODS,
    vary: 'Origin',
  };
  if (origin && allowedOrigins().includes(origin)) headers['access-control-allow-origin'] = origin;
  return headers;
}

/** The answer to a CORS preflight (OPTIONS), without running the function's logic. */
export function preflight(req: Request, extraHeaders: string[] = []): Response {
  return new Response(null, {
    status: 204,
    headers: { ...corsHeaders(req, extraHeaders), 'access-control-max-age': String(PREFLIGHT_MAX_AGE_SECONDS) },
  });
}
