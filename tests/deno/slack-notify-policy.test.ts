/**
 * Who may send which notification through slack-notify (supabase/functions/slack-notify/
 * policy.ts), in Deno: the service role anything, a signed-in user only their own kinds and only
 * about themselves; and the texts the operators read. The same rules through the running
 * function: tests/integration/operator-notifications.test.ts.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { NOTIFICATION_TYPES } from '../../supabase/functions/_shared/notification-types.ts';
import {
  newUserMessage,
  notificationText,
  REFUSALS,
  refusalOf,
  type Sender,
} from '../../supabase/functions/slack-notify/policy.ts';

const ADA: Extract<Sender, { kind: 'user' }> = {
  kind: 'user',
  id: '11111111-1111-4111-8111-111111111111',
  email: 'Ada@Example.com',
  createdAt: '2026-11-24T10:00:00Z',
};
const SERVICE: Sender = { kind: 'service' };
const OTHER_ID = '22222222-2222-4222-8222-222222222222';

test('the service role may send every type, about anyone, or none', () => {
  for (const type of [...NOTIFICATION_TYPES, undefined]) {
    assert.equal(refusalOf(SERVICE, type, { auth_user_id: OTHER_ID, email: 'bob@example.com' }), undefined);
  }
});

test('a user may send api_error, debug_mode, onboarding_event and new_user about themselves', () => {
  for (const type of ['api_error', 'debug_mode', 'onboarding_event', 'new_user'] as const) {
    assert.equal(refusalOf(ADA, type, {}), undefined);
    assert.equal(refusalOf(ADA, type, { auth_user_id: ADA.id, email: 'ada@example.com ' }), undefined);
  }
});

test('a user may not send the server-only kinds (403)', () => {
  for (const type of ['rate_limit', 'quota_exceeded'] as const) {
    assert.deepEqual(refusalOf(ADA, type, {}), { status: 403, error: REFUSALS.serverOnly(type) });
  }
  assert.equal(REFUSALS.serverOnly('rate_limit'), 'rate_limit notifications are sent by the server only');
});

test('a user must name the type (400)', () => {
  assert.deepEqual(refusalOf(ADA, undefined, {}), { status: 400, error: 'type is required' });
});

test('a user may not send about another account, by id or e-mail (403)', () => {
  const notYours = { status: 403, error: 'You may only send notifications about your own account' };
  assert.deepEqual(refusalOf(ADA, 'new_user', { auth_user_id: OTHER_ID }), notYours);
  assert.deepEqual(refusalOf(ADA, 'api_error', { email: 'bob@example.com' }), notYours);
});

test('the new-user notice is written from the account', () => {
  assert.equal(newUserMessage(ADA), 'New user registered: Ada@Example.com (signed up 2026-11-24T10:00:00Z)');
});

test('the posted text: type tag, escaped message, sender', () => {
  assert.equal(
    notificationText(ADA, 'api_error', '<!channel> & co'),
    '[api_error] &lt;!channel&gt; &amp; co\nFrom: Ada@Example.com',
  );
  assert.equal(notificationText(SERVICE, undefined, 'hello'), 'hello\nFrom: service');
});
