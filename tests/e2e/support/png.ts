/**
 * PNG for the avatar tests (tools/icons/png.ts does the format): encode an image from a colour
 * function, and decode a PNG into its size and pixels, so a test can check what the app really
 * stored.
 */
import { decodePng as decodeRgba, encodePng as encodeRgba } from '../../../tools/icons/png.ts';

type Rgb = [number, number, number];

export function encodePng(width: number, height: number, colour: (x: number, y: number) => Rgb = () => [200, 40, 40]) {
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) rgba.set([...colour(x, y), 255], (y * width + x) * 4);
  }
  return encodeRgba({ width, height, rgba });
}

export interface DecodedPng {
  width: number;
  height: number;
  /** The RGB of pixel (x, y); grey images repeat their value. */
  rgb(x: number, y: number): Rgb;
}

export function decodePng(bytes: Buffer): DecodedPng {
  const { width, height, rgba } = decodeRgba(bytes);
  return {
    width,
    height,
    rgb(x, y) {
      const at = (y * width + x) * 4;
      return [rgba[at], rgba[at + 1], rgba[at + 2]];
    },
  };
}
