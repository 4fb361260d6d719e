import { describe, expect, it } from 'vitest';
import { parseHierarchy } from './hierarchy.js';
import { lies, modalFilter, nothingBetween, regionFilter, rowOf, sameLine, titleElements } from './screen-structure.js';
import { androidScreen } from './testing/android-screen.js';

const byText = (elements: ReturnType<typeof androidScreen>, text: string) => {
  const el = elements.find((e) => e.text === text || e.contentDesc === text);
  if (!el) throw new Error(`no ${text}`);
  return el;
};

describe('regions', () => {
  it('finds the bottom navigation by its class, and by the bottom strip when nothing says so', () => {
    const structured = androidScreen(
      ['android.widget.TextView', { text: 'Orders', bounds: '[0,300][500,400]' }],
      [
        'com.google.android.material.bottomnavigation.BottomNavigationView',
        { bounds: '[0,2200][1080,2400]' },
        [['android.widget.TextView', { text: 'Orders', bounds: '[0,2250][270,2350]' }]],
      ],
    );
    const inTabBar = regionFilter('tabBar', structured)!;
    expect(structured.filter((e) => e.text === 'Orders').map(inTabBar)).toEqual([false, true]);

    const compose = androidScreen(
      ['android.view.View', { 'content-desc': 'Top', bounds: '[0,100][200,200]' }],
      ['android.view.View', { 'content-desc': 'Bottom', bounds: '[0,2250][270,2400]' }],
    );
    const strip = regionFilter('tabBar', compose)!;
    expect([strip(byText(compose, 'Top')), strip(byText(compose, 'Bottom'))]).toEqual([false, true]);
  });

  it('has no dialog region without a dialog, and treats a dialog window as modal', () => {
    const plain = androidScreen(['android.widget.Button', { text: 'OK', bounds: '[0,300][500,400]' }]);
    expect(regionFilter('dialog', plain)).toBeNull();
    expect(modalFilter(plain)).toBeNull();
    const dialog = androidScreen([
      'android.widget.LinearLayout',
      { 'resource-id': 'android:id/parentPanel', bounds: '[60,900][1020,1500]' },
      [['android.widget.Button', { text: 'OK', 'resource-id': 'android:id/button1', bounds: '[800,1400][1000,1480]' }]],
    ]);
    expect(modalFilter(dialog)!(byText(dialog, 'OK'))).toBe(true);
  });
});

describe('rows and geometry', () => {
  const list = androidScreen([
    'androidx.recyclerview.widget.RecyclerView',
    { scrollable: 'true', bounds: '[0,200][1080,2000]' },
    [
      [
        'android.widget.LinearLayout',
        { bounds: '[0,200][1080,500]' },
        [
          ['android.widget.TextView', { text: 'Red Mug', bounds: '[40,240][700,300]' }],
          ['android.widget.TextView', { text: '$12.00', bounds: '[40,320][400,380]' }],
          ['android.widget.Button', { text: 'Add', clickable: 'true', bounds: '[800,300][1040,400]' }],
        ],
      ],
      [
        'android.widget.LinearLayout',
        { bounds: '[0,500][1080,800]' },
        [
          ['android.widget.TextView', { text: 'Blue Mug', bounds: '[40,540][700,600]' }],
          ['android.widget.TextView', { text: '$14.00', bounds: '[40,620][400,680]' }],
        ],
      ],
    ],
  ]);

  it('knows the row of an element: the child of the list holding it', () => {
    expect(rowOf(byText(list, 'Add'), list)).toBe(rowOf(byText(list, 'Red Mug'), list));
    expect(rowOf(byText(list, 'Blue Mug'), list)).not.toBe(rowOf(byText(list, 'Red Mug'), list));
  });

  it('means "directly" below: nothing labelled in between', () => {
    const [redMug, redPrice, bluePrice] = ['Red Mug', '$12.00', '$14.00'].map((t) => byText(list, t));
    expect(lies('below', bluePrice!.bounds, redMug!.bounds)).toBe(true);
    expect(nothingBetween('below', redPrice!, redMug!, list)).toBe(true);
    expect(nothingBetween('below', bluePrice!, redMug!, list)).toBe(false);
    expect(sameLine(byText(list, 'Add').bounds, redPrice!.bounds)).toBe(true);
    expect(sameLine(byText(list, 'Add').bounds, bluePrice!.bounds)).toBe(false);
  });
});

describe('titleElements', () => {
  const ios = (alertName: string, texts: string[], labelled = true) => {
    const statics = texts
      .map(
        (t, i) =>
          `<XCUIElementTypeStaticText type="XCUIElementTypeStaticText" value="${t}" name="${t}" label="${t}" enabled="true" visible="true" x="60" y="${310 + i * 50}" width="270" height="40"/>`,
      )
      .join('');
    const parsed = parseHierarchy(
      `<XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Maps" label="Maps" enabled="true" visible="true" x="0" y="0" width="390" height="844"><XCUIElementTypeAlert type="XCUIElementTypeAlert" name="${alertName}"${labelled ? ` label="${alertName}"` : ''} enabled="true" visible="true" x="60" y="300" width="270" height="220">${statics}</XCUIElementTypeAlert></XCUIElementTypeApplication>`,
      'ios',
    );
    if (!parsed.ok) throw new Error(parsed.error);
    return parsed.elements;
  };
  it("takes an iOS alert's own name, shown as its text, for the title, and nothing else", () => {
    expect(titleElements(ios('Update available', ['Update available', 'Version 5.2 adds offline maps.'])).map((e) => e.text)).toEqual([
      'Update available',
    ]);
    expect(titleElements(ios('Update available', ['Version 5.2 adds offline maps.']))).toEqual([]);
  });
  it('takes the title of an alert that has a name and no label (session 20, the fifty-fourth batch)', () => {
    const texts = ['Leave the choir?', 'Your part goes to the reserve list.'];
    expect(titleElements(ios('Leave the choir?', texts, false)).map((e) => e.text)).toEqual(['Leave the choir?']);
    expect(titleElements(ios('Leave the choir?', texts.slice(1), false))).toEqual([]);
  });
});
