/**
 * `npm run build:extension` (tools/extension-build/build.ts), into a temporary folder: the
 * unpacked folder Chrome loads, the store zip holding exactly those files, the framed app URL
 * compiled in, the development key (fixed origin) or, for a release, no key and minified code;
 * Chrome's three icon sizes, packaged.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, test } from 'vitest';
import { buildExtension } from '../../tools/extension-build/build.ts';
import { DEV_EXTENSION_KEY, extensionOriginOf } from '../../tools/extension-build/extensionId.ts';

const work = await mkdtemp(join(tmpdir(), 'sidenote-extension-build-'));
afterAll(() => rm(work, { recursive: true, force: true }));

const filesOf = async (dir: string) =>
  (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();

describe('buildExtension', () => {
  test('development build: default app URL, development key and origin, zip = unpacked folder', async () => {
    const built = await buildExtension({ outDir: join(work, 'dev') });
    const manifest = JSON.parse(await readFile(join(built.dir, 'manifest.json'), 'utf8'));
    expect(built.appUrl).toBe('http://localhost:5173');
    expect(manifest.key).toBe(DEV_EXTENSION_KEY);
    expect(built.origin).toBe(extensionOriginOf(DEV_EXTENSION_KEY));
    expect(manifest.host_permissions).toContain('http://localhost:5173/*');
    const files = await filesOf(built.dir);
    expect(files).toEqual(expect.arrayContaining(['background.js', 'content.js', 'manifest.json', 'sidepanel.html']));
    expect(Object.keys(unzipSync(await readFile(built.zip))).sort()).toEqual(files);
    const panelScript = files.find((file) => file.startsWith('assets/') && file.endsWith('.js'))!;
    expect(await readFile(join(built.dir, panelScript), 'utf8')).toContain('"http://localhost:5173"');
  }, 30_000);

  test('release build: the given app URL, no key (the store gives the id), minified', async () => {
    const built = await buildExtension({
      outDir: join(work, 'release'),
      appUrl: 'https://app.sidenote.example',
      release: true,
    });
    const manifest = JSON.parse(await readFile(join(built.dir, 'manifest.json'), 'utf8'));
    expect(manifest).not.toHaveProperty('key');
    expect(built.origin).toBeNull();
    expect(manifest.host_permissions).toEqual(['https://*.linkedin.com/*', 'https://app.sidenote.example/*']);
    const content = await readFile(join(built.dir, 'content.js'), 'utf8');
    expect(content.split('\n').length).toBeLessThan(20);
  }, 30_000);

  test("the manifest's icons and toolbar icon name packaged PNGs of their size (16, 48, 128 px)", async () => {
    const built = await buildExtension({ outDir: join(work, 'icons') });
    const manifest = JSON.parse(await readFile(join(built.dir, 'manifest.json'), 'utf8'));
    expect(Object.keys(manifest.icons)).toEqual(['16', '48', '128']);
    expect(manifest.action.default_icon).toEqual(manifest.icons);
    for (const [size, file] of Object.entries(manifest.icons as Record<string, string>)) {
      const png = await readFile(join(built.dir, file));
      expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      expect(png.toString('ascii', 12, 16)).toBe('IHDR');
      // IHDR: width then height, 32-bit big-endian.
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([Number(size), Number(size)]);
    }
  }, 30_000);

  test('a malformed app URL builds nothing', async () => {
    await expect(buildExtension({ outDir: join(work, 'bad'), appUrl: 'localhost:5173/x y' })).rejects.toThrow();
    await expect(readdir(join(work, 'bad'))).rejects.toThrow();
  });
});
