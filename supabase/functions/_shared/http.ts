/**
 * Responses of the functions: JSON with the CORS headers of the calling origin, so the
 * browser can read errors as well as successes.
 */
import { corsHeaders } from './cors.ts';

export function jsonResponse(
  req: Request,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders(req), 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

/** The request body parsed as JSON; `undefined` when it is empty or not JSON. */
export async function readJson(req: Request): Promise<unknown> {
  const text = await req.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
