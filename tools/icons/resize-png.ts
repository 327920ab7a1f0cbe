/**
 * The extension's small icons from the app's 512 px icon at build time: shrink by area averaging
 * (each target pixel is the mean of the source area it covers, weighted by coverage, colours
 * premultiplied by alpha so transparent pixels do not darken the edges).
 */
import { decodePng, encodePng, type RgbaImage } from './png.ts';

/** For one target pixel along an axis: the source pixels it covers and how much of each. */
function coverage(source: number, target: number): { from: number; weights: number[] }[] {
  const scale = source / target;
  return Array.from({ length: target }, (_, t) => {
    const start = t * scale;
    const end = start + scale;
    const from = Math.floor(start);
    const weights: number[] = [];
    for (let s = from; s < Math.min(Math.ceil(end), source); s++) {
      weights.push(Math.min(end, s + 1) - Math.max(start, s));
    }
    return { from, weights };
  });
}

/** Shrinks an image to `size`×`size` (a square, as icons are) by area averaging. */
export function shrinkSquare(image: RgbaImage, size: number): RgbaImage {
  if (image.width !== image.height) throw new Error('not a square image');
  if (size < 1 || size > image.width) throw new Error(`cannot shrink ${image.width} px to ${size} px`);
  const cover = coverage(image.width, size);
  const rgba = new Uint8Array(size * size * 4);
  for (let ty = 0; ty < size; ty++) {
    for (let tx = 0; tx < size; tx++) {
      const sum = [0, 0, 0, 0];
      let area = 0;
      cover[ty].weights.forEach((wy, dy) => {
        cover[tx].weights.forEach((wx, dx) => {
          const at = ((cover[ty].from + dy) * image.width + cover[tx].from + dx) * 4;
          const weight = wx * wy;
          const alpha = image.rgba[at + 3] * weight;
          for (let c = 0; c < 3; c++) sum[c] += image.rgba[at + c] * alpha;
          sum[3] += alpha;
          area += weight;
        });
      });
      const at = (ty * size + tx) * 4;
      const colour = sum[3] > 0 ? [0, 1, 2].map((c) => Math.round(sum[c] / sum[3])) : [0, 0, 0];
      rgba.set([...colour, Math.round(sum[3] / area)], at);
    }
  }
  return { width: size, height: size, rgba };
}

/** The PNG `source` (a square PNG file's bytes) shrunk to `size` px. */
export const resizedPng = (source: Uint8Array, size: number): Buffer =>
  encodePng(shrinkSquare(decodePng(source), size));
