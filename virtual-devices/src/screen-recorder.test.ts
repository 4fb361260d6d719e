import { describe, expect, it } from 'vitest';
import { Raster } from './png.js';
import { FrameRecorder, paletted } from './screen-recorder.js';

const screen = (color: [number, number, number]) => new Raster(4, 3, color);

describe('virtual screen recorder', () => {
  it('keeps one frame per distinct look of the screen', () => {
    const recorder = new FrameRecorder();
    recorder.sample(screen([255, 255, 255]), 0);
    recorder.sample(screen([255, 255, 255]), 250);
    expect(recorder.frameCount).toBe(1);
    recorder.sample(screen([98, 0, 238]), 250);
    recorder.sample(screen([255, 255, 255]), 250);
    expect(recorder.frameCount).toBe(3);
  });

  it('writes a complete animated GIF with the screen size, one image per frame', () => {
    const recorder = new FrameRecorder();
    recorder.sample(screen([255, 255, 255]), 0);
    recorder.sample(screen([98, 0, 238]), 500);
    const gif = recorder.toGif();
    expect(gif.subarray(0, 6).toString('ascii')).toBe('GIF89a');
    expect([gif.readUInt16LE(6), gif.readUInt16LE(8)]).toEqual([4, 3]);
    expect(gif[gif.length - 1]).toBe(0x3b);
    // Each frame has a graphic control extension with its delay (1/100 s): 500 ms, then one sampling interval for the last look.
    const delays: number[] = [];
    for (let i = gif.indexOf(Buffer.from([0x21, 0xf9, 0x04])); i >= 0; i = gif.indexOf(Buffer.from([0x21, 0xf9, 0x04]), i + 1))
      delays.push(gif.readUInt16LE(i + 4));
    expect(delays).toEqual([50, 25]);
  });

  it('quantizes a raster once, however many recordings show it, and writes the same GIF as a fresh one', () => {
    const purple = screen([98, 0, 238]);
    const first = paletted(purple);
    expect(paletted(purple)).toBe(first);
    const record = (raster: Raster) => {
      const recorder = new FrameRecorder();
      recorder.sample(screen([255, 255, 255]), 0);
      recorder.sample(raster, 500);
      return recorder.toGif();
    };
    const again = record(purple);
    expect(paletted(purple)).toBe(first);
    // A copy of the same pixels is a raster never seen: encoded afresh, to the very same bytes.
    const copy = screen([0, 0, 0]);
    purple.pixels.copy(copy.pixels);
    expect(record(copy).equals(again)).toBe(true);
    expect(record(purple).equals(again)).toBe(true);
  });
});
