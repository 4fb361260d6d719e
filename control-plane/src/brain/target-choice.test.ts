import { describe, expect, it } from 'vitest';
import { decideOffline } from './offline-model.js';
import { androidXml } from './testing/android-screen.js';
import { decideOn } from './testing/corpus-decisions.js';

const decide = (instruction: string, xml: string) => decideOffline({ instruction, platform: 'android', hierarchyXml: xml });

const twoRows = androidXml([
  'androidx.recyclerview.widget.RecyclerView',
  { scrollable: 'true', bounds: '[0,200][1080,2000]' },
  [
    [
      'android.widget.LinearLayout',
      { bounds: '[0,200][1080,500]' },
      [
        ['android.widget.TextView', { text: 'Red Mug', bounds: '[40,240][700,300]' }],
        [
          'android.widget.Button',
          { text: 'Buy', 'resource-id': 'com.example:id/buy_red', clickable: 'true', bounds: '[800,300][1040,400]' },
        ],
      ],
    ],
    [
      'android.widget.LinearLayout',
      { bounds: '[0,500][1080,800]' },
      [
        ['android.widget.TextView', { text: 'Blue Mug', bounds: '[40,540][700,600]' }],
        [
          'android.widget.Button',
          { text: 'Buy', 'resource-id': 'com.example:id/buy_blue', clickable: 'true', bounds: '[800,600][1040,700]' },
        ],
      ],
    ],
  ],
]);

describe('choosing one element', () => {
  it('fails as ambiguous and names the candidates by what stands in their rows', () => {
    const action = decide('Tap Buy', twoRows).action;
    expect(action).toEqual({
      type: 'fail',
      reason: expect.stringMatching(/^Ambiguous: 2 elements match "Buy" \(.*next to "Red Mug".*next to "Blue Mug"/),
    });
  });

  it('takes the one a neighbour or an ordinal names', () => {
    expect(decide('Tap Buy next to Blue Mug', twoRows).action).toMatchObject({ type: 'tap', target: { value: 'com.example:id/buy_blue' } });
    expect(decide('Tap the first Buy button', twoRows).action).toMatchObject({ type: 'tap', target: { value: 'com.example:id/buy_red' } });
    expect(decide('Tap Buy next to Green Mug', twoRows).action.type).toBe('fail');
  });

  it('never lets a qualifier promote a weaker match', () => {
    const xml = androidXml(
      ['android.widget.Button', { text: 'Add to cart', clickable: 'true', bounds: '[0,300][500,400]' }],
      [
        'android.widget.LinearLayout',
        { 'resource-id': 'android:id/parentPanel', bounds: '[60,900][1020,1500]' },
        [
          ['android.widget.TextView', { text: 'Added to cart', bounds: '[100,950][900,1000]' }],
          ['android.widget.Button', { text: 'OK', clickable: 'true', bounds: '[800,1400][1000,1480]' }],
        ],
      ],
    );
    expect(decide('Tap Add to cart in the dialog', xml).action.type).toBe('fail');
    expect(decide('Tap OK in the dialog', xml).action.type).toBe('tap');
  });

  it('does not tap what lies behind a modal dialog', () => {
    const xml = androidXml(
      ['android.widget.Button', { text: 'Save', clickable: 'true', bounds: '[0,300][500,400]' }],
      [
        'android.widget.LinearLayout',
        { 'resource-id': 'android:id/parentPanel', bounds: '[60,900][1020,1500]' },
        [['android.widget.Button', { text: 'Discard', clickable: 'true', bounds: '[800,1400][1000,1480]' }]],
      ],
    );
    expect(decide('Tap Save', xml).action).toEqual({ type: 'fail', reason: expect.stringMatching(/behind a dialog/) });
    expect(decide('Check that Save is shown', xml).action.type).toBe('assert');
  });
});

describe('a thing named by the first words of one text ("the leaflet for the cetirizine")', () => {
  // "Cetirizine 10 mg · 30 tablets" has a Leaflet; "Salbutamol inhaler (repeat prescription)" has none.
  it('places the control in the row of the one text starting with the name', () => {
    // The second row's Leaflet, by its place (two rows have one).
    expect(decideOn('Open the leaflet for the cetirizine', 'android-pharmacy-collect')).toBe(
      'tap /FrameLayout[0]/LinearLayout[0]/RecyclerView[8]/LinearLayout[1]/Button[3]',
    );
  });
  it('never by a word from the middle of a text, nor a name no text starts with', () => {
    expect(decideOn('Open the leaflet for the inhaler', 'android-pharmacy-collect')).toBe('fail');
    expect(decideOn('Open the leaflet for the aspirin', 'android-pharmacy-collect')).toBe('fail');
  });
});

describe('a control "for the half past one room" (forty-eighth batch)', () => {
  it('is the one beside the one text showing that time as the screen writes it', () => {
    const submarine = 'tap /FrameLayout[0]/LinearLayout[0]/RecyclerView[5]/LinearLayout[1]/Button[6]';
    expect(decideOn('Open the details for the half past one room', 'android-escape-room-booking')).toBe(submarine);
    expect(decideOn('Open the details for the 13:30 room', 'android-escape-room-booking')).toBe(submarine);
    // Traps: the 11:00 room has no Details; no room at 12:00.
    expect(decideOn("Open the details for the 11 o'clock room", 'android-escape-room-booking')).toBe('fail');
    expect(decideOn('Open the details for the 12:00 room', 'android-escape-room-booking')).toBe('fail');
  });
});
