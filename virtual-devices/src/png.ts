/**
 * A minimal PNG encoder (8-bit RGB, no interlace) and a raster to draw into. Filter type
 * 0 on every row: the screens are flat colour, which deflate compresses well even at its fastest level (a full 1080x2400 screen in a few ms).
 */
import { deflateSync } from 'node:zlib';

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export type Rgb = readonly [number, number, number];

export class Raster {
  readonly pixels: Buffer;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb = [255, 255, 255],
  ) {
    this.pixels = Buffer.alloc(width * height * 3);
    this.fillRect(0, 0, width, height, background);
  }

  /** Fills [x0,x1) x [y0,y1), clipped to the raster. */
  fillRect(x0: number, y0: number, x1: number, y1: number, color: Rgb): void {
    const left = Math.max(0, Math.floor(x0));
    const right = Math.min(this.width, Math.ceil(x1));
    const top = Math.max(0, Math.floor(y0));
    const bottom = Math.min(this.height, Math.ceil(y1));
    if (right <= left || bottom <= top) return;
    const pattern = Buffer.from(color);
    for (let y = top; y < bottom; y += 1) {
      this.pixels.fill(pattern, (y * this.width + left) * 3, (y * this.width + right) * 3);
    }
  }

  /** Blends a colour over a region, for the dim behind dialogs. */
  dim(factor: number): void {
    for (let i = 0; i < this.pixels.length; i += 1) this.pixels[i] = Math.round(this.pixels[i]! * factor);
  }

  toPng(): Buffer {
    return encodePng(this.width, this.height, this.pixels);
  }
}

export function encodePng(width: number, height: number, rgb: Buffer): Buffer {
  const stride = width * 3;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y += 1) rgb.copy(raw, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type 2 (RGB), deflate, filter 0, no interlace
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw, { level: 1 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

// zlib.crc32 only exists from Node 20.15; the table version works on every Node 20.
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(data.length, 0);
  header.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([header.subarray(4), data])), 0);
  return Buffer.concat([header, data, crc]);
}
