/**
 * The virtual handset's `screenrecord`: samples the rendered screen a few times a second
 * and writes an animated GIF (gifenc, pure JS), which browsers play like a video. An
 * unchanged screen only lengthens the previous frame, so a recording is as many frames
 * as the screen had looks, not as many as it had seconds.
 */
import { createRequire } from 'node:module';
import type * as Gifenc from 'gifenc';
import type { Raster } from './png.js';

// gifenc's CommonJS build has no named exports Node can see, and its ESM build's default
// export is the encoder alone: loading it with require gives the same object everywhere.
const { applyPalette, GIFEncoder, quantize } = createRequire(import.meta.url)('gifenc') as typeof Gifenc;

const FRAME_INTERVAL_MS = 250;
/** Beyond this many distinct frames the recording keeps only the latest look (a runaway animation). */
const MAX_FRAMES = 1200;

interface Frame {
  raster: Raster;
  ms: number;
}

export class FrameRecorder {
  private readonly frames: Frame[] = [];

  /** Adds the screen as it is now, `elapsedMs` after the previous sample. */
  sample(raster: Raster, elapsedMs: number): void {
    const last = this.frames[this.frames.length - 1];
    if (last) last.ms += elapsedMs;
    if (last?.raster.pixels.equals(raster.pixels)) return;
    if (this.frames.length >= MAX_FRAMES) {
      last!.raster = raster;
      return;
    }
    this.frames.push({ raster, ms: 0 });
  }

  /**
   * Samples `grab` every FRAME_INTERVAL_MS in the background until the returned
   * function is called, which answers the GIF (the virtual screenrecord, the virtual
   * simulator's recordVideo).
   */
  static sampling(grab: () => Raster): () => Buffer {
    const recorder = new FrameRecorder();
    let last = Date.now();
    const take = () => {
      const now = Date.now();
      recorder.sample(grab(), now - last);
      last = now;
    };
    take();
    const timer = setInterval(take, FRAME_INTERVAL_MS);
    timer.unref();
    return () => {
      clearInterval(timer);
      take();
      return recorder.toGif();
    };
  }

  get frameCount(): number {
    return this.frames.length;
  }

  /** The GIF: each frame shown for as long as the screen looked like it (at least 100 ms, the browsers' floor). */
  toGif(): Buffer {
    const gif = GIFEncoder();
    for (const frame of this.frames) {
      const { width, height } = frame.raster;
      const { palette, indexed } = paletted(frame.raster);
      gif.writeFrame(indexed, width, height, { palette, delay: Math.max(100, frame.ms || FRAME_INTERVAL_MS) });
    }
    gif.finish();
    return Buffer.from(gif.bytes());
  }
}

/**
 * A frame's palette and indexed pixels, kept with its raster: a handset draws an unchanged screen
 * once (LastDrawn, screen-render.ts), so one test's recording after another shows the same raster
 * and is not quantized again. The handsets share their process's thread, and eight recordings
 * stopped at once made each wait for the others' encoding.
 */
const palettes = new WeakMap<Raster, { palette: number[][]; indexed: Uint8Array }>();

export function paletted(raster: Raster): { palette: number[][]; indexed: Uint8Array } {
  const known = palettes.get(raster);
  if (known) return known;
  const { width, height, pixels } = raster;
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0, j = 0; i < pixels.length; i += 3, j += 4) {
    rgba[j] = pixels[i]!;
    rgba[j + 1] = pixels[i + 1]!;
    rgba[j + 2] = pixels[i + 2]!;
    rgba[j + 3] = 255;
  }
  const palette = quantize(rgba, 256, { format: 'rgb444' });
  const result = { palette, indexed: applyPalette(rgba, palette, 'rgb444') };
  palettes.set(raster, result);
  return result;
}
