/**
 * Just enough PNG, with no image library (Node's zlib only): decode an 8-bit, non-interlaced PNG
 * (grey, RGB, grey+alpha or RGBA; the five row filters) into RGBA pixels, and encode RGBA pixels
 * as a PNG. Used to draw the extension's icons at build time and by tests that check images.
 */
import { crc32, deflateSync, inflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Channels per colour type (palette images are not supported). */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

/** Straight (not premultiplied) RGBA pixels, row by row. */
export interface RgbaImage {
  width: number;
  height: number;
  rgba: Uint8Array;
}

const paeth = (a: number, b: number, c: number) => {
  const p = a + b - c;
  const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

export function decodePng(bytes: Uint8Array): RgbaImage {
  const png = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (!png.subarray(0, 8).equals(SIGNATURE) || png.toString('ascii', 12, 16) !== 'IHDR') throw new Error('not a PNG');
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const [bitDepth, colourType, , , interlace] = png.subarray(24, 29);
  const bpp = CHANNELS[colourType];
  if (bitDepth !== 8 || !bpp || interlace !== 0) throw new Error('unsupported PNG layout (8-bit, not interlaced)');
  const idat: Buffer[] = [];
  for (let at = 8; at + 8 <= png.length; at += 12 + png.readUInt32BE(at)) {
    if (png.toString('ascii', at + 4, at + 8) === 'IDAT')
      idat.push(png.subarray(at + 8, at + 8 + png.readUInt32BE(at)));
  }
  const data = inflateSync(Buffer.concat(idat));
  const stride = width * bpp;
  if (data.length !== (stride + 1) * height) throw new Error('PNG data does not match its header');
  const raw = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = data[y * (stride + 1)];
    if (filter > 4) throw new Error(`bad PNG filter ${filter}`);
    for (let i = 0; i < stride; i++) {
      const a = i >= bpp ? raw[y * stride + i - bpp] : 0;
      const b = y > 0 ? raw[(y - 1) * stride + i] : 0;
      const c = i >= bpp && y > 0 ? raw[(y - 1) * stride + i - bpp] : 0;
      const predictor = [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter];
      raw[y * stride + i] = (data[y * (stride + 1) + 1 + i] + predictor) & 0xff;
    }
  }
  const rgba = new Uint8Array(width * height * 4);
  for (let p = 0; p < width * height; p++) {
    const s = raw.subarray(p * bpp, p * bpp + bpp);
    const [r, g, b] = bpp >= 3 ? [s[0], s[1], s[2]] : [s[0], s[0], s[0]];
    const alpha = bpp === 4 ? s[3] : bpp === 2 ? s[1] : 255;
    rgba.set([r, g, b, alpha], p * 4);
  }
  return { width, height, rgba };
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const frame = Buffer.alloc(8 + data.length + 4);
  frame.writeUInt32BE(data.length, 0);
  body.copy(frame, 4);
  frame.writeUInt32BE(crc32(body), 8 + data.length);
  return frame;
}

export function encodePng({ width, height, rgba }: RgbaImage): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, deflate, no filter, not interlaced
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    rows.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1); // filter 0: none
  }
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
