/**
 * `node --import tsx tools/icons/render-icons.ts`: draws the PWA's PNG icons from public/icon.svg
 * with Debian's Chromium (no image library needed): 192 and 512 px "any" icons, and a 512 px
 * maskable one whose glyph sits inside the 80 % safe zone on a full-bleed background (a launcher
 * may crop it to a circle); and the companion extension's 16, 48 and 128 px icons (extension/icons,
 * the sizes its manifest names). Run it after changing the SVG and commit the PNGs.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { chromium } from 'playwright-core';
import { EXTENSION_ICON_SIZES, extensionIconFile } from '../../extension/manifest.ts';
import { CHROMIUM_PATH } from '../../tests/e2e/support/browser.ts';

const PUBLIC = new URL('../../public/', import.meta.url);
const BACKGROUND = '#1f2937';

const EXTENSION = new URL('../../extension/', import.meta.url);

const ICONS = [
  { file: new URL('icons/icon-192.png', PUBLIC), size: 192, maskable: false },
  { file: new URL('icons/icon-512.png', PUBLIC), size: 512, maskable: false },
  { file: new URL('icons/icon-maskable-512.png', PUBLIC), size: 512, maskable: true },
  ...EXTENSION_ICON_SIZES.map((size) => ({ file: new URL(extensionIconFile(size), EXTENSION), size, maskable: false })),
];

async function main() {
  const svg = await readFile(new URL('icon.svg', PUBLIC), 'utf8');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox'] });
  try {
    for (const { file, size, maskable } of ICONS) {
      const page = await browser.newPage({ viewport: { width: size, height: size } });
      const glyph = maskable ? 0.7 : 1;
      await page.setContent(
        `<body style="margin:0;display:grid;place-items:center;width:${size}px;height:${size}px;background:${
          maskable ? BACKGROUND : 'transparent'
        }"><div style="width:${size * glyph}px;height:${size * glyph}px">${svg.replace(
          '<svg ',
          '<svg width="100%" height="100%" ',
        )}</div></body>`,
      );
      await mkdir(new URL('.', file), { recursive: true });
      await page.screenshot({ path: file.pathname, omitBackground: !maskable });
      await page.close();
      console.log(`${relative(process.cwd(), file.pathname)} (${size}×${size}${maskable ? ', maskable' : ''})`);
    }
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
