/** Every timer of the access and profile screens, on a fake clock (spec 1 §2, §4). */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  AVATAR_MESSAGE_MS,
  expireRegisteredNotice,
  FIELD_STATUS_MS,
  redirectAfterPasswordUpdate,
  redirectAfterRegister,
  REGISTER_REDIRECT_TARGET,
  REGISTERED_NOTICE_MS,
} from '../../src/domain/auth/timings.ts';
import { withoutQueryParam } from '../../src/domain/routing/routeAccess.ts';
import { createFlash, trackSave, type FieldStatus } from '../../src/domain/profile/fieldStatus.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('login: registered=success notice', () => {
  test('expires after exactly 8 s', () => {
    const expire = vi.fn();
    expireRegisteredNotice(expire);
    vi.advanceTimersByTime(7_999);
    expect(expire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(expire).toHaveBeenCalledOnce();
  });
  test('expired, the address loses only its registered parameter: /login?registered=success is /login again', () => {
    const search = '?registered=success';
    let address = `/login${search}`;
    expireRegisteredNotice(() => (address = `/login${withoutQueryParam(search, 'registered')}`));
    vi.advanceTimersByTime(REGISTERED_NOTICE_MS);
    expect(address).toBe('/login');
    expect(REGISTER_REDIRECT_TARGET).toBe('/login?registered=success');
  });
  test('leaving the page cancels it', () => {
    const expire = vi.fn();
    expireRegisteredNotice(expire)();
    vi.advanceTimersByTime(10_000);
    expect(expire).not.toHaveBeenCalled();
  });
});

describe('register: thank-you, then /login?registered=success', () => {
  test('after exactly 3 s', () => {
    const go = vi.fn();
    redirectAfterRegister(go);
    vi.advanceTimersByTime(2_999);
    expect(go).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(go).toHaveBeenCalledWith('/login?registered=success');
  });
});

describe('update-password: then / after 2 s', () => {
  test('after exactly 2 s', () => {
    const go = vi.fn();
    redirectAfterPasswordUpdate(go);
    vi.advanceTimersByTime(1_999);
    expect(go).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(go).toHaveBeenCalledWith('/');
  });
});

describe('profile field save status', () => {
  const track = () => {
    const seen: FieldStatus[] = [];
    const flash = createFlash<FieldStatus>('idle', FIELD_STATUS_MS, (s) => seen.push(s));
    return { seen, flash };
  };

  test('loading while saving, check for 2 s, then nothing', async () => {
    const { seen, flash } = track();
    let finish!: () => void;
    const saving = trackSave(flash, () => new Promise<void>((done) => (finish = done)), FIELD_STATUS_MS);
    expect(seen).toEqual(['loading']);
    vi.advanceTimersByTime(60_000); // loading stays as long as the save runs
    expect(seen).toEqual(['loading']);
    finish();
    expect(await saving).toBe(true);
    expect(seen).toEqual(['loading', 'success']);
    vi.advanceTimersByTime(1_999);
    expect(seen.at(-1)).toBe('success');
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(['loading', 'success', 'idle']);
  });

  test('a failed save shows the error for 2 s', async () => {
    const { seen, flash } = track();
    expect(await trackSave(flash, () => Promise.reject(new Error('x')), FIELD_STATUS_MS)).toBe(false);
    expect(seen).toEqual(['loading', 'error']);
    vi.advanceTimersByTime(2_000);
    expect(seen.at(-1)).toBe('idle');
  });

  test('a new save restarts the clock', async () => {
    const { seen, flash } = track();
    await trackSave(flash, async () => {}, FIELD_STATUS_MS);
    vi.advanceTimersByTime(1_500);
    await trackSave(flash, async () => {}, FIELD_STATUS_MS);
    vi.advanceTimersByTime(1_500);
    expect(seen.at(-1)).toBe('success');
    vi.advanceTimersByTime(500);
    expect(seen.at(-1)).toBe('idle');
  });
});

describe("'Avatar updated!'", () => {
  test('shows for exactly 3 s', () => {
    const seen: string[] = [];
    createFlash<string>('', AVATAR_MESSAGE_MS, (m) => seen.push(m)).show('Avatar updated!');
    vi.advanceTimersByTime(2_999);
    expect(seen).toEqual(['Avatar updated!']);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(['Avatar updated!', '']);
  });
});
