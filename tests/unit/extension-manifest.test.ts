/**
 * The extension's manifest (extension/manifest.ts): Manifest V3, the fewest permissions, host
 * permissions for LinkedIn and the framed app's origin only, packaged scripts only; and the
 * id a manifest key gives (tools/extension-build/extensionId.ts).
 */
import { describe, expect, test } from 'vitest';
import { extensionManifest } from '../../extension/manifest.ts';
import { DEV_EXTENSION_KEY, extensionIdOf, extensionOriginOf } from '../../tools/extension-build/extensionId.ts';

describe('extensionManifest', () => {
  const manifest = extensionManifest({ appUrl: 'https://app.sidenote.example/some/path?x=1', version: '1.2.3' });

  test('MV3, side panel page, module service worker, content script on LinkedIn', () => {
    expect(manifest).toMatchObject({
      manifest_version: 3,
      version: '1.2.3',
      side_panel: { default_path: 'sidepanel.html' },
      background: { service_worker: 'background.js', type: 'module' },
      content_scripts: [{ matches: ['https://*.linkedin.com/*'], js: ['content.js'] }],
    });
  });

  test('permissions: sidePanel and tabs; hosts: LinkedIn and the app origin (not its path), nothing else', () => {
    expect(manifest.permissions).toEqual(['sidePanel', 'tabs']);
    expect(manifest.host_permissions).toEqual(['https://*.linkedin.com/*', 'https://app.sidenote.example/*']);
  });

  test('no key unless given (the store assigns the id); a given key is kept', () => {
    expect('key' in manifest).toBe(false);
    expect(extensionManifest({ appUrl: 'http://localhost:5173', version: '1', key: 'abc' }).key).toBe('abc');
  });

  test('no remote code: no content_security_policy loosening, no externally_connectable', () => {
    expect(Object.keys(manifest)).not.toContain('content_security_policy');
    expect(Object.keys(manifest)).not.toContain('externally_connectable');
  });
});

describe('extension id', () => {
  test('32 letters a–p, fixed by the key', () => {
    const id = extensionIdOf(DEV_EXTENSION_KEY);
    expect(id).toMatch(/^[a-p]{32}$/);
    expect(extensionOriginOf(DEV_EXTENSION_KEY)).toBe(`chrome-extension://${id}`);
    expect(extensionIdOf(DEV_EXTENSION_KEY.replace('A', 'B'))).not.toBe(id);
  });
});
