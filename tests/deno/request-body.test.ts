/**
 * Reading request bodies in the functions (supabase/functions/_shared/request-body.ts), in Deno
 * (issue 32, item 8): an unsigned delivery to stripe-webhook is refused before a byte of its
 * unauthenticated body is read, and a body over its cap is refused (PayloadTooLarge, 413) having
 * read at most the cap — whether it declares its length or streams it.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PayloadTooLarge, readBodyText, readSignedBody } from '../../supabase/functions/_shared/request-body.ts';

const CHUNK_BYTES = 16 * 1024;

/** A POST whose body streams `chunks` chunks of 16 KiB, counting the chunks read. */
function streamed(chunks: number, headers: Record<string, string> = {}) {
  const read = { chunks: 0 };
  let left = chunks;
  // highWaterMark 0: a chunk is made only when the reader asks for it, none in advance.
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (left-- === 0) return controller.close();
        read.chunks++;
        controller.enqueue(new Uint8Array(CHUNK_BYTES).fill(0x20));
      },
    },
    { highWaterMark: 0 },
  );
  const init = { method: 'POST', headers, body, duplex: 'half' } as RequestInit;
  return { req: new Request('http://localhost/stripe-webhook', init), read };
}

test('an unsigned delivery is refused without reading its body', async () => {
  const { req, read } = streamed(64);
  assert.equal(await readSignedBody(req, 'stripe-signature', 1024 * 1024), null);
  assert.equal(read.chunks, 0);
});

test('a signed delivery is read whole, within the cap', async () => {
  const { req } = streamed(2, { 'stripe-signature': 't=1,v1=abc' });
  const signed = await readSignedBody(req, 'stripe-signature', 64 * 1024);
  assert.equal(signed?.signature, 't=1,v1=abc');
  assert.equal(signed?.body.length, 2 * CHUNK_BYTES);
});

test('a streamed body over the cap is refused after reading no more than the cap', async () => {
  const { req, read } = streamed(64);
  await assert.rejects(readBodyText(req, 4 * CHUNK_BYTES), PayloadTooLarge);
  assert.ok(read.chunks <= 5 + 1, `read ${read.chunks} chunks`);
});

test('a body that declares a length over the cap is refused before it is read', async () => {
  const { req, read } = streamed(64, { 'content-length': String(64 * CHUNK_BYTES) });
  await assert.rejects(
    readBodyText(req, 4 * CHUNK_BYTES),
    (error: unknown) => error instanceof PayloadTooLarge && error.message === 'The request body is larger than 64 KiB.',
  );
  assert.equal(read.chunks, 0);
});

test('a body within the cap is read whole', async () => {
  const text = JSON.stringify({ message: 'é'.repeat(1000) });
  assert.equal(await readBodyText(new Request('http://localhost/', { method: 'POST', body: text }), 4096), text);
});
