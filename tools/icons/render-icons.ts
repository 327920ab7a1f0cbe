/**
 * `node --import tsx tools/icons/render-icons.ts`: draws the PWA's PNG icons from public/icon.svg
 * with Debian's Chromium (no image library needed): 192 and 512 px "any" icons, and a 512 px
 * maskable one whose glyph sits inside the 80 % safe zone on a full-bleed background (a launcher
 * may crop it to a circle). Run it after changing the SVG and commit the PNGs.
 */
import { readFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH } from '../../tests/e2e/support/browser.ts';

const PUBLIC = new URL('../../public/', import.meta.url);
const BACKGROUND = '#1f2937';

const ICONS = [
  { file: 'icons/icon-192.png', size: 192, maskable: false },
  { file: 'icons/icon-512.png', size: 512, maskable: false },
  { file: 'icons/icon-maskable-512.png', size: 512, maskable: true },
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
      await page.screenshot({ path: new URL(file, PUBLIC).pathname, omitBackground: !maskable });
      await page.close();
      console.log(`public/${file} (${size}×${size}${maskable ? ', maskable' : ''})`);
    }
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
