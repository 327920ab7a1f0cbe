/**
 * Responses of the functions: JSON with the CORS headers of the calling origin, so the
 * browser can read errors as well as successes; and request bodies read as JSON within a cap
 * (request-body.ts: past it, PayloadTooLarge, which each function answers with a 413).
 */
import { corsHeaders } from './cors.ts';
import { MAX_JSON_BODY_BYTES, readBodyText } from './request-body.ts';

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

/**
 * The request body parsed as JSON; `undefined` when it is empty or not JSON. Throws
 * PayloadTooLarge past `maxBytes` (MAX_JSON_BODY_BYTES unless told), having read no more.
 */
export async function readJson(req: Request, maxBytes = MAX_JSON_BODY_BYTES): Promise<unknown> {
  const text = await readBodyText(req, maxBytes);
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
