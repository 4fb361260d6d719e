/**
 * Draws windows into a PNG for `screencap -p`: flat coloured rectangles per element and
 * its text in a bitmap font (pixel-text.ts), so a screenshot reads like the phone's
 * screen: titles, field contents and hints, button labels, errors. A focused field or a
 * selected tab shows, and the dim behind a dialog is there. The image is scaled down
 * (1/4 by default: 270x600) to keep CI screenshots small.
 */
import { drawText } from './pixel-text.js';
import { Raster, type Rgb } from './png.js';
import { SCREEN_HEIGHT, SCREEN_WIDTH, type UiNode, type UiWindow } from './ui-tree.js';
import { displayedText } from './uiautomator-xml.js';

const PRIMARY: Rgb = [98, 0, 238];
const ON_PRIMARY: Rgb = [255, 255, 255];
const TEXT: Rgb = [33, 33, 33];
const HINT: Rgb = [150, 150, 150];

function background(n: UiNode): Rgb | null {
  const cls = n.className;
  const id = n.resourceId ?? '';
  if (n.packageName === 'com.android.systemui' && /status_bar/.test(id)) return [55, 0, 179];
  if (/:id\/toolbar$|action_bar$/.test(id)) return PRIMARY;
  if (/Button$/.test(cls) && !/ImageButton$/.test(cls)) return n.enabled === false ? [200, 200, 200] : PRIMARY;
  if (/EditText$/.test(cls)) return n.focused ? [232, 222, 248] : [240, 240, 240];
  if (/ImageView$|ImageButton$/.test(cls)) return [200, 200, 210];
  if (/BottomNavigationView$/.test(cls)) return [243, 237, 247];
  if (/BottomNavigationItemView$/.test(cls)) return n.selected ? [232, 222, 248] : null;
  if (/CardView$/.test(cls) || /:id\/product_row$/.test(id)) return [250, 250, 250];
  if (/:id\/error$/.test(id)) return [253, 236, 234];
  return null;
}

export function renderScreen(windows: readonly UiWindow[], scale = 0.25): Buffer {
  return renderRaster(windows, scale).toPng();
}

/**
 * The last picture drawn from a screen, kept with what it showed: a screen that has not changed
 * since (every screenshot of a test that waits, every recording frame of a still screen) is
 * answered with the same bytes instead of being drawn and encoded again. A 1080x2400 PNG costs
 * about 12 ms of CPU; the virtual handsets share their process's one thread, where a real phone
 * draws its screenshots on its own CPU, so eight handsets reading their screens at once made each
 * wait for the others' drawing (scripts/bench/utilisation.ts).
 */
export class LastDrawn<T> {
  private shown: string | null = null;
  private picture: T | null = null;

  /** The picture of `windows`: the kept one when they show exactly what it was drawn from, else `draw(windows)`. */
  of(windows: readonly UiWindow[], draw: (windows: readonly UiWindow[]) => T): T {
    const shown = JSON.stringify(windows);
    if (shown !== this.shown || this.picture === null) {
      this.picture = draw(windows);
      this.shown = shown;
    }
    return this.picture;
  }
}

/** The screen's pixels (the virtual screenrecord takes its frames from here). */
export function renderRaster(windows: readonly UiWindow[], scale = 0.25): Raster {
  const width = Math.max(1, Math.round(SCREEN_WIDTH * scale));
  const height = Math.max(1, Math.round(SCREEN_HEIGHT * scale));
  const raster = new Raster(width, height, [255, 255, 255]);
  const s = (v: number) => v * scale;
  const draw = (n: UiNode, inherited: Rgb, windowPackage: string) => {
    const [l, t, r, b] = n.bounds;
    const own = background({ ...n, packageName: n.packageName ?? windowPackage });
    if (own) raster.fillRect(s(l), s(t), s(r), s(b), own);
    if (/EditText$/.test(n.className)) raster.fillRect(s(l), s(b) - Math.max(1, s(6)), s(r), s(b), n.focused ? PRIMARY : HINT);
    const fill = own ?? inherited;
    const text = displayedText(n);
    if (text) {
      const dark = fill[0] + fill[1] + fill[2] < 400;
      const color = dark ? ON_PRIMARY : n.text ? TEXT : HINT;
      const centred = /Button$/.test(n.className) || /BottomNavigationItemView$/.test(n.className);
      // The font has no bullet: a password field shows stars, as older Android did.
      drawText(raster, text.replace(/\u2022/g, '*'), { x0: s(l + 12), y0: s(t), x1: s(r - 12), y1: s(b) }, color, centred);
    }
    for (const c of n.children ?? []) draw(c, fill, windowPackage);
  };
  for (const w of windows) {
    if (w.dimBehind) raster.dim(0.4);
    draw(w.root, [255, 255, 255], w.packageName);
  }
  return raster;
}
