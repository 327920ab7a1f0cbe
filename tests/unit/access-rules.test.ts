/**
 * The validation rules and pure decisions of the access and profile screens (spec 1 §2, §5,
 * §9; spec 2 §2, §4, §5), with the spec's messages verbatim.
 */
import { describe, expect, test } from 'vitest';
import {
  canChangePassword,
  EMAIL_ALREADY_REGISTERED,
  isAlreadyRegisteredError,
  newPasswordError,
  PASSWORD_CHANGE_INVALID,
  PASSWORD_MIN_LENGTH,
} from '../../src/domain/auth/passwordRules.ts';
import {
  decideUrlSession,
  signUpConfirmationOf,
  urlAuthParams,
  withoutUrlSession,
} from '../../src/domain/auth/urlSession.ts';
import { isRecoverySession, recoveryTokenHash } from '../../src/domain/auth/recoverySession.ts';
import {
  AVATAR_MAX_BYTES,
  AVATAR_QUALITY,
  AVATAR_SIZE_PX,
  avatarExtension,
  avatarFileError,
  avatarInitial,
  avatarOutputType,
  avatarPath,
  cacheBusted,
  centredSquare,
} from '../../src/domain/profile/avatarRules.ts';
import {
  debugGrantRedirect,
  emailInitial,
  guardRedirect,
  headerPlan,
  isDebugOnlyPath,
  withoutQueryParam,
} from '../../src/domain/routing/routeAccess.ts';
import { themeClass } from '../../src/app/theme.ts';

describe('passwords (register, update-password, profile change)', () => {
  test.each([
    ['', 'Password must contain at least 6 characters'],
    ['12345', 'Password must contain at least 6 characters'],
    ['123456', null],
  ])('"%s" → %s', (password, message) => {
    expect(newPasswordError(password, password)).toBe(message);
  });

  test('the minimum is 6', () => expect(PASSWORD_MIN_LENGTH).toBe(6));

  test('a mismatched confirmation', () => {
    expect(newPasswordError('secret-1', 'secret-2')).toBe('Passwords do not match');
  });

  test('length is checked before the confirmation', () => {
    expect(newPasswordError('abc', 'abd')).toBe('Password must contain at least 6 characters');
  });

  test.each([
    ['', 'secret-1', 'secret-1', false],
    ['old', 'short', 'short', false],
    ['old', 'secret-1', 'secret-2', false],
    ['old', 'secret-1', 'secret-1', true],
  ])('profile change enabled for (%s, %s, %s): %s', (current, next, confirmation, enabled) => {
    expect(canChangePassword(current, next, confirmation)).toBe(enabled);
  });

  test('the profile change message', () => {
    expect(PASSWORD_CHANGE_INVALID).toBe(
      'Please check that your new password is at least 6 characters and matches the confirmation.',
    );
  });
});

describe('already registered (spec 2 §5)', () => {
  test('the message', () => {
    expect(EMAIL_ALREADY_REGISTERED).toBe(
      'This email is already registered. Please use the login page or reset your password.',
    );
  });
  test.each([
    ['User already registered', true],
    ['A user with this email address has already been registered', true],
    ['Email exists', true],
    ['That address is TAKEN', true],
    ['Password should be at least 6 characters', false],
    ['Email rate limit exceeded', false],
  ])('"%s" → %s', (message, expected) => expect(isAlreadyRegisteredError(message)).toBe(expected));
});

describe('avatar', () => {
  test.each([
    [null, 'No file selected'],
    [{ type: 'application/pdf', size: 10 }, 'Please select an image file'],
    [{ type: 'text/plain', size: 5 }, 'Please select an image file'],
    [{ type: '', size: 10 }, 'Please select an image file'],
    [{ type: 'image/png', size: AVATAR_MAX_BYTES }, 'Image must be less than 2MB in size'],
    [{ type: 'image/png', size: AVATAR_MAX_BYTES - 1 }, null],
    [{ type: 'image/svg+xml', size: 100 }, null],
  ])('%j → %s', (file, message) => expect(avatarFileError(file)).toBe(message));

  test('limits: 2 MB, 200×200, 0.9', () => {
    expect(AVATAR_MAX_BYTES).toBe(2 * 1024 * 1024);
    expect(AVATAR_SIZE_PX).toBe(200);
    expect(AVATAR_QUALITY).toBe(0.9);
  });

  test.each([
    [300, 150, { sx: 75, sy: 0, side: 150 }],
    [150, 301, { sx: 0, sy: 75, side: 150 }],
    [200, 200, { sx: 0, sy: 0, side: 200 }],
  ])('centred square of %i×%i', (w, h, square) => expect(centredSquare(w, h)).toEqual(square));

  test('path and extension', () => {
    expect(avatarPath('u-1', 'png')).toBe('public/u-1.png');
    expect(avatarExtension('image/jpeg')).toBe('jpg');
    expect(avatarExtension('image/webp')).toBe('webp');
    expect(avatarExtension('image/png')).toBe('png');
    // A format the canvas cannot write was re-encoded as PNG: stored under .png, never .heic.
    expect(avatarExtension(avatarOutputType('image/heic'))).toBe('png');
    expect(avatarExtension(avatarOutputType('image/gif'))).toBe('png');
  });

  test('output type: canvas formats kept, others become PNG', () => {
    expect(avatarOutputType('image/jpeg')).toBe('image/jpeg');
    expect(avatarOutputType('image/webp')).toBe('image/webp');
    expect(avatarOutputType('image/gif')).toBe('image/png');
  });

  test.each([
    ['ada', 'x@y.z', 'A'],
    ['', 'zoe@y.z', 'Z'],
    ['  ', null, 'U'],
    [null, undefined, 'U'],
  ])('initial of (%s, %s) is %s', (first, email, letter) => expect(avatarInitial(first, email)).toBe(letter));

  test('cache-busting URL', () => {
    expect(cacheBusted('http://x/a.png', 5)).toBe('http://x/a.png?t=5');
    expect(cacheBusted('http://x/a.png?v=1', 5)).toBe('http://x/a.png?v=1&t=5');
  });
});

describe('guards (spec 1 §2, spec 2 §2)', () => {
  test.each([
    ['auth', false, '/login'],
    ['auth', true, null],
    ['guest', true, '/'],
    ['guest', false, null],
    ['open', false, null],
    ['open', true, null],
  ] as const)('%s route, signed in %s → %s', (access, signedIn, target) => {
    expect(guardRedirect(access, signedIn)).toBe(target);
  });

  test('admin routes: non-admins go to /account, signed-out visitors to /login', () => {
    expect(guardRedirect('admin', true, false)).toBe('/account');
    expect(guardRedirect('admin', true, true)).toBeNull();
    expect(guardRedirect('admin', false)).toBe('/login');
  });
});

describe('debug-only screens (issue 20): without the grant, a signed-in user goes to /', () => {
  const DEBUG_SCREENS = [
    '/cache-debug',
    '/linkedin-api-test',
    '/linkedin-api-security-test',
    '/number-format-test',
    '/stripe-test',
  ];

  test.each(DEBUG_SCREENS)('%s: not granted → /, granted → stays, signed out → left to the auth guard', (path) => {
    expect(isDebugOnlyPath(path)).toBe(true);
    expect(debugGrantRedirect(path, true, false)).toBe('/');
    expect(debugGrantRedirect(`${path}/`, true, false)).toBe('/');
    expect(debugGrantRedirect(path, true, true)).toBeNull();
    expect(debugGrantRedirect(path, false, false)).toBeNull();
  });

  test.each(['/', '/notion-settings', '/account', '/profile', '/admin', '/somewhere/else'])(
    '%s is no debug screen: nobody is sent away for the grant',
    (path) => {
      expect(isDebugOnlyPath(path)).toBe(false);
      expect(debugGrantRedirect(path, true, false)).toBeNull();
    },
  );
});

describe('header (spec 2 §2)', () => {
  test.each(['/login', '/register', '/reset-password', '/update-password'])('no header on %s', (path) => {
    expect(headerPlan(path).visible).toBe(false);
  });
  test.each([
    ['/notion-settings', 'Exit Notion settings'],
    ['/new-setting/select-workspace', 'Exit Notion settings'],
    ['/new-setting/completion', 'Exit Notion settings'],
    ['/profile', 'Back'],
    ['/profile/', 'Back'],
    ['/account', 'Back'],
    ['/', null],
    ['/not-linked-in', null],
  ])('%s back button: %s', (path, label) => {
    expect(headerPlan(path)).toEqual({ visible: true, backLabel: label });
  });
  test('user menu initial', () => {
    expect(emailInitial('bob@x.io')).toBe('B');
    expect(emailInitial('')).toBe('U');
  });
  test('removing the registered query keeps the rest', () => {
    expect(withoutQueryParam('?registered=success', 'registered')).toBe('');
    expect(withoutQueryParam('?a=1&registered=success', 'registered')).toBe('?a=1');
  });
});

describe('auth tokens in the URL (spec 2 §4): never taken up', () => {
  const tokens = urlAuthParams('http://app/auth/callback#access_token=a&refresh_token=r&type=signup');
  test('reads the fragment', () => expect(tokens).toMatchObject({ access_token: 'a', type: 'signup' }));
  test('reads the query too, as auth-js would', () => {
    expect(urlAuthParams('http://app/?access_token=q#x=1')).toMatchObject({ access_token: 'q', x: '1' });
  });
  test('without a session marker: signed out, auto sign-in blocked', () => {
    expect(decideUrlSession(tokens, false)).toBe('signOut');
  });
  test('with the marker: the stored session stays as it was', () =>
    expect(decideUrlSession(tokens, true)).toBe('keep'));
  test.each([
    ['recovery', false, 'signOut'],
    ['recovery', true, 'keep'],
    ['magiclink', true, 'keep'],
    ['', true, 'keep'],
  ] as const)('type=%s (marker %s) is only the link talking: %s', (type, marker, decision) => {
    expect(decideUrlSession({ access_token: 'a', refresh_token: 'r', type }, marker)).toBe(decision);
  });
  test('a refresh token alone counts as a session', () => {
    expect(decideUrlSession({ refresh_token: 'r' }, false)).toBe('signOut');
  });
  test('no tokens, nothing to decide', () => expect(decideUrlSession({ error: 'x' }, false)).toBe('none'));
  test('the address keeps its path and other query, without the session', () => {
    expect(withoutUrlSession('http://app/update-password?a=1&access_token=q&type=recovery#access_token=a')).toBe(
      '/update-password?a=1',
    );
  });
});

describe('the sign-up confirmation redirect (issue 16): what it says, never a session', () => {
  test.each([
    ['#access_token=a&refresh_token=r&type=signup', { outcome: 'confirmed' }],
    ['#access_token=a&refresh_token=r&type=recovery', null],
    ['#access_token=a&refresh_token=r', null],
    ['#type=signup', null],
    [
      '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid',
      { outcome: 'failed', code: 'otp_expired' },
    ],
    ['#error=server_error', { outcome: 'failed', code: 'server_error' }],
    ['', null],
  ])('/auth/callback%s → %j', (fragment, outcome) => {
    expect(signUpConfirmationOf(urlAuthParams(`http://app/auth/callback${fragment}`))).toEqual(outcome);
  });
});

describe('recovery sessions: the server says so, not the link', () => {
  const jwt = (claims: object) => `h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.s`;
  test.each(['otp', 'magiclink', 'recovery'])('amr %s (opened from an e-mail link) is a recovery session', (method) => {
    expect(isRecoverySession(jwt({ amr: [{ method, timestamp: 1 }] }))).toBe(true);
  });
  test.each([
    ['a password sign-in', { amr: [{ method: 'password', timestamp: 1 }] }],
    ['no amr', {}],
    ['a malformed amr', { amr: 'otp' }],
  ])('%s is not', (_, claims) => expect(isRecoverySession(jwt(claims))).toBe(false));
  test.each([
    ['not a JWT', 'garbage'],
    ['a payload that is not base64 JSON', 'h.%%%.s'],
    ['a payload that is not an object', `h.${Buffer.from('42').toString('base64url')}.s`],
  ])('a token whose claims cannot be read (%s) fails closed: it counts as recovery', (_, token) => {
    expect(isRecoverySession(token)).toBe(true);
  });
  test("the reset link's token hash comes from the query", () => {
    expect(recoveryTokenHash('?token_hash=abc')).toBe('abc');
    expect(recoveryTokenHash('?type=recovery')).toBeNull();
    expect(recoveryTokenHash('')).toBeNull();
  });
});

describe('theme (spec 2 §4)', () => {
  test('dark and light', () => {
    expect(themeClass(true)).toBe('dark');
    expect(themeClass(false)).toBe('light');
  });
});
