/**
 * Reading a request's body with a cap (issue 32, item 8): hosted Supabase lets a function read
 * whatever a caller sends, so each function reads at most what its calls can need and answers
 * 413 past it. No imports: the functions and the Deno tests read it alike.
 *
 * What must stay true:
 * - a body over `maxBytes` is refused having read at most `maxBytes` (+ one chunk): a declared
 *   Content-Length over the cap before any byte, a streamed one as soon as it passes the cap;
 * - a signed delivery (stripe-webhook) is refused without reading its body at all when it
 *   carries no signature: the body is unauthenticated until the signature is checked.
 */

/** App → function JSON bodies (the largest, slack-notify's message, is at most 10 000 characters). */
export const MAX_JSON_BODY_BYTES = 64 * 1024;

/** A body over its cap; its message is the one the caller reads (with a 413). */
export class PayloadTooLarge extends Error {
  constructor(maxBytes: number) {
    super(`The request body is larger than ${Math.round(maxBytes / 1024)} KiB.`);
    this.name = 'PayloadTooLarge';
  }
}

/** The body as text (UTF-8), or PayloadTooLarge once it passes `maxBytes`. */
export async function readBodyText(req: Request, maxBytes: number): Promise<string> {
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw new PayloadTooLarge(maxBytes);
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new PayloadTooLarge(maxBytes);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/**
 * The body of a signed delivery and its signature: null, with the body unread, when the request
 * carries no `signatureHeader`; PayloadTooLarge past `maxBytes`.
 */
export async function readSignedBody(
  req: Request,
  signatureHeader: string,
  maxBytes: number,
): Promise<{ signature: string; body: string } | null> {
  const signature = req.headers.get(signatureHeader);
  if (!signature) return null;
  return { signature, body: await readBodyText(req, maxBytes) };
}
