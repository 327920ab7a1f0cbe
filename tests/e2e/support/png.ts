/**
 * Just enough PNG for the avatar tests: encode an 8-bit RGB image from a colour function, and
 * decode an 8-bit PNG (IHDR, inflated IDAT, the five row filters) into its size and pixels,
 * so a test can check what the app really stored.
 */
import { crc32, deflateSync, inflateSync } from 'node:zlib';

type Rgb = [number, number, number];
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export function encodePng(width: number, height: number, colour: (x: number, y: number) => Rgb = () => [200, 40, 40]) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter, no interlace
  const rows = Array.from({ length: height }, (_, y) =>
    Buffer.from([0, ...Array.from({ length: width }, (_, x) => colour(x, y)).flat()]),
  );
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

export interface DecodedPng {
  width: number;
  height: number;
  /** The RGB of pixel (x, y); grey images repeat their value. */
  rgb(x: number, y: number): Rgb;
}

const paeth = (a: number, b: number, c: number) => {
  const p = a + b - c;
  const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

export function decodePng(bytes: Buffer): DecodedPng {
  if (!bytes.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG');
  if (bytes.toString('ascii', 12, 16) !== 'IHDR') throw new Error('PNG without IHDR');
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  const [bitDepth, colourType, , , interlace] = bytes.subarray(24, 29);
  const bpp = CHANNELS[colourType];
  if (bitDepth !== 8 || !bpp || interlace !== 0) throw new Error('unsupported PNG layout');
  const idat: Buffer[] = [];
  for (let at = 8; at < bytes.length; at += 12 + bytes.readUInt32BE(at)) {
    if (bytes.toString('ascii', at + 4, at + 8) === 'IDAT')
      idat.push(bytes.subarray(at + 8, at + 8 + bytes.readUInt32BE(at)));
  }
  const data = inflateSync(Buffer.concat(idat));
  const stride = width * bpp;
  if (data.length !== (stride + 1) * height) throw new Error('PNG data does not match its header');
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = data[y * (stride + 1)];
    for (let i = 0; i < stride; i++) {
      const raw = data[y * (stride + 1) + 1 + i];
      const a = i >= bpp ? pixels[y * stride + i - bpp] : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + i] : 0;
      const c = i >= bpp && y > 0 ? pixels[(y - 1) * stride + i - bpp] : 0;
      const predictor = [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter];
      if (predictor === undefined) throw new Error(`bad PNG filter ${filter}`);
      pixels[y * stride + i] = (raw + predictor) & 0xff;
    }
  }
  return {
    width,
    height,
    rgb(x, y) {
      const at = y * stride + x * bpp;
      return bpp >= 3 ? [pixels[at], pixels[at + 1], pixels[at + 2]] : [pixels[at], pixels[at], pixels[at]];
    },
  };
}
