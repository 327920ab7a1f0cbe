/**
 * The redaction every operator notification passes through (supabase/functions/_shared/
 * redact-secrets.ts), in Deno as the functions load it: known secret values, token shapes and
 * named values are removed, the words around them and ordinary text are kept. (The
 * deployment's own secrets, read from the environment by redact.ts, are checked through the
 * running function in tests/integration/slack-notify.test.ts.)
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { REDACTED, redactSecrets } from '../../supabase/functions/_shared/redact-secrets.ts';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyIn0.c2lnbmF0dXJlLXZhbHVl';
const NOTION_KEY = 'ntn_12345678901abcdefghijklmnopqrstuvwxyzABCDEF123';

const KNOWN_SECRETS = ['plain-known-secret', 'plain-known-secret-longer'];

const REDACTIONS: [string, string][] = [
  ['the key plain-known-secret-longer and plain-known-secret', `the key ${REDACTED} and ${REDACTED}`],
  [`Authorization: Bearer ${JWT}`, `Authorization: Bearer ${REDACTED}`],
  ['authorization: Basic dXNlcjpzM2NyZXQ=', `authorization: Basic ${REDACTED}`],
  [`"Authorization":"Bearer opaque-token-123"`, `"Authorization":"Bearer ${REDACTED}"`],
  [`apikey: ${JWT}`, `apikey: ${REDACTED}`],
  ['x-rapidapi-key=abcdef123456', `x-rapidapi-key=${REDACTED}`],
  ['notion_key=plainvalue&x=1', `notion_key=${REDACTED}&x=1`],
  ['{"access_token": "opaque123", "ok": true}', `{"access_token": "${REDACTED}", "ok": true}`],
  ['Cookie: sb-session=abc', `Cookie: ${REDACTED}`],
  [`Notion key ${NOTION_KEY} was refused`, `Notion key ${REDACTED} was refused`],
  ['stripe sk_live_abcdefgh12345678 failed', `stripe ${REDACTED} failed`],
  ['hook https://hooks.slack.com/services/T0/B0/XYZ posted', `hook ${REDACTED} posted`],
];

for (const [input, expected] of REDACTIONS) {
  test(`redacts ${JSON.stringify(input)}`, () => {
    assert.equal(redactSecrets(input, KNOWN_SECRETS), expected);
  });
}

const KEPT = [
  'Provider: LinkedIn\nKind: rate\nUser: ada@example.com\nEndpoint: get-profile-data-by-url\nMethod: GET',
  'Account setup: state changed to setup_complete',
  'Failed to fetch databases: Notion API returned status 502',
  'Upgrade from the Basic plan',
];

for (const text of KEPT) {
  test(`keeps ${JSON.stringify(text)}`, () => {
    assert.equal(redactSecrets(text, KNOWN_SECRETS), text);
  });
}
