import { describe, expect, it } from 'vitest';
import { findFields, findMatches, findToggle, listItems, tapTargetOf } from './element-matching.js';
import { decideOffline } from './offline-model.js';
import { androidXml as android, androidScreen, type Spec } from './testing/android-screen.js';

const decide = (instruction: string, xml: string) => decideOffline({ instruction, platform: 'android', hierarchyXml: xml });

describe('choosing what to tap', () => {
  it('never taps a disabled element when an enabled one matches as well', () => {
    const xml = android(
      [
        'android.widget.Button',
        { text: 'Continue', enabled: 'false', clickable: 'true', bounds: '[0,100][500,200]', 'resource-id': 'com.example:id/a' },
      ],
      ['android.widget.Button', { text: 'Continue', clickable: 'true', bounds: '[0,300][500,400]', 'resource-id': 'com.example:id/b' }],
    );
    expect(decide('Tap Continue', xml).action).toMatchObject({ type: 'tap', target: { value: 'com.example:id/b' } });
  });

  it('says a button is disabled rather than tapping a look-alike label', () => {
    const xml = android(
      ['android.widget.TextView', { text: 'Pay now', bounds: '[0,0][500,100]' }],
      ['android.widget.Button', { text: 'Pay now', enabled: 'false', clickable: 'true', bounds: '[0,300][500,400]' }],
    );
    expect(decide('Tap Pay now', xml).action).toEqual({ type: 'fail', reason: expect.stringMatching(/disabled/) });
  });

  it('prefers an exact match over a fuzzy one', () => {
    const xml = android(
      ['android.widget.Button', { text: 'Sign in with Google', clickable: 'true', bounds: '[0,0][500,100]' }],
      ['android.widget.Button', { text: 'Sign in', clickable: 'true', bounds: '[0,300][500,400]' }],
    );
    expect(decide('Tap Sign in', xml).action).toMatchObject({ target: { by: 'text', value: 'Sign in' } });
  });

  it('taps the clickable parent of a label, but not a whole-screen container', () => {
    const els = androidScreen(
      [
        'android.widget.LinearLayout',
        { clickable: 'true', bounds: '[0,0][1080,200]' },
        [['android.widget.TextView', { text: 'Row', bounds: '[20,20][300,180]' }]],
      ],
      [
        'android.view.View',
        { clickable: 'true', bounds: '[0,200][1080,2400]' },
        [['android.widget.TextView', { text: 'Body', bounds: '[20,300][300,380]' }]],
      ],
    );
    const row = els.find((e) => e.text === 'Row')!;
    const body = els.find((e) => e.text === 'Body')!;
    expect(tapTargetOf(row, els).type).toBe('android.widget.LinearLayout');
    expect(tapTargetOf(body, els)).toBe(body);
  });

  it('does not confuse "Allow" with "Don’t allow"', () => {
    const xml = android(['android.widget.Button', { text: 'Don’t allow', clickable: 'true' }]);
    expect(decide('Tap Allow', xml).action.type).toBe('fail');
    expect(decide('Allow the camera permission', xml).action.type).toBe('fail');
  });

  it('needs a minimum score: no wild guesses', () => {
    const els = androidScreen(['android.widget.Button', { text: 'Checkout', clickable: 'true' }]);
    expect(findMatches(els, { text: 'Cancel' })).toEqual([]);
    expect(findMatches(els, { text: 'Checkou' })[0]?.element.text).toBe('Checkout');
    expect(findMatches(els, { text: 'Checkou', literal: true })).toEqual([]);
  });

  it('finds icon-only controls by what they do', () => {
    const xml = android(['android.widget.ImageButton', { 'content-desc': 'Navigate up', clickable: 'true' }]);
    expect(decide('Tap the back icon', xml).action).toMatchObject({ type: 'tap', target: { by: 'contentDesc', value: 'Navigate up' } });
  });
});

describe('fields', () => {
  const specs: Spec[] = [
    ['android.widget.TextView', { text: 'Username', bounds: '[40,100][400,150]' }],
    ['android.widget.EditText', { clickable: 'true', bounds: '[40,160][1040,280]' }],
    ['android.widget.TextView', { text: 'PIN', bounds: '[40,320][200,400]' }],
    ['android.widget.EditText', { clickable: 'true', password: 'true', bounds: '[220,320][1040,400]' }],
  ];
  const xml = android(...specs);
  const els = androidScreen(...specs);

  it('uses the label above a field', () => {
    expect(findFields(els, { text: 'username' })[0]?.element.bounds.y).toBe(160);
  });

  it('uses the label to the left of a field', () => {
    expect(findFields(els, { text: 'PIN' })[0]?.element.password).toBe(true);
  });

  it('does not type into a field nobody named', () => {
    expect(decide('Enter 42 in the Age field', xml).action).toEqual({
      type: 'fail',
      reason: expect.stringMatching(/No text field matching "Age field"/),
    });
  });
});

describe('toggles and lists', () => {
  it('finds the switch on the same line as its label', () => {
    const els = androidScreen(
      ['android.widget.TextView', { text: 'Wi-Fi', bounds: '[40,100][600,180]' }],
      ['android.widget.Switch', { checkable: 'true', checked: 'true', clickable: 'true', bounds: '[900,110][1040,170]' }],
      ['android.widget.TextView', { text: 'Bluetooth', bounds: '[40,300][600,380]' }],
      ['android.widget.Switch', { checkable: 'true', clickable: 'true', bounds: '[900,310][1040,370]' }],
    );
    const wifi = findToggle(els, { text: 'Wi-Fi' });
    expect(wifi?.toggle.checked).toBe(true);
    expect(findToggle(els, { text: 'Bluetooth' })?.toggle.bounds.y).toBe(310);
    expect(findToggle(els, { text: 'NFC' })).toBeNull();
  });

  it('reads list rows in reading order and ignores headers that are not rows', () => {
    const els = androidScreen([
      'androidx.recyclerview.widget.RecyclerView',
      { scrollable: 'true', bounds: '[0,0][1080,2000]' },
      [
        ['android.widget.TextView', { text: 'Header', bounds: '[0,0][1080,100]' }],
        ['android.widget.LinearLayout', { clickable: 'true', bounds: '[0,300][1080,500]' }],
        ['android.widget.LinearLayout', { clickable: 'true', bounds: '[0,100][1080,300]' }],
      ],
    ]);
    expect(listItems(els).map((r) => r.bounds.y)).toEqual([100, 300]);
  });

  it('fails clearly when the list is shorter than asked', () => {
    const xml = android(['android.widget.ListView', { scrollable: 'true' }, [['android.widget.LinearLayout', { clickable: 'true' }]]]);
    expect(decide('Tap the third item', xml).action).toEqual({ type: 'fail', reason: expect.stringMatching(/only 1/) });
  });
});
