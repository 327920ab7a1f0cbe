import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseSize, readProjectConfig } from '../../../supabase/local/config.ts';

describe('config.toml', () => {
  test.each([
    ['50MiB', 50 * 1024 * 1024],
    ['2MB', 2_000_000],
    ['512', 512],
    ['1.5 KiB', 1536],
  ])('parses the size %s', (text, bytes) => {
    expect(parseSize(text)).toBe(bytes);
  });

  test('refuses a size it cannot read', () => {
    expect(() => parseSize('lots')).toThrow('Invalid size in config.toml: "lots"');
    expect(() => parseSize('5 parsecs')).toThrow('Invalid size');
  });

  test("reads the project's settings", async () => {
    const config = await readProjectConfig('supabase');
    expect(config).toMatchObject({
      apiPort: 54321,
      inboxPort: 54324,
      siteUrl: 'http://localhost:5173',
      enableConfirmations: true,
      jwtExpirySeconds: 3600,
      storageFileSizeLimitBytes: 50 * 1024 * 1024,
      requireCurrentPassword: true,
      emailTemplates: {
        recovery: { subject: 'Reset Your Password', contentPath: resolve('supabase/templates/recovery.html') },
      },
    });
  });
});
