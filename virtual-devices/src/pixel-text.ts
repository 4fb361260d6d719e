/**
 * Legible text on the virtual handset's screenshots: the 7-pixel "Seven Plus" bitmap font
 * of js-pixel-fonts drawn into our Raster, word-wrapped inside an element's box and cut
 * with an ellipsis where it does not fit (as Android would).
 */
import { fonts } from 'js-pixel-fonts';
import type { Raster, Rgb } from './png.js';

const FONT = fonts.sevenPlus;
/** Rows of a line: the cap height plus room for descenders (g, p, y are offset 2). */
const LINE = FONT.lineHeight + 3;

const glyphOf = (ch: string) => FONT.glyphs[ch] ?? FONT.glyphs['?']!;

function advance(ch: string): number {
  if (ch === ' ') return 4;
  return (glyphOf(ch).pixels[0]?.length ?? 4) + 1;
}

/** Width in font pixels (before scaling). */
export const textWidth = (text: string) => [...text].reduce((w, ch) => w + advance(ch), 0);

/** Pixel size for a box `height` raster pixels high: 2 for headings and big buttons, else 1. */
const pixelSizeFor = (height: number) => Math.max(1, Math.min(3, Math.floor(height / (LINE * 1.6))));

function drawLine(raster: Raster, text: string, x: number, y: number, size: number, color: Rgb): void {
  let cx = x;
  for (const ch of text) {
    if (ch !== ' ') {
      const glyph = glyphOf(ch);
      for (const [r, row] of glyph.pixels.entries()) {
        for (const [c, on] of row.entries()) {
          if (on)
            raster.fillRect(cx + c * size, y + (r + glyph.offset) * size, cx + (c + 1) * size, y + (r + glyph.offset + 1) * size, color);
        }
      }
    }
    cx += advance(ch) * size;
  }
}

/** Greedy word wrap to `width` font pixels; at most `maxLines`, the last one ending in "..." when cut. */
export function wrapText(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  const words = text.replace(/\s+/g, ' ').trim().split(' ');
  for (let i = 0; i < words.length; i += 1) {
    const candidate = line ? `${line} ${words[i]}` : words[i]!;
    if (textWidth(candidate) <= width || !line) {
      line = candidate;
      continue;
    }
    lines.push(line);
    line = words[i]!;
    if (lines.length === maxLines) {
      line = '';
      break;
    }
  }
  if (line) lines.push(line);
  const cut = lines.length > maxLines || lines.join(' ').length < text.replace(/\s+/g, ' ').trim().length;
  const kept = lines.slice(0, Math.max(1, maxLines));
  if (cut || textWidth(kept[kept.length - 1]!) > width) {
    let last = kept[kept.length - 1]!;
    while (last.length > 0 && textWidth(`${last}...`) > width) last = last.slice(0, -1);
    kept[kept.length - 1] = `${last.trimEnd()}...`;
  }
  return kept;
}

/**
 * Draws `text` inside the box [x0,x1) x [y0,y1) (raster pixels), vertically centred,
 * left-aligned or centred horizontally.
 */
export function drawText(
  raster: Raster,
  text: string,
  box: { x0: number; y0: number; x1: number; y1: number },
  color: Rgb,
  centred: boolean,
): void {
  const height = box.y1 - box.y0;
  const size = pixelSizeFor(height);
  const width = Math.floor((box.x1 - box.x0) / size);
  if (width < 4 || height < FONT.lineHeight) return;
  const lines = wrapText(text, width, Math.max(1, Math.floor(height / (LINE * size))));
  const top = Math.round(box.y0 + (height - lines.length * LINE * size) / 2 + size);
  lines.forEach((line, i) => {
    const w = textWidth(line) * size;
    const x = centred ? Math.round(box.x0 + (box.x1 - box.x0 - w) / 2) : Math.round(box.x0);
    drawLine(raster, line, x, top + i * LINE * size, size, color);
  });
}
