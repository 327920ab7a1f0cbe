/**
 * The Slack sink on its own, as a webhook client sees it: Slack's answers (`ok`,
 * `invalid_payload`, `no_text`, `no_service`), and what it keeps, through the JSON API and the
 * page people look at.
 */
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { startSlackSink, type SlackSink } from '../../../supabase/local/sandboxes/slack/index.ts';

let sink: SlackSink;
beforeAll(async () => {
  sink = await startSlackSink();
});
afterAll(() => sink?.stop());
beforeEach(() => sink.clear());

async function post(url: string, body: string) {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  return { status: response.status, text: await response.text() };
}

test('the webhook URL has the shape of a Slack incoming webhook', () => {
  expect(sink.webhookUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/services\/T[0-9A-F]{8}\/B[0-9A-F]{8}\/[0-9a-f]{24}$/);
});

test('a message is answered "ok" and kept, newest first', async () => {
  expect(await post(sink.webhookUrl, JSON.stringify({ text: 'first' }))).toEqual({ status: 200, text: 'ok' });
  expect(await post(sink.webhookUrl, JSON.stringify({ blocks: [{ type: 'divider' }] }))).toEqual({
    status: 200,
    text: 'ok',
  });
  const listed = (await (await fetch(`${sink.url}/api/messages`)).json()) as { text: string; payload: unknown }[];
  expect(listed.map((m) => m.text)).toEqual(['', 'first']);
  expect(listed[0].payload).toEqual({ blocks: [{ type: 'divider' }] });
  expect(sink.received()).toHaveLength(2);
});

test("Slack's refusals: not JSON, no text, unknown webhook; nothing is kept", async () => {
  expect(await post(sink.webhookUrl, 'text=hello')).toEqual({ status: 400, text: 'invalid_payload' });
  expect(await post(sink.webhookUrl, JSON.stringify({ username: 'bot' }))).toEqual({ status: 400, text: 'no_text' });
  expect(await post(`${sink.url}/services/T0/B0/wrong`, JSON.stringify({ text: 'x' }))).toEqual({
    status: 404,
    text: 'no_service',
  });
  expect(sink.received()).toHaveLength(0);
});

test('the page shows the messages, escaped; DELETE empties the list', async () => {
  await post(sink.webhookUrl, JSON.stringify({ text: 'Rate limit <script>alert(1)</script>' }));
  const page = await (await fetch(`${sink.url}/`)).text();
  expect(page).toContain('Local Slack webhook (1)');
  expect(page).toContain('Rate limit &lt;script&gt;alert(1)&lt;/script&gt;');
  expect(page).not.toContain('<script>');
  expect((await fetch(`${sink.url}/api/messages`, { method: 'DELETE' })).status).toBe(204);
  expect(sink.received()).toHaveLength(0);
});
