import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseHierarchy } from './hierarchy.js';
import { androidXml } from './testing/android-screen.js';
import { decideOn } from './testing/corpus-decisions.js';
import { controlByVerb } from './verb-controls.js';

const corpusScreen = (name: string, platform: 'android' | 'ios') => {
  const parsed = parseHierarchy(readFileSync(new URL(`./corpus/screens/${name}.xml`, import.meta.url), 'utf8'), platform);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.elements;
};
const tapped = (said: string, elements: ReturnType<typeof corpusScreen>) => {
  const decision = controlByVerb(said, elements);
  return decision?.action.type === 'tap' && decision.action.target ? decision.action.target.value : null;
};

describe('controlByVerb', () => {
  const pet = corpusScreen('android-pet-profile', 'android');
  const translate = corpusScreen('ios-translate', 'ios');

  it('taps the control whose first word is the verb, its other words in the instruction and the rest on the screen', () => {
    expect(tapped('Add Biscuit to my favourites', pet)).toMatch(/favourite/);
    expect(tapped('Apply to adopt Biscuit', pet)).toMatch(/apply_button/);
    expect(tapped('Copy the translation', translate)).toBe('copy');
    expect(tapped('Listen to the translation', translate)).toBe('listen');
  });

  it('never taps a control with a word the instruction lacks, for a name the screen does not show, or another verb', () => {
    // "Add to favourites" is not "Add": "favourites" is missing from the instruction.
    expect(tapped('Add Biscuit', pet)).toBeNull();
    // A name the screen does not show: another pet.
    expect(tapped('Add Rex to my favourites', pet)).toBeNull();
    expect(tapped('Copy the Spanish translation', translate)).toBeNull();
    expect(tapped('Print the translation', translate)).toBeNull();
    expect(tapped('Adopt Biscuit', pet)).toBeNull();
  });

  it('takes a word right before the noun the name ends on as saying which kind ("my finisher certificate")', () => {
    const race = corpusScreen('android-race-results', 'android');
    expect(tapped('Download my finisher certificate', race)).toMatch(/certificate_button/);
    // "View photos (6)": the count in brackets is no part of its name.
    expect(tapped('View my race photos', race)).toMatch(/photos_button/);
    // The word after the noun, or a noun the name does not end on, is another thing.
    expect(tapped('Download the certificate template', race)).toBeNull();
    expect(tapped('Download my finisher medal', race)).toBeNull();
  });

  it('takes what the verb acts on from before a preposition: "Add a note to the Sunday reading" never taps "Add Reading"', () => {
    const log = corpusScreen('ios-blood-pressure', 'ios');
    expect(tapped('Add a note to the Sunday reading', log)).toBeNull();
    expect(tapped('Add a reading', log)).toMatch(/addReadingButton/);
  });

  it('takes a verb of the same action, never another action or an object the screen does not show', () => {
    const steps = corpusScreen('android-steps', 'android');
    const parking = corpusScreen('android-parking-session', 'android');
    expect(tapped('Change my goal', steps)).toMatch(/edit_goal/);
    expect(tapped('Change my avatar', steps)).toBeNull();
    expect(tapped('Remove my goal', steps)).toBeNull();
    expect(tapped('End the parking session', parking)).toMatch(/stop/);
    expect(tapped('Pause the parking session', parking)).toBeNull();
  });

  it("takes the control's numbers as the instruction gives them, and never another", () => {
    const room = corpusScreen('android-meeting-room', 'android');
    expect(tapped('Book the room for 30 minutes', room)).toMatch(/book_30/);
    expect(tapped('Book the room for an hour', room)).toMatch(/book_60/);
    expect(tapped('Book the room for 2 hours', room)).toBeNull();
    expect(tapped('Book the room for 45 minutes', room)).toBeNull();
    const card = corpusScreen('android-bank-card', 'android');
    expect(tapped('Show me the PIN', card)).toMatch(/show_pin/);
    expect(tapped('Show me the CVV', card)).toBeNull();
  });

  it("reads a word for the thing itself (a link, its details) after the control's words, never another thing", () => {
    const parcel = corpusScreen('ios-parcel-tracking', 'ios');
    expect(tapped('Share the tracking link', parcel)).toBe('share');
    expect(tapped('Share the tracking photo', parcel)).toBeNull();
    expect(tapped('Share the delivery link', parcel)).toBeNull();
  });

  it('takes a control named by its verb alone only for what the screen is about', () => {
    const xml = androidXml(
      [
        'android.view.ViewGroup',
        { 'resource-id': 'com.example:id/toolbar', bounds: '[0,0][1080,160]' },
        [['android.widget.TextView', { text: 'Photo', 'resource-id': 'com.example:id/toolbar_title', bounds: '[0,40][1080,100]' }]],
      ],
      ['android.widget.TextView', { text: 'Sunset over the bay', 'resource-id': 'com.example:id/caption', bounds: '[0,1200][1080,1260]' }],
      ['android.widget.TextView', { text: 'Account', 'resource-id': 'com.example:id/account_tab', bounds: '[0,2200][540,2300]' }],
      [
        'android.widget.Button',
        { text: 'Delete', 'resource-id': 'com.example:id/delete', clickable: 'true', bounds: '[0,1900][1080,2000]' },
      ],
    );
    const parsed = parseHierarchy(xml, 'android');
    if (!parsed.ok) throw new Error(parsed.error);
    expect(tapped('Delete the photo', parsed.elements)).toMatch(/delete/);
    expect(tapped('Delete the account', parsed.elements)).toBeNull();
  });

  it("never taps the verb's control for an object it does not act on (intent-resolver.ts controlByAction)", () => {
    // The thirty-seventh batch's false passes: the Return of the strimmer's row, the Return of an alert about a telescope.
    expect(decideOn('Return the wheelbarrow', 'android-allotment-plot')).toBe('fail');
    expect(decideOn('Return the strimmer', 'android-allotment-plot')).toBe('tap uk.gov.greenfield.allotments:id/return_button');
    expect(decideOn('Return the star atlas early', 'ios-return-telescope-alert')).toBe('fail');
    expect(decideOn('Return the telescope', 'ios-return-telescope-alert')).toBe('tap Return');
  });
});

describe('a row chosen by the verb its rows offer (forty-fourth and forty-fifth batches)', () => {
  it("taps the row's own control, by the verb or one of the same meaning", () => {
    expect(decideOn('Pick the Glasbury beat instead', 'android-fishing-permit')).toBe('tap com.riverpass.app:id/choose_beat_button');
    expect(decideOn('pick owl encounter', 'android-falconry-experience')).toBe(
      'tap /FrameLayout[0]/LinearLayout[0]/RecyclerView[3]/CardView[0]/LinearLayout[0]/Button[3]',
    );
  });
  it('fails a row without that control while other rows have one (closed, sold out): tapping it chooses nothing', () => {
    expect(decideOn('Choose the Boughrood beat', 'android-fishing-permit')).toBe('fail');
    expect(decideOn('Choose Falconer for a day', 'android-falconry-experience')).toBe('fail');
  });
});

describe('"create" is the "set" of a control (session 16)', () => {
  it('"Create a price alert" taps "Set price alert"; nothing for what no control sets', () => {
    expect(decideOn('Create a price alert', 'android-fuel-prices')).toBe('tap com.pumpwise.app:id/price_alert_button');
    expect(decideOn('Create a fuel alert', 'android-fuel-prices')).toBe('fail');
    expect(decideOn('Create a price report', 'android-fuel-prices')).toBe('fail');
  });
});

describe('a word before the noun a control ends on (session 17)', () => {
  it('says which kind when written in lower case, never when it is a name the screen does not show', () => {
    expect(decideOn('Cancel the Stratocaster setup', 'ios-cancel-guitar-setup-alert')).toBe('tap Cancel setup');
    // Found by scripts/corpus-mutants.ts --mode absent on the forty-eighth batch: "Quillon" is no kind of setup.
    expect(decideOn('Cancel the Quillon setup', 'ios-cancel-guitar-setup-alert')).toBe('fail');
  });
});

describe('a word for what the row is after its name (session 17)', () => {
  it('is the row\'s control: "Edit the Andromeda entry", never a row without it', () => {
    expect(decideOn('Edit the Andromeda entry', 'ios-astronomy-observing-log')).toBe('tap edit_1');
    expect(decideOn("Add a note to yesterday's high reading", 'ios-blood-pressure')).toBe('tap addNote_1');
    // Traps: no Venus row; the Orion row has no Share.
    expect(decideOn('Edit the Venus entry', 'ios-astronomy-observing-log')).toBe('fail');
    expect(decideOn('Share the Orion entry', 'ios-astronomy-observing-log')).toBe('fail');
  });
});

describe('"I\'ll post it back instead" (session 17)', () => {
  it("taps the control whose label is the speaker's intention, nothing for another", () => {
    expect(decideOn("I'll post it back instead", 'ios-return-costume-alert')).toBe('tap Post It Back Instead');
    expect(decideOn("I'll drop it off instead", 'ios-return-costume-alert')).toBe('fail');
  });
});

describe('a control named by its verb, the thing beside it on its line (session 17)', () => {
  it('"Top up my credit" beside "Credit €6.40", never a thing shown elsewhere', () => {
    expect(decideOn('Top up my credit', 'android-laundry-booking')).toBe('tap com.homely.laundry:id/top_up_button');
    expect(decideOn('Top up the washer', 'android-laundry-booking')).toBe('fail');
  });
});

describe('"Record a new vaccination" (session 17)', () => {
  it('is the screen\'s Add of it where no control records; never "log in", nor a thing it does not add', () => {
    expect(decideOn('Record a new vaccination', 'android-vaccination-record')).toBe('tap com.healthpass.records:id/add_button');
    expect(decideOn('Record a new allergy', 'android-vaccination-record')).toBe('fail');
    expect(decideOn('Log in', 'android-vaccination-record')).toBe('fail');
    // A control of its own ("Log reading") is the one.
    expect(decideOn('Log a reading', 'android-glucose-diary')).toBe('tap com.sugarlog.diary:id/log_button');
  });
});
