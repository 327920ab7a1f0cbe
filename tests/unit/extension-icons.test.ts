/**
 * tools/icons/resize-png.ts: the extension's icons are the app's 512 px icon shrunk by area
 * averaging — a round trip through the encoder and decoder, what a shrunk pixel holds, and
 * the real icon at Chrome's sizes.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';
import { decodePng, encodePng, type RgbaImage } from '../../tools/icons/png.ts';
import { resizedPng, shrinkSquare } from '../../tools/icons/resize-png.ts';

/** A `size`×`size` image from a colour function. */
function image(size: number, colour: (x: number, y: number) => [number, number, number, number]): RgbaImage {
  const rgba = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) rgba.set(colour(x, y), (y * size + x) * 4);
  return { width: size, height: size, rgba };
}
const pixel = (img: RgbaImage, x: number, y: number) => [
  ...img.rgba.subarray((y * img.width + x) * 4, (y * img.width + x + 1) * 4),
];

describe('resize-png', () => {
  test('encode then decode gives the same pixels', () => {
    const original = image(5, (x, y) => [x * 50, y * 40, 7, x === y ? 0 : 255]);
    const decoded = decodePng(encodePng(original));
    expect(decoded.width).toBe(5);
    expect(decoded.height).toBe(5);
    expect([...decoded.rgba]).toEqual([...original.rgba]);
  });

  test('a shrunk pixel is the mean of the area it covers, transparent pixels adding no colour', () => {
    // 4×4 → 2×2: the top-left 2×2 block is half red, half transparent black.
    const source = image(4, (x, y) =>
      x < 2 && y < 2 ? (x === 0 ? [255, 0, 0, 255] : [0, 0, 0, 0]) : [0, 0, 255, 255],
    );
    const small = shrinkSquare(source, 2);
    expect(pixel(small, 0, 0)).toEqual([255, 0, 0, 128]);
    expect(pixel(small, 1, 1)).toEqual([0, 0, 255, 255]);
  });

  test('a size that does not divide the source weighs the pixels it cuts by how much it covers', () => {
    // 3 px → 2 px: target pixel 0 covers source 0 fully and half of source 1.
    const source = image(3, (x) => (x === 0 ? [90, 90, 90, 255] : x === 1 ? [30, 30, 30, 255] : [0, 0, 0, 255]));
    expect(pixel(shrinkSquare(source, 2), 0, 0)).toEqual([70, 70, 70, 255]);
  });

  test('the app icon shrinks to Chrome’s sizes, its opaque middle kept and its rounded corners (nearly) clear', async () => {
    const appIcon = await readFile(new URL('../../public/icons/icon-512.png', import.meta.url));
    const full = decodePng(appIcon);
    expect([pixel(full, 256, 256)[3], pixel(full, 0, 0)[3]]).toEqual([255, 0]);
    for (const size of [16, 48, 128]) {
      const small = decodePng(resizedPng(appIcon, size));
      expect([small.width, small.height]).toEqual([size, size]);
      const middle = Math.floor(size / 2);
      expect(pixel(small, middle, middle)[3]).toBe(255);
      // The corner pixel covers part of the rounded corner: mostly transparent, more so when larger.
      expect(pixel(small, 0, 0)[3]).toBeLessThan(16);
    }
  });

  test('not a PNG, or a palette PNG, is refused', () => {
    expect(() => decodePng(new Uint8Array([1, 2, 3]))).toThrow('not a PNG');
    const palette = encodePng(image(1, () => [0, 0, 0, 255]));
    palette[25] = 3; // colour type: palette
    expect(() => decodePng(palette)).toThrow('unsupported PNG layout');
  });
});
