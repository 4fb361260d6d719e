/**
 * Twenty-ninth batch (issue 25): six new screens, written blind: not run before commit.
 * Written by a helper of session 8 (branch s8-25d), another writer than the one of the
 * twenty-seventh and twenty-eighth batches: only corpus-case.ts, judge.ts, corpus.test.ts (to
 * register the batch), the twenty-seventh and twenty-eighth batches and their screens were
 * read for the format, never the offline model, its lexicon, the rules in docs/ or the other
 * batches, and neither the model nor the corpus test was run.
 * Each expected element was checked only to resolve to the element meant (judge.ts
 * `findRef` over the parsed screen, outside the repository), never against a decision.
 *
 * Screens: a ferry timetable with date chips and four sailings, one sold out with a
 * waitlist button, the others with a Select button (android-ferry-timetable), a shared
 * laundry room with five washers and dryers, each with its state, a credit balance and the
 * next reservation (android-laundry-booking), an "Unpair Galaxy Watch6?" dialog with a ticked
 * backup checkbox (android-unpair-watch-dialog), a ski resort's lift status with snow report,
 * waiting times and favourite buttons per lift (ios-ski-lifts), a baby tracker's day with
 * summary tiles, quick-log buttons, a timeline and a feed-reminder switch (ios-baby-tracker)
 * and a "Stop Sharing Location with Anna?" alert over her person page
 * (ios-stop-sharing-location-alert).
 *
 * 98 cases (50 Android, 17 of them must fail; 48 iOS, 16 must fail): 33 must fail in all:
 * an absent target, a wrong time, price, amount or name, a claim true of another row (a
 * price, a state, a waiting time, a snow depth), a false claim about a chip, a checkbox, a
 * segment or a switch, a negation of what is shown, a tap on a control a row does not have,
 * a claim the dialog's or the alert's text contradicts, a button asked for in the alert
 * that is only on the screen behind it.
 * Blind score before any fix: 71/98 (72.4 %), 2 false passes ("Check the wait for the gondola is 15 min" passed on another lift's wait; "Verify Chairlift Nordwand is open" on "Opens at 10:30"), 1 on a wrong element ("Select the 10:30 sailing" tapped the row, not its Select button) (the model of main at 7029ad2, run by the lead).
 * Blind but for those, fixed by general readings (claim-evidence.ts: a state is never said by when it will happen, "Opens at 10:30"; value-assertions.ts: a value named by its id is read in the row the check places it in; intent-resolver.ts: "Select the X" taps the row's own Select button): 74/98 (75.5 %), 0 false passes, 0 on a wrong element; the other misses were not looked at.
 */
import { absent, type CorpusCase, fails, onPlatform, pass, type Row, tap } from './corpus-case.js';

const ferry: Row[] = [
  ['Select the 10:30 sailing', 'android-ferry-timetable', tap({ id: 'select_button', nth: 2 })],
  ['Open the 07:30 departure', 'android-ferry-timetable', tap({ id: 'departure_row', has: '07:30' })],
  ['tap the 12:00 crossing', 'android-ferry-timetable', tap({ id: 'departure_row', has: '12:00' })],
  ['Join the waitlist for the 9:00 ferry', 'android-ferry-timetable', tap({ id: 'waitlist_button' })],
  ['Swap the direction of travel', 'android-ferry-timetable', tap({ id: 'swap_button' })],
  ['Show sailings on Saturday 13 December', 'android-ferry-timetable', tap({ text: 'Sat 13 Dec' })],
  ['Check the 07:30 ferry arrives at 08:15', 'android-ferry-timetable', pass()],
  ['Check the 07:30 ferry arrives at 08:45', 'android-ferry-timetable', fails()],
  ['Verify the 10:30 sailing is the cheapest', 'android-ferry-timetable', pass()],
  ['Verify the 12:00 sailing is the cheapest', 'android-ferry-timetable', fails()],
  ['Check the 09:00 departure is sold out', 'android-ferry-timetable', pass()],
  ['Check the 10:30 departure is sold out', 'android-ferry-timetable', fails()],
  ['Verify the 07:30 sailing costs £38.00', 'android-ferry-timetable', fails()],
  ['Make sure Today is selected', 'android-ferry-timetable', pass({ text: 'Today' })],
  ['Select the 14:00 sailing', 'android-ferry-timetable', fails()],
  ['Verify the ferry goes to Cowes', 'android-ferry-timetable', fails()],
  ['The ferry timetable is shown', 'android-ferry-timetable', pass()],
  ['"No sailings on this day" is not shown', 'android-ferry-timetable', absent],
];

const laundry: Row[] = [
  ['Start Washer 1', 'android-laundry-booking', tap({ id: 'start_button', nth: 1 })],
  ['Start Dryer 1', 'android-laundry-booking', tap({ id: 'start_button', nth: 2 })],
  ['Notify me when Washer 2 is done', 'android-laundry-booking', tap({ id: 'notify_button', nth: 1 })],
  ['tap the Dryer 2 card', 'android-laundry-booking', tap({ id: 'machine_card', has: 'Dryer 2' })],
  ['Top up my credit', 'android-laundry-booking', tap({ id: 'top_up_button' })],
  ['Cancel my reservation', 'android-laundry-booking', tap({ id: 'cancel_reservation_button' })],
  ['Check Washer 2 has 23 minutes left', 'android-laundry-booking', pass()],
  ['Check Dryer 2 has 18 minutes left', 'android-laundry-booking', fails()],
  ['Verify Washer 3 is out of order', 'android-laundry-booking', pass()],
  ['Verify no machine is out of order', 'android-laundry-booking', fails()],
  ['Check Washer 2 is available', 'android-laundry-booking', fails()],
  ['Check Dryer 1 is not in use', 'android-laundry-booking', pass()],
  ['Check my credit is €6.40', 'android-laundry-booking', pass({ id: 'credit_value' })],
  ['Verify my credit is €4.60', 'android-laundry-booking', fails()],
  ['Verify my next reservation is on Wed 17 Dec at 19:00', 'android-laundry-booking', pass()],
  ['Tap Start on Washer 3', 'android-laundry-booking', fails()],
  ['Open Washer 4', 'android-laundry-booking', fails()],
  ['"Payment failed" is not shown', 'android-laundry-booking', absent],
];

const unpairDialog: Row[] = [
  ['Tap Unpair in the dialog', 'android-unpair-watch-dialog', tap({ id: 'button1' })],
  ['Confirm unpairing the watch', 'android-unpair-watch-dialog', tap({ id: 'button1' })],
  ['Dismiss the dialog with Cancel', 'android-unpair-watch-dialog', tap({ id: 'button2' })],
  ['Untick "Back up watch data first"', 'android-unpair-watch-dialog', tap({ id: 'backup_checkbox' })],
  ['Check the dialog asks to unpair the Galaxy Watch6', 'android-unpair-watch-dialog', pass()],
  ['Check the dialog asks to unpair the Pixel Watch 2', 'android-unpair-watch-dialog', fails()],
  ['Check the dialog warns that unsynced health data from the last 24 hours may be lost', 'android-unpair-watch-dialog', pass()],
  ['Verify health data from the last 7 days may be lost', 'android-unpair-watch-dialog', fails()],
  ['Make sure backing up the watch data is ticked', 'android-unpair-watch-dialog', pass({ id: 'backup_checkbox' })],
  ['Check the backup box is unticked', 'android-unpair-watch-dialog', fails()],
  ['Tap Find my watch in the dialog', 'android-unpair-watch-dialog', fails()],
  ['Verify the Unpair button is not shown', 'android-unpair-watch-dialog', fails()],
  ['A confirmation to unpair the watch is shown', 'android-unpair-watch-dialog', pass()],
  ['"Watch unpaired" is not shown', 'android-unpair-watch-dialog', absent],
];

const skiLifts: Row[] = [
  ['Open the Gondola Gipfelbahn lift', 'ios-ski-lifts', tap({ id: 'lift_0' })],
  ['tap Chairlift Nordwand', 'ios-ski-lifts', tap({ id: 'lift_3' })],
  ['Show the slopes', 'ios-ski-lifts', tap({ id: 'Slopes' })],
  ['Buy a day pass', 'ios-ski-lifts', tap({ id: 'buyPassButton' })],
  ['Add Chairlift Sonnenhang to favourites', 'ios-ski-lifts', tap({ id: 'favourite_1' })],
  ['Check the wait at Sonnenhang is 15 min', 'ios-ski-lifts', pass()],
  ['Check the wait for the gondola is 15 min', 'ios-ski-lifts', fails()],
  ['Verify the T-bar is closed because of wind', 'ios-ski-lifts', pass()],
  ['Verify the gondola is closed', 'ios-ski-lifts', fails()],
  ['Check Chairlift Nordwand opens at 10:30', 'ios-ski-lifts', pass()],
  ['Verify Chairlift Nordwand is open', 'ios-ski-lifts', fails()],
  ['Check 9 of 12 lifts are open', 'ios-ski-lifts', pass({ id: 'liftSummary' })],
  ['Check 10 of 12 lifts are open', 'ios-ski-lifts', fails()],
  ['Check the snow depth at the summit is 85 cm', 'ios-ski-lifts', pass()],
  ['Check the snow depth in the valley is 85 cm', 'ios-ski-lifts', fails()],
  ['Check Slopes is selected', 'ios-ski-lifts', fails()],
  ['Open the Panorama Express lift', 'ios-ski-lifts', fails()],
  ['The lift status screen is shown', 'ios-ski-lifts', pass()],
  ['"Resort closed" is not shown', 'ios-ski-lifts', absent],
];

const babyTracker: Row[] = [
  ['Log a feed', 'ios-baby-tracker', tap({ id: 'logFeedButton' })],
  ['Log a nappy change', 'ios-baby-tracker', tap({ id: 'logNappyButton' })],
  ['Open the 11:45 nap entry', 'ios-baby-tracker', tap({ id: 'entry_1' })],
  ['tap the bottle feed entry', 'ios-baby-tracker', tap({ id: 'entry_0' })],
  ['Turn off the feed reminder', 'ios-baby-tracker', tap({ id: 'reminderSwitch' })],
  ['Check Emma is 4 months old', 'ios-baby-tracker', pass()],
  ['Verify 6 feeds were logged today', 'ios-baby-tracker', pass()],
  ['Verify 7 feeds were logged today', 'ios-baby-tracker', fails()],
  ['Check the last bottle was 120 ml', 'ios-baby-tracker', pass()],
  ['Check the last bottle was 150 ml', 'ios-baby-tracker', fails()],
  ['Check the 10:30 nappy was dirty', 'ios-baby-tracker', fails()],
  ['Verify the feed reminder is on', 'ios-baby-tracker', pass({ id: 'reminderSwitch' })],
  ['Verify the feed reminder is off', 'ios-baby-tracker', fails()],
  ['Check the next feed reminder is at 16:10', 'ios-baby-tracker', pass()],
  ['Open the 08:00 entry', 'ios-baby-tracker', fails()],
  ["Today's log for Emma is shown", 'ios-baby-tracker', pass()],
  ['"No entries yet" is not shown', 'ios-baby-tracker', absent],
];

const stopSharingAlert: Row[] = [
  ['Tap Stop Sharing in the alert', 'ios-stop-sharing-location-alert', tap({ id: 'Stop Sharing' })],
  ['Confirm the alert', 'ios-stop-sharing-location-alert', tap({ id: 'Stop Sharing' })],
  ['Cancel the alert', 'ios-stop-sharing-location-alert', tap({ id: 'Cancel' })],
  ['Keep sharing my location with Anna', 'ios-stop-sharing-location-alert', tap({ id: 'Cancel' })],
  ['Check the alert asks to stop sharing my location with Anna', 'ios-stop-sharing-location-alert', pass()],
  ['Check the alert asks to stop sharing with Marco', 'ios-stop-sharing-location-alert', fails()],
  ['Verify Anna will no longer see my location', 'ios-stop-sharing-location-alert', pass()],
  ['Verify the alert says Anna will be notified', 'ios-stop-sharing-location-alert', fails()],
  ['Tap Directions in the alert', 'ios-stop-sharing-location-alert', fails()],
  ['Verify the Cancel button is not displayed', 'ios-stop-sharing-location-alert', fails()],
  ['A confirmation to stop sharing location is shown', 'ios-stop-sharing-location-alert', pass()],
  ['"Location sharing stopped" is not shown', 'ios-stop-sharing-location-alert', absent],
];

export const twentyNinthBatch: CorpusCase[] = [
  ...onPlatform('android', [...ferry, ...laundry, ...unpairDialog]),
  ...onPlatform('ios', [...skiLifts, ...babyTracker, ...stopSharingAlert]),
].map((c) => ({ ...c, blind: true }));
