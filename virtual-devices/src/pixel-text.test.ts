import { describe, expect, it } from 'vitest';
import { drawText, textWidth, wrapText } from './pixel-text.js';
import { Raster } from './png.js';

/** The lit pixels of a raster as rows of '#' and '.', for comparing glyph shapes. */
const lit = (r: Raster) =>
  Array.from({ length: r.height }, (_, y) =>
    Array.from({ length: r.width }, (_, x) => (r.pixels[(y * r.width + x) * 3] === 0 ? '#' : '.')).join(''),
  );

describe('pixel text', () => {
  it('draws different words differently, and the same word the same', () => {
    const draw = (text: string) => {
      const r = new Raster(60, 12, [255, 255, 255]);
      drawText(r, text, { x0: 0, y0: 0, x1: 60, y1: 12 }, [0, 0, 0], false);
      return lit(r).join('\n');
    };
    expect(draw('Log in')).not.toBe(draw('Log on'));
    expect(draw('Log in')).toBe(draw('Log in'));
    expect(draw('Log in')).toContain('#');
  });

  it('wraps words into lines that fit and cuts the rest with an ellipsis', () => {
    expect(wrapText('Sign in to continue', 1000, 1)).toEqual(['Sign in to continue']);
    const lines = wrapText('A sample item sold by the DeviceLab demo store', textWidth('A sample item sold'), 2);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe('A sample item sold');
    expect(lines[1]!.endsWith('...')).toBe(true);
    for (const line of lines) expect(textWidth(line)).toBeLessThanOrEqual(textWidth('A sample item sold'));
  });

  it('centres text in its box when asked', () => {
    const r = new Raster(80, 12, [255, 255, 255]);
    drawText(r, 'OK', { x0: 0, y0: 0, x1: 80, y1: 12 }, [0, 0, 0], true);
    const columns = lit(r).reduce((cols, row) => cols.map((c, i) => c || row[i] === '#'), Array<boolean>(80).fill(false));
    const first = columns.indexOf(true);
    const last = columns.lastIndexOf(true);
    expect(Math.abs(first - (79 - last))).toBeLessThanOrEqual(2);
  });
});
