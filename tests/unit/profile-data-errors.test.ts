/** Profile-fetch errors → spec 2 §8's texts, as the edge function answers them. */
import { expect, test } from 'vitest';
import { profileDataError } from '../../src/domain/capture/profileDataErrors.ts';

test.each([
  [
    429,
    'Too Many Requests',
    { error: 'Error: Monthly quota exceeded. Please contact your administrator.', reason: 'provider_quota_exceeded' },
    'provider_quota',
    'Error: Monthly quota exceeded. Please contact your administrator.',
  ],
  [
    429,
    'Too Many Requests',
    { error: 'Error: Rate limit exceeded. Please try again later.', reason: 'rate_limited' },
    'rate_limited',
    'Error: Rate limit exceeded. Please try again later.',
  ],
  [429, 'Too Many Requests', null, 'rate_limited', 'Error: Rate limit exceeded. Please try again later.'],
  [
    500,
    'Internal Server Error',
    { error: 'upstream says: rate limit hit' },
    'rate_limited',
    'Error: Rate limit exceeded. Please try again later.',
  ],
  [
    403,
    'Forbidden',
    { error: 'Monthly LinkedIn Imports Exceeded', reason: 'import_quota_exceeded' },
    'import_quota',
    'Monthly LinkedIn Imports Exceeded',
  ],
  [
    404,
    'Not Found',
    { error: 'Failed to retrieve profile data', reason: 'profile_not_found' },
    'other',
    'Failed to retrieve profile data',
  ],
  [
    403,
    'Forbidden',
    { error: "You don't have an active subscription.", reason: 'subscription_inactive' },
    'other',
    "You don't have an active subscription.",
  ],
  [502, 'Bad Gateway', 'not json', 'other', 'API error: 502 Bad Gateway'],
])('%i %s %j → %s', (status, statusText, body, kind, message) => {
  const error = profileDataError(status, statusText, body);
  expect(error.kind).toBe(kind);
  expect(error.message).toBe(message);
});
