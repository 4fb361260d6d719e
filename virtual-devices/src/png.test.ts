import { inflateSync, crc32 as zlibCrc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32, encodePng, PNG_SIGNATURE, Raster } from './png.js';
import { LastDrawn } from './screen-render.js';
import { createVirtualDevice } from './virtual-device.js';

interface Chunk {
  type: string;
  data: Buffer;
  crcOk: boolean;
}

/** Splits a PNG into chunks, checking each CRC (over type + data). */
function chunks(png: Buffer): Chunk[] {
  const out: Chunk[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const typeAndData = png.subarray(at + 4, at + 8 + length);
    out.push({
      type: typeAndData.toString('ascii', 0, 4),
      data: typeAndData.subarray(4),
      crcOk: png.readUInt32BE(at + 8 + length) === crc32(typeAndData),
    });
    at += 12 + length;
  }
  return out;
}

describe('png encoder', () => {
  it('computes the standard CRC-32', () => {
    expect(crc32(Buffer.from('IEND'))).toBe(0xae426082);
    const sample = Buffer.from('123456789');
    expect(crc32(sample)).toBe(0xcbf43926);
    if (typeof zlibCrc32 === 'function') expect(crc32(sample)).toBe(zlibCrc32(sample));
  });

  it('writes signature, IHDR, IDAT and IEND with valid CRCs and filtered rows', () => {
    const raster = new Raster(3, 2, [255, 255, 255]);
    raster.fillRect(1, 0, 2, 2, [10, 20, 30]);
    const png = raster.toPng();
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    const parts = chunks(png);
    expect(parts.map((c) => [c.type, c.crcOk])).toEqual([
      ['IHDR', true],
      ['IDAT', true],
      ['IEND', true],
    ]);
    expect([...parts[0]!.data]).toEqual([0, 0, 0, 3, 0, 0, 0, 2, 8, 2, 0, 0, 0]);
    const rows = inflateSync(parts[1]!.data);
    expect([...rows]).toEqual([0, 255, 255, 255, 10, 20, 30, 255, 255, 255, 0, 255, 255, 255, 10, 20, 30, 255, 255, 255]);
    expect(encodePng(3, 2, raster.pixels).equals(png)).toBe(true);
  });

  it('renders device screens at the configured scale', async () => {
    const device = createVirtualDevice({ sampleInstalled: true, screencapScale: 0.1 });
    await device.shell('am start -n com.devicelab.sample/.MainActivity');
    const parts = chunks(device.screenshotPng());
    expect(parts.every((c) => c.crcOk)).toBe(true);
    expect([parts[0]!.data.readUInt32BE(0), parts[0]!.data.readUInt32BE(4)]).toEqual([108, 240]);
    const rows = inflateSync(Buffer.concat(parts.filter((c) => c.type === 'IDAT').map((c) => c.data)));
    expect(rows.length).toBe((1 + 108 * 3) * 240);
    // The "Log in" button (x 84-996, y 1300-1440) is primary-coloured with a white text bar in its middle.
    const pixel = (x: number, y: number) => [...rows.subarray(y * 325 + 1 + x * 3, y * 325 + 4 + x * 3)];
    expect(pixel(20, 137)).toEqual([98, 0, 238]);
    expect(pixel(54, 137)).toEqual([255, 255, 255]);
    expect(pixel(54, 120)).toEqual([255, 255, 255]); // page background above the button
  });

  it('draws a screen that has not changed only once, for screenshots and recording frames alike', async () => {
    const device = createVirtualDevice({ sampleInstalled: true, screencapScale: 0.1, now: () => Date.UTC(2026, 10, 27, 12, 0) });
    await device.shell('am start -n com.devicelab.sample/.MainActivity');
    const login = device.screenshotPng();
    const frame = device.screenRaster();
    // The same bytes, not drawn again: the handsets share one thread (screen-render.ts LastDrawn).
    expect(device.screenshotPng()).toBe(login);
    expect(device.screenRaster()).toBe(frame);
    await device.shell('input tap 540 1100'); // the password field takes the focus
    const focused = device.screenshotPng();
    expect(focused.equals(login)).toBe(false);
    expect(device.screenRaster().pixels.equals(frame.pixels)).toBe(false);
    expect(chunks(focused).every((c) => c.crcOk)).toBe(true);
  });

  it('keeps the last picture with exactly what it was drawn from', () => {
    const drawn: string[] = [];
    const last = new LastDrawn<string>();
    const draw = (label: string) => () => (drawn.push(label), label);
    const window = (text: string) => [{ packageName: 'p', root: { className: 'TextView', bounds: [0, 0, 10, 10] as const, text } }];
    expect(last.of(window('a'), draw('a'))).toBe('a');
    expect(last.of(window('a'), draw('again'))).toBe('a');
    expect(last.of(window('b'), draw('b'))).toBe('b');
    expect(last.of(window('a'), draw('a2'))).toBe('a2');
    expect(drawn).toEqual(['a', 'b', 'a2']);
  });
});
