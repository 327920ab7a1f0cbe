/**
 * The one redaction of /cache-debug's exports (src/domain/debug/redactSecrets.ts): Notion keys,
 * JWTs, access and refresh tokens, API keys, passwords and Authorization values never survive it,
 * wherever they sit (a named field, inside a text, inside JSON kept as a string); everything else,
 * names that only share a word with a secret's included, is kept as is.
 */
import { describe, expect, test } from 'vitest';
import { REDACTED, redactSecrets } from '../../src/domain/debug/redactSecrets.ts';

const NTN = `ntn_${'4'.repeat(11)}${'aB'.repeat(17)}`;
const LEGACY = `secret_${'Zx9'.repeat(14)}`;
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyIn0.c2lnbmF0dXJlLXBhcnQ';
const REFRESH = 'v1.refresh-xyz-123';

const text = (value: unknown) => JSON.stringify(value);

describe('redactSecrets', () => {
  test.each([
    ['a Notion key in a sentence', `the key ${NTN} failed`, `the key ${REDACTED} failed`],
    ['a legacy Notion key', LEGACY, REDACTED],
    ['a JWT', `token=${JWT}`, `token=${REDACTED}`],
    ['an Authorization value', 'Authorization: Bearer abc.def-123', `Authorization: ${REDACTED}`],
  ])('%s in a text', (_, input, output) => {
    expect(redactSecrets(input)).toBe(output);
  });

  test('fields named as secrets are replaced whole, whatever they hold', () => {
    const out = redactSecrets({
      access_token: 'opaque',
      refresh_token: REFRESH,
      accessToken: 'opaque2',
      headers: { Authorization: 'Basic dXNlcjpwYXNz', apikey: 'anon' },
      notion_key: 'ntn_12...xyz',
      password: 'hunter2',
    });
    expect(out).toEqual({
      access_token: REDACTED,
      refresh_token: REDACTED,
      accessToken: REDACTED,
      headers: { Authorization: REDACTED, apikey: REDACTED },
      notion_key: REDACTED,
      password: REDACTED,
    });
  });

  test.each([
    'sb-127-auth-token-code-verifier',
    'notion_api_key',
    'NOTION_API_KEY',
    'apiKey',
    'notionApiKey',
    'X-Api-Key',
    'notion_internal_key',
    'client_secret',
    'webhookSecret',
    'new_password',
    'provider_refresh_token',
    'credentials',
  ])('%s is a secret name: its value is replaced whole', (name) => {
    expect(redactSecrets({ [name]: 'plain-value' })).toEqual({ [name]: REDACTED });
  });

  test('names that only share a word with a secret stay, with their values', () => {
    const kept = {
      key: 'worker_session',
      keys: ['active_setting', 'user_profile'],
      keyMask: 'ntn_1…xyz',
      keyboard: 'azerty',
      notion_key_name: 'CRM integration',
      token_type: 'bearer',
      monkey: 'business',
    };
    expect(redactSecrets(kept)).toEqual(kept);
  });

  test("supabase-js's session (localStorage) is replaced whole; another JSON string is redacted inside and stays JSON", () => {
    const session = JSON.stringify({ access_token: JWT, refresh_token: REFRESH, user: { id: 'u1' } });
    const note = JSON.stringify({ edit: { authId: 'u1', value: { select: { name: 'Lead' } } }, apiKey: 'k' });
    const out = redactSecrets({ 'sb-127-auth-token': session, 'sidenote-outbox-journal:1': note }) as Record<
      string,
      string
    >;
    expect(out['sb-127-auth-token']).toBe(REDACTED);
    expect(JSON.parse(out['sidenote-outbox-journal:1'])).toEqual({
      edit: { authId: 'u1', value: { select: { name: 'Lead' } } },
      apiKey: REDACTED,
    });
    expect(text(out)).not.toContain(REFRESH);
  });

  test('deep in arrays and objects, nothing secret is left; the rest is untouched', () => {
    const input = {
      tables: { cache: [{ key: 'worker_session', value: { authId: 'u', accessToken: JWT, expiresAt: 5 } }] },
      log: [`PATCH failed with ${NTN}`, 42, null, true],
      page: { title: 'Ada Lovelace', url: 'https://www.notion.so/Ada-123', secretary: 'Bob' },
    };
    const out = redactSecrets(input);
    for (const secret of [NTN, JWT]) expect(text(out)).not.toContain(secret);
    expect(out).toEqual({
      tables: { cache: [{ key: 'worker_session', value: { authId: 'u', accessToken: REDACTED, expiresAt: 5 } }] },
      log: [`PATCH failed with ${REDACTED}`, 42, null, true],
      page: { title: 'Ada Lovelace', url: 'https://www.notion.so/Ada-123', secretary: 'Bob' },
    });
  });

  test.each([
    [
      'a token in a query string',
      'https://mail.example.com/inbox?access_token=opaque-123&user=ada',
      `https://mail.example.com/inbox?access_token=${REDACTED}&user=ada`,
    ],
    [
      "a session in a fragment (an OAuth redirect's)",
      'https://app.example.com/cb#access_token=abc&refresh_token=def&token_type=bearer&expires_in=3600',
      `https://app.example.com/cb#access_token=${REDACTED}&refresh_token=${REDACTED}&token_type=${REDACTED}&expires_in=3600`,
    ],
    [
      'a recovery link, an OAuth code, an API key and a signature',
      'https://x.example/update-password?token_hash=h4sh&code=c0de&api_key=k3y&X-Amz-Signature=s1g&page=2',
      `https://x.example/update-password?token_hash=${REDACTED}&code=${REDACTED}&api_key=${REDACTED}&X-Amz-Signature=${REDACTED}&page=2`,
    ],
    [
      'a URL inside a sentence',
      'tab at https://a.example/?id=1&password=hunter2 now',
      `tab at https://a.example/?id=1&password=${REDACTED} now`,
    ],
  ])('%s: the secret parameters of a URL lose their values', (_, input, output) => {
    expect(redactSecrets(input)).toBe(output);
    expect(redactSecrets({ tab: { tabUrl: input } })).toEqual({ tab: { tabUrl: output } });
  });

  test('URL parameters that are not secrets stay, and so does a URL without any', () => {
    const kept = [
      'https://www.linkedin.com/in/ada/?miniProfile=1&trk=public_profile#experience',
      'https://www.notion.so/Ada-123?pvs=4',
      'https://example.com/search?q=token&keyword=secret',
    ];
    for (const url of kept) expect(redactSecrets(url)).toBe(url);
  });

  test('words that only look alike stay', () => {
    expect(redactSecrets('secret_ Santa, ntn_ short, eyJ')).toBe('secret_ Santa, ntn_ short, eyJ');
    expect(redactSecrets({ token_type: 'bearer', expires_in: 3600 })).toEqual({
      token_type: 'bearer',
      expires_in: 3600,
    });
  });
});
