/**
 * A switch or checkbox named in the tester's words (toggle-words.ts): "the eSIM box" for "Also erase
 * downloaded eSIMs", "backing up the watch data" for "Back up watch data first". Traps: a word no
 * toggle's label has; the state the box is not in.
 */
import { describe, expect, it } from 'vitest';
import { decideOn } from './testing/corpus-decisions.js';

const decide = decideOn;

describe('a toggle named by the words of its label', () => {
  it('checks its state by those words, every one of them the label’s', () => {
    expect(decide('Make sure the eSIM box is not ticked', 'android-reset-network-dialog')).toBe(
      'assert com.android.settings:id/erase_esim_checkbox',
    );
    expect(decide('Make sure backing up the watch data is ticked', 'android-unpair-watch-dialog')).toBe(
      'assert com.wearsync.companion:id/backup_checkbox',
    );
    expect(decide('Check that auto-download is on', 'ios-podcast-episode')).toBe('assert autoDownloadSwitch');
    expect(decide('Make sure the eSIM box is ticked', 'android-reset-network-dialog')).toBe('fail');
    expect(decide('Make sure the SIM card box is not ticked', 'android-reset-network-dialog')).toBe('fail');
    expect(decide('Make sure backing up the photos is ticked', 'android-unpair-watch-dialog')).toBe('fail');
    expect(decide('Check that auto-delete is on', 'ios-podcast-episode')).toBe('fail');
  });

  it('reads a chosen card by its own state ("the Plus wash is selected" over its checked card)', () => {
    expect(decide('Check the Plus wash is selected', 'android-car-wash')).toMatch(/^assert /);
    expect(decide('Check the Basic wash is selected', 'android-car-wash')).toBe('fail');
    expect(decide('Check the Plus colour is selected', 'android-car-wash')).toBe('fail');
  });

  it('ticks or unticks it by those words', () => {
    expect(decide('Untick the parking photo box', 'android-end-scooter-ride-dialog')).toBe('tap com.zipscoot.app:id/photo_checkbox');
    expect(decide('Tick the helmet photo box', 'android-end-scooter-ride-dialog')).toBe('fail');
    // "reminder" is "Remind me …": the doer's noun names the switch that does it.
    expect(decide('Turn off the evening reminder', 'ios-bin-collection')).toBe('tap reminderSwitch');
    expect(decide('Turn off the dose reminders', 'android-vaccination-record')).toBe('tap com.healthpass.records:id/reminder_switch');
    expect(decide('Turn off the morning reminder', 'ios-bin-collection')).toBe('fail');
    // Under a heading "Zones", "zone" says what the switches are; "Hedges" which one.
    expect(decide('Turn on the Hedges zone', 'ios-garden-watering')).toBe('tap zoneSwitch_2');
    expect(decide('Turn on the Hedges sprinkler', 'ios-garden-watering')).toBe('fail');
    expect(decide('Turn on the Orchard zone', 'ios-garden-watering')).toBe('fail');
  });
});

describe('a switch or checkbox turned on by its own verb and words (session 15)', () => {
  it('turns on the one toggle whose label has the verb and what it acts on', () => {
    expect(decideOn('Allow substitutions', 'android-farm-shop-preorder')).toBe('tap uk.co.hollowfarm.shop:id/substitutions_switch');
    expect(decideOn('Keep the app data', 'android-uninstall-app-dialog')).toBe('tap com.google.android.packageinstaller:id/checkbox');
    expect(decideOn('Hire towels', 'ios-harbour-sauna')).toBe('tap towelSwitch');
    expect(decideOn('Delete the chat history too', 'dev9-android-leave-group-dialog')).toBe('tap com.chatter.app:id/delete_history');
  });

  it('turns on nothing for another thing, another verb, or a negation', () => {
    expect(decideOn('Hire bikes', 'ios-harbour-sauna')).toBe('fail');
    // "Book" is no word of "Towel hire (+£3.00)".
    expect(decideOn('Book towels', 'ios-harbour-sauna')).toBe('fail');
    expect(decideOn('Keep the photos', 'android-uninstall-app-dialog')).toBe('fail');
    expect(decideOn("Don't keep the app data", 'android-uninstall-app-dialog')).toBe('fail');
    expect(decideOn('Delete the photos too', 'dev9-android-leave-group-dialog')).toBe('fail');
  });
});

describe('"as well" at the end says nothing of which (session 16)', () => {
  it('ticks the box whose words follow "the box to"', () => {
    expect(decideOn('Tick the box to delete my saved notes as well', 'android-leave-book-club-dialog')).toBe(
      'tap com.pageturners.club:id/delete_notes_checkbox',
    );
    expect(decideOn('Tick the box to delete my saved photos as well', 'android-leave-book-club-dialog')).toBe('fail');
  });
});

describe('a switch named with its row: "the reminder for Ashby Green" (session 16: the first row\'s had been taken)', () => {
  it('sets the switch of that row, never the first "Remind me" of the list', () => {
    expect(decideOn('Turn on the reminder for Ashby Green', 'ios-mobile-library-stops')).toBe('tap reminderSwitch_1');
    expect(decideOn('Turn on the reminder for Brook End', 'ios-mobile-library-stops')).toBe('tap reminderSwitch_3');
    expect(decideOn('Turn on the reminder for Little Harwood', 'ios-mobile-library-stops')).toBe('done');
    // Words after "for" that are the switch's own label still name it.
    expect(decideOn('Turn on the pitch raise for every visit', 'android-piano-tuner-visits')).toBe(
      'tap uk.co.tunedup.app:id/pitch_raise_switch',
    );
  });

  it('does nothing for a row no stop has, or a row without a switch', () => {
    expect(decideOn('Turn on the reminder for Quillon Green', 'ios-mobile-library-stops')).toBe('fail');
    expect(decideOn('Turn on the reminder for Kelsey Primary School', 'ios-mobile-library-stops')).toBe('fail');
  });
});
