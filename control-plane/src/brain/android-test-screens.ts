/**
 * Small Android screens (UIAutomator XML) built in code for the offline model's rule tests
 * (general-rules.test.ts, false-pass-readings.test.ts): a rule is tested on screens worded
 * apart from the corpus screens, so the rule is tested and not the corpus.
 */

/** One node: its class, bounds [left, top, right, bottom] and what the rules read. */
export interface N {
  cls: string;
  b: [number, number, number, number];
  text?: string;
  id?: string;
  desc?: string;
  click?: boolean;
  enabled?: boolean;
  /** A checkbox or switch: its state (checkable then). */
  checked?: boolean;
  /** A chosen tab or chip. */
  selected?: boolean;
  kids?: N[];
}

const escapeXml = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

const node = (n: N, i: number): string => {
  const attrs = `index="${i}" text="${escapeXml(n.text ?? '')}" resource-id="${n.id ? `app:id/${n.id}` : ''}" class="${n.cls}" package="app" content-desc="${escapeXml(n.desc ?? '')}" checkable="${n.checked !== undefined}" checked="${n.checked ?? false}" selected="${n.selected ?? false}" clickable="${n.click ?? false}" enabled="${n.enabled ?? true}" bounds="[${n.b[0]},${n.b[1]}][${n.b[2]},${n.b[3]}]"`;
  return n.kids?.length ? `<node ${attrs}>${n.kids.map(node).join('')}</node>` : `<node ${attrs} />`;
};

/** A whole screen holding these nodes under the app's content. */
export const androidScreen = (...kids: N[]) =>
  `<hierarchy rotation="0">${node({ cls: 'android.widget.FrameLayout', b: [0, 0, 1080, 2400], kids: [{ cls: 'android.widget.LinearLayout', b: [0, 63, 1080, 2400], kids }] }, 0)}</hierarchy>`;

/** A text line at height `y`. */
export const text = (t: string, y: number, id?: string, x = 48): N => ({
  cls: 'android.widget.TextView',
  b: [x, y, x + 600, y + 50],
  text: t,
  id,
});

/** The screen's toolbar with its title. */
export const title = (t: string): N => ({
  cls: 'androidx.appcompat.widget.Toolbar',
  b: [0, 63, 1080, 210],
  id: 'toolbar',
  kids: [text(t, 100, 'toolbar_title', 189)],
});

/** A button at height `y`, on the right of its row unless `x` says where. */
export const button = (label: string, y: number, id: string, x = 800): N => ({
  cls: 'android.widget.Button',
  b: [x, y, x + 240, y + 90],
  text: label,
  id,
  click: true,
});

/** A list row from height `y`, the full width, holding `kids`. */
export const row = (y: number, id: string, kids: N[]): N => ({ cls: 'android.widget.LinearLayout', b: [0, y, 1080, y + 220], id, kids });
