/**
 * Twenty-eighth batch (issue 25): six new screens, written blind: not run before commit.
 * Written by the author of the twenty-seventh batch under the same rules: only
 * corpus-case.ts, judge.ts, corpus.test.ts (to register the batch), the twenty-fifth and
 * twenty-sixth batches and their screens were read for the format, never the offline
 * model, its lexicon, the rules in docs/ or the other batches, and neither the model nor
 * the corpus test was run.
 * Each expected element was checked only to resolve to the element meant (judge.ts
 * `findRef` over the parsed screen, outside the repository), never against a decision.
 *
 * Screens: blood test results with five result rows, each with its value, range and flag
 * (android-lab-results), live football scores in two leagues with day tabs and a follow
 * button per match (android-football-scores), a "Reset network settings?" dialog with a
 * checkbox (android-reset-network-dialog), a bill split between three people with tip
 * choices and a "Split evenly" switch (ios-split-bill), a garden watering controller with
 * four zones holding their switches (ios-garden-watering) and a "Remove Tom from the
 * family?" alert over the family members' list (ios-remove-family-member-alert).
 *
 * 102 cases (51 Android, 18 of them must fail; 51 iOS, 17 must fail): 35 must fail in
 * all: an absent target, a wrong number, score, time or name, a claim true of another row
 * (a flag, a kick-off time, a paid status), a false claim about a checkbox, a switch or a
 * selected tip, a claim the dialog's or the alert's text contradicts, a button asked for
 * in the alert that is only on the screen behind it.
 * Blind score before any fix: 74/102 (72.5 %), 1 false pass ("Verify the dialog says my photos will be deleted" passed on a message about paired devices), 0 on a wrong element (the model of main at 8cb0a6f, run by the lead).
 * Blind but for its false pass, fixed by a general reading (paraphrase.ts: a text with a subject of its own, "Paired devices will be removed", never speaks of a subject the screen names nowhere): 75/102 (73.5 %), 0 false passes, 0 on a wrong element; the other misses were not looked at.
 */
import { absent, type CorpusCase, fails, onPlatform, pass, type Row, tap } from './corpus-case.js';

const labResults: Row[] = [
  ['Open the Vitamin D result', 'android-lab-results', tap({ id: 'result_row', has: 'Vitamin D' })],
  ['tap the cholesterol row', 'android-lab-results', tap({ id: 'result_row', has: 'Cholesterol (total)' })],
  ['Share the results with my doctor', 'android-lab-results', tap({ id: 'share_button' })],
  ['Book a follow-up appointment', 'android-lab-results', tap({ id: 'follow_up_button' })],
  ['Check cholesterol is flagged as high', 'android-lab-results', pass()],
  ['Check vitamin D is flagged as high', 'android-lab-results', fails()],
  ['Verify haemoglobin is 13.8 g/dL', 'android-lab-results', pass()],
  ['Verify haemoglobin is 18.3 g/dL', 'android-lab-results', fails()],
  ['Check that two results are out of range', 'android-lab-results', pass({ id: 'summary_text' })],
  ['Check that 3 results are outside the normal range', 'android-lab-results', fails()],
  ['Check the glucose result is normal', 'android-lab-results', pass()],
  ['Check the TSH result is abnormal', 'android-lab-results', fails()],
  ['Verify the blood was taken on 2 December', 'android-lab-results', pass({ id: 'taken_date' })],
  ['Check the tests were ordered by Dr. Okafor', 'android-lab-results', pass({ id: 'ordered_by' })],
  ['Check the tests were ordered by Dr. Patel', 'android-lab-results', fails()],
  ['Open the Iron result', 'android-lab-results', fails()],
  ['The blood test results screen is shown', 'android-lab-results', pass()],
  ['"Results pending" is not shown', 'android-lab-results', absent],
];

const football: Row[] = [
  ['Open the Arsenal v Chelsea match', 'android-football-scores', tap({ id: 'match_row', has: 'Arsenal' })],
  ['Open the Real Madrid game', 'android-football-scores', tap({ id: 'match_row', has: 'Real Madrid' })],
  ['Follow the Brighton match', 'android-football-scores', tap({ id: 'follow_button', nth: 3 })],
  ["Show yesterday's matches", 'android-football-scores', tap({ desc: 'Yesterday' })],
  ['Go to Leagues', 'android-football-scores', tap({ id: 'nav_leagues' })],
  ['Check Arsenal are leading 2-1', 'android-football-scores', pass()],
  ['Check Chelsea are leading', 'android-football-scores', fails()],
  ['Verify Liverpool v Everton is at half time', 'android-football-scores', pass()],
  ['Verify Liverpool are winning 1-0', 'android-football-scores', fails()],
  ['Check Real Madrid and Sevilla drew 3-3', 'android-football-scores', pass()],
  ['Check the Real Madrid game finished 3-2', 'android-football-scores', fails()],
  ['Verify the Arsenal game has finished', 'android-football-scores', fails()],
  ['Check Brighton v Fulham kicks off at 20:00', 'android-football-scores', pass()],
  ['Check Girona v Valencia kicks off at 20:00', 'android-football-scores', fails()],
  ['Check that I follow the Arsenal match', 'android-football-scores', pass()],
  ['Open the Barcelona match', 'android-football-scores', fails()],
  ['Check that Serie A matches are listed', 'android-football-scores', fails()],
  ["Today's matches are shown", 'android-football-scores', pass()],
  ['"No matches today" is not shown', 'android-football-scores', absent],
];

const resetDialog: Row[] = [
  ['Tap Reset settings in the dialog', 'android-reset-network-dialog', tap({ id: 'button1' })],
  ['confirm the reset', 'android-reset-network-dialog', tap({ id: 'button1' })],
  ['Back out of the dialog with Cancel', 'android-reset-network-dialog', tap({ id: 'button2' })],
  ['Also erase the downloaded eSIMs', 'android-reset-network-dialog', tap({ id: 'erase_esim_checkbox' })],
  ['Check the dialog warns that Bluetooth will be reset', 'android-reset-network-dialog', pass()],
  ['Verify the dialog says paired devices will be removed', 'android-reset-network-dialog', pass()],
  ['Verify the dialog says my photos will be deleted', 'android-reset-network-dialog', fails()],
  ['Make sure the eSIM box is not ticked', 'android-reset-network-dialog', pass({ id: 'erase_esim_checkbox' })],
  ['Check erasing eSIMs is ticked', 'android-reset-network-dialog', fails()],
  ['Tap Restart now in the dialog', 'android-reset-network-dialog', fails()],
  ['The reset network settings dialog is displayed', 'android-reset-network-dialog', pass()],
  ['The factory reset dialog is shown', 'android-reset-network-dialog', fails()],
  ['Verify the Cancel button is not displayed', 'android-reset-network-dialog', fails()],
  ['"Network settings have been reset" is not shown', 'android-reset-network-dialog', absent],
];

const splitBill: Row[] = [
  ['Set the tip to 15%', 'ios-split-bill', tap({ id: 'tip15' })],
  ['Select no tip', 'ios-split-bill', tap({ id: 'tipNone' })],
  ['Add a person', 'ios-split-bill', tap({ id: 'addPerson' })],
  ['Tap Jonas in the list', 'ios-split-bill', tap({ id: 'person_1' })],
  ['Request the money', 'ios-split-bill', tap({ id: 'requestButton' })],
  ['Turn off Split evenly', 'ios-split-bill', tap({ id: 'splitEvenlySwitch' })],
  ['Check the bill is €86.40', 'ios-split-bill', pass({ id: 'billAmount' })],
  ['Check the bill is €84.60', 'ios-split-bill', fails()],
  ['Verify the total with tip is €95.04', 'ios-split-bill', pass({ id: 'totalAmount' })],
  ['Check each person pays €31.68', 'ios-split-bill', pass()],
  ['Check each person pays €28.80', 'ios-split-bill', fails()],
  ['Check Priya has paid', 'ios-split-bill', pass()],
  ['Check Jonas has paid', 'ios-split-bill', fails()],
  ['Verify the tip is 10%', 'ios-split-bill', pass({ id: 'tip10' })],
  ['Verify a 20% tip is selected', 'ios-split-bill', fails()],
  ['Check the bill is split between 3 people', 'ios-split-bill', pass({ id: 'peopleHeader' })],
  ['Check the bill is split between 4 people', 'ios-split-bill', fails()],
  ['Tap Pay with Apple Pay', 'ios-split-bill', fails()],
  ['"Payment request sent" is not shown', 'ios-split-bill', absent],
];

const watering: Row[] = [
  ['Water now', 'ios-garden-watering', tap({ id: 'waterNowButton' })],
  ['Skip the next run', 'ios-garden-watering', tap({ id: 'skipButton' })],
  ['Turn on the Hedges zone', 'ios-garden-watering', tap({ id: 'zoneSwitch_2' })],
  ['Switch off watering for the greenhouse', 'ios-garden-watering', tap({ id: 'zoneSwitch_3' })],
  ['Open the Vegetable bed zone', 'ios-garden-watering', tap({ id: 'zone_1' })],
  ['Set a rain delay', 'ios-garden-watering', tap({ id: 'rainDelayCell' })],
  ['Check the front lawn is watered for 15 minutes', 'ios-garden-watering', pass()],
  ['Check the front lawn is watered for 20 minutes', 'ios-garden-watering', fails()],
  ['Verify the Hedges zone is off', 'ios-garden-watering', pass({ id: 'zoneSwitch_2' })],
  ['Verify the Greenhouse zone is off', 'ios-garden-watering', fails()],
  ['Check the next run is tomorrow at 06:00', 'ios-garden-watering', pass({ id: 'nextRun' })],
  ['Check the next run is tomorrow at 07:00', 'ios-garden-watering', fails()],
  ['Soil moisture is 42%', 'ios-garden-watering', pass({ id: 'soilMoisture' })],
  ['Check rain is expected on Thursday', 'ios-garden-watering', fails()],
  ['Check the rain delay is on', 'ios-garden-watering', fails()],
  ['Open the Patio pots zone', 'ios-garden-watering', fails()],
  ['The watering schedule is shown', 'ios-garden-watering', pass()],
  ['"Controller offline" is not shown', 'ios-garden-watering', absent],
];

const removeMemberAlert: Row[] = [
  ['Tap Remove in the alert', 'ios-remove-family-member-alert', tap({ id: 'Remove' })],
  ['Confirm removing Tom', 'ios-remove-family-member-alert', tap({ id: 'Remove' })],
  ['Keep Tom in the family', 'ios-remove-family-member-alert', tap({ id: 'Cancel' })],
  ['Cancel', 'ios-remove-family-member-alert', tap({ id: 'Cancel' })],
  ['Check the alert asks to remove Tom from the family', 'ios-remove-family-member-alert', pass()],
  ['Check the alert asks to remove Lena', 'ios-remove-family-member-alert', fails()],
  ['Verify Tom will lose access to shared subscriptions', 'ios-remove-family-member-alert', pass()],
  ['Verify Tom will keep his purchases', 'ios-remove-family-member-alert', fails()],
  ['Check the alert says he can be invited again later', 'ios-remove-family-member-alert', pass()],
  ["Check the alert warns that Tom's account will be deleted", 'ios-remove-family-member-alert', fails()],
  ['Tap Stop Family Sharing in the alert', 'ios-remove-family-member-alert', fails()],
  ['A confirmation to remove a family member is shown', 'ios-remove-family-member-alert', pass()],
  ['Verify the Remove button is not shown', 'ios-remove-family-member-alert', fails()],
  ['"Tom was removed" is not shown', 'ios-remove-family-member-alert', absent],
];

export const twentyEighthBatch: CorpusCase[] = [
  ...onPlatform('android', [...labResults, ...football, ...resetDialog]),
  ...onPlatform('ios', [...splitBill, ...watering, ...removeMemberAlert]),
].map((c) => ({ ...c, blind: true }));
