/**
 * Twenty-seventh batch (issue 25): six new screens, written blind: not run before commit.
 * Written by a helper of session 8 under the rules of the twenty-fifth and twenty-sixth
 * batches: only corpus-case.ts, judge.ts, corpus.test.ts (to register the batch), the
 * twenty-fifth and twenty-sixth batches and their screens were read for the format, never
 * the offline model, its lexicon, the rules in docs/ or the other batches, and neither the
 * model nor the corpus test was run.
 * Each expected element was checked only to resolve to the element meant (judge.ts
 * `findRef` over the parsed screen, outside the repository), never against a decision.
 *
 * Screens: a TV guide with day chips and programme rows, each with a reminder bell
 * (android-tv-guide), fuel prices of four stations with fuel-type chips
 * (android-fuel-prices), a "Sign out of all devices?" dialog with three buttons and a
 * checkbox (android-sign-out-devices-dialog), kitchen timers, each row with its own
 * Pause/Resume/Restart button, presets and settings (ios-kitchen-timers), a museum ticket
 * order with time slots, steppers per ticket type and an audio-guide switch
 * (ios-museum-tickets) and a "Block Mia Novak?" alert over a contact card
 * (ios-block-contact-alert).
 *
 * 105 cases (54 Android, 19 of them must fail; 51 iOS, 18 must fail): 37 must fail in
 * all: an absent target, a wrong number or time, a claim true of another row (a badge, a
 * state, a price), a false claim about a chip, a checkbox or a switch, a negation of what
 * is shown, a claim the dialog's or the alert's text contradicts, a button asked for in
 * the alert that is only on the screen behind it.
 * Blind score before any fix: 86/105 (81.9 %), 1 false pass ("Verify a reminder is set for Paddington 2" passed on another programme's reminder), 0 on a wrong element (the model of main at 8cb0a6f, run by the lead).
 * Blind but for its false pass, fixed by a general reading (paraphrase.ts: a control whose first word bids the action, "Set reminder", never says the state "a reminder is set"): 87/105 (82.9 %), 0 false passes, 0 on a wrong element; the other misses were not looked at.
 */
import { absent, type CorpusCase, fails, onPlatform, pass, type Row, tap } from './corpus-case.js';

const tvGuide: Row[] = [
  ['Open The Great Bake Off', 'android-tv-guide', tap({ id: 'programme_row', has: 'The Great Bake Off' })],
  ['Tap the Gogglebox programme', 'android-tv-guide', tap({ id: 'programme_row', has: 'Gogglebox' })],
  ["Show tomorrow's programmes", 'android-tv-guide', tap({ text: 'Tomorrow' })],
  ['Set a reminder for The Night Manager', 'android-tv-guide', tap({ id: 'reminder_button', nth: 4 })],
  ['Go to Recordings', 'android-tv-guide', tap({ id: 'nav_recordings' })],
  ['Check The Great Bake Off is on BBC One', 'android-tv-guide', pass()],
  ['Check that The Great Bake Off is on ITV1', 'android-tv-guide', fails()],
  ['Verify Coronation Street starts at 19:30', 'android-tv-guide', pass()],
  ['Verify Coronation Street starts at 20:30', 'android-tv-guide', fails()],
  ['Check that a reminder is set for Gogglebox', 'android-tv-guide', pass()],
  ['Verify a reminder is set for Paddington 2', 'android-tv-guide', fails()],
  ['Check that Bake Off is live', 'android-tv-guide', pass()],
  ['Check The Night Manager is live', 'android-tv-guide', fails()],
  ['Make sure Today is selected', 'android-tv-guide', pass({ text: 'Today' })],
  ['Check that Tomorrow is selected', 'android-tv-guide', fails()],
  ['Open the Match of the Day programme', 'android-tv-guide', fails()],
  ['Verify Film4 is not in the list', 'android-tv-guide', fails()],
  ["Today's TV guide is shown", 'android-tv-guide', pass()],
  ['"No programmes found" is not shown', 'android-tv-guide', absent],
];

const fuel: Row[] = [
  ['Open the Aral Hauptstraße station', 'android-fuel-prices', tap({ id: 'station_row', has: 'Aral Hauptstraße' })],
  ['tap the Jet Nordring entry', 'android-fuel-prices', tap({ id: 'station_row', has: 'Jet Nordring' })],
  ['Show diesel prices', 'android-fuel-prices', tap({ text: 'Diesel' })],
  ['Switch to the map', 'android-fuel-prices', tap({ id: 'map_toggle' })],
  ['Create a price alert', 'android-fuel-prices', tap({ id: 'price_alert_button' })],
  ['Verify E10 costs €1.689 at Shell Riverside', 'android-fuel-prices', pass()],
  ['Check that E10 costs €1.649 at Shell Riverside', 'android-fuel-prices', fails()],
  ['Check that Aral Hauptstraße is the cheapest', 'android-fuel-prices', pass()],
  ['Check that Jet Nordring is the cheapest station', 'android-fuel-prices', fails()],
  ['Check Esso Am Markt is closed right now', 'android-fuel-prices', pass()],
  ['Verify Shell Riverside closes at 22:00', 'android-fuel-prices', fails()],
  ['Jet Nordring is 3.5 km away', 'android-fuel-prices', pass()],
  ['Check Esso Am Markt is 1.2 km away', 'android-fuel-prices', fails()],
  ['Check the prices were updated 5 minutes ago', 'android-fuel-prices', pass({ id: 'updated_label' })],
  ['Check that LPG is selected', 'android-fuel-prices', fails()],
  ['Check that 5 stations are listed', 'android-fuel-prices', fails()],
  ['Open the TotalEnergies station', 'android-fuel-prices', fails()],
  ['The stations are sorted by distance', 'android-fuel-prices', pass({ id: 'sort_label' })],
  ['The "Location permission needed" banner is not shown', 'android-fuel-prices', absent],
];

const signOutDialog: Row[] = [
  ['Tap Sign out in the dialog', 'android-sign-out-devices-dialog', tap({ id: 'button1' })],
  ['Confirm the dialog', 'android-sign-out-devices-dialog', tap({ id: 'button1' })],
  ['Close the dialog by tapping Cancel', 'android-sign-out-devices-dialog', tap({ id: 'button2' })],
  ["Don't sign out", 'android-sign-out-devices-dialog', tap({ id: 'button2' })],
  ['Review the devices first', 'android-sign-out-devices-dialog', tap({ id: 'button3' })],
  ['Tick "Also revoke app passwords"', 'android-sign-out-devices-dialog', tap({ id: 'revoke_checkbox' })],
  ['Check the dialog says I will be signed out on 4 devices', 'android-sign-out-devices-dialog', pass()],
  ['Verify the dialog mentions 3 devices', 'android-sign-out-devices-dialog', fails()],
  ['Check that the master password is needed to sign in again', 'android-sign-out-devices-dialog', pass()],
  ['Check the dialog asks to sign out of this device only', 'android-sign-out-devices-dialog', fails()],
  ['Make sure "Also revoke app passwords" is unchecked', 'android-sign-out-devices-dialog', pass({ id: 'revoke_checkbox' })],
  ['Verify revoking app passwords is checked', 'android-sign-out-devices-dialog', fails()],
  ['Tap Delete account in the dialog', 'android-sign-out-devices-dialog', fails()],
  ['The sign out of all devices dialog is shown', 'android-sign-out-devices-dialog', pass()],
  ['Verify the Sign out button is not shown', 'android-sign-out-devices-dialog', fails()],
  ['The "Wrong password" error is not shown', 'android-sign-out-devices-dialog', absent],
];

const timers: Row[] = [
  ['Pause the pasta timer', 'ios-kitchen-timers', tap({ id: 'timerAction_0' })],
  ['Resume Bread dough', 'ios-kitchen-timers', tap({ id: 'timerAction_3' })],
  ['Restart the eggs timer', 'ios-kitchen-timers', tap({ id: 'timerAction_2' })],
  ['Open the Roast chicken timer', 'ios-kitchen-timers', tap({ id: 'timer_1' })],
  ['Add a new timer', 'ios-kitchen-timers', tap({ id: 'addTimer' })],
  ['Start the Tea preset', 'ios-kitchen-timers', tap({ id: 'preset_tea' })],
  ['Go to the Stopwatch tab', 'ios-kitchen-timers', tap({ id: 'Stopwatch' })],
  ['Check the pasta timer shows 4:12', 'ios-kitchen-timers', pass({ id: 'timerRemaining_0' })],
  ['Check the pasta timer shows 4:21', 'ios-kitchen-timers', fails()],
  ['Verify the eggs are done', 'ios-kitchen-timers', pass()],
  ['Verify the pasta timer is done', 'ios-kitchen-timers', fails()],
  ['Check Bread dough is paused', 'ios-kitchen-timers', pass()],
  ['Check the roast chicken timer is paused', 'ios-kitchen-timers', fails()],
  ['Pause the Pizza timer', 'ios-kitchen-timers', fails()],
  ['Make sure vibrate is on', 'ios-kitchen-timers', pass({ id: 'vibrateSwitch' })],
  ['Check the alarm sound is Chimes', 'ios-kitchen-timers', fails()],
  ['Check that 2 timers are running', 'ios-kitchen-timers', pass()],
  ['Check that 3 timers are running', 'ios-kitchen-timers', fails()],
  ['The kitchen timers screen is shown', 'ios-kitchen-timers', pass()],
  ['"No timers yet" is not shown', 'ios-kitchen-timers', absent],
];

const museum: Row[] = [
  ['Add another adult ticket', 'ios-museum-tickets', tap({ id: 'increaseAdult' })],
  ['Remove the student ticket', 'ios-museum-tickets', tap({ id: 'decreaseStudent' })],
  ['Pick the 12:00 slot', 'ios-museum-tickets', tap({ id: 'slot_1200' })],
  ['Add the audio guide', 'ios-museum-tickets', tap({ id: 'audioGuideSwitch' })],
  ['Continue to payment', 'ios-museum-tickets', tap({ id: 'continueButton' })],
  ['Check the total is €57.00', 'ios-museum-tickets', pass({ id: 'totalValue' })],
  ['Check the total is €75.00', 'ios-museum-tickets', fails()],
  ['Verify there are 2 adult tickets', 'ios-museum-tickets', pass()],
  ['Verify there are 3 adult tickets', 'ios-museum-tickets', fails()],
  ['Check the visit is on Saturday 13 December', 'ios-museum-tickets', pass({ id: 'dateValue' })],
  ['Check the visit is on Sunday 14 December', 'ios-museum-tickets', fails()],
  ['Check the 16:00 slot is sold out', 'ios-museum-tickets', pass({ id: 'slot_1600' })],
  ['Check the 14:00 slot is sold out', 'ios-museum-tickets', fails()],
  ['Check that 10:00 is selected', 'ios-museum-tickets', pass({ id: 'slot_1000' })],
  ['Make sure the audio guide is included', 'ios-museum-tickets', fails()],
  ['Check that children under 12 go free', 'ios-museum-tickets', pass()],
  ['Check the tickets can be refunded', 'ios-museum-tickets', fails()],
  ['Tap Apply discount code', 'ios-museum-tickets', fails()],
  ['The "Booking confirmed" screen is not shown', 'ios-museum-tickets', absent],
];

const blockAlert: Row[] = [
  ['Tap Block Contact in the alert', 'ios-block-contact-alert', tap({ id: 'Block Contact' })],
  ['Confirm blocking her', 'ios-block-contact-alert', tap({ id: 'Block Contact' })],
  ['Dismiss the alert without blocking', 'ios-block-contact-alert', tap({ id: 'Cancel' })],
  ['Check the alert asks to block Mia Novak', 'ios-block-contact-alert', pass()],
  ['Check the alert asks to block Leo Novak', 'ios-block-contact-alert', fails()],
  ["Verify the alert says I won't receive calls or messages from people on the block list", 'ios-block-contact-alert', pass()],
  ['Check the alert says the contact will be deleted', 'ios-block-contact-alert', fails()],
  ['Tap Report Junk in the alert', 'ios-block-contact-alert', fails()],
  ['Tap Call in the alert', 'ios-block-contact-alert', fails()],
  ['A confirmation to block the contact is shown', 'ios-block-contact-alert', pass()],
  ['Verify the Block Contact button is not displayed', 'ios-block-contact-alert', fails()],
  ['"Contact blocked" is not shown', 'ios-block-contact-alert', absent],
];

export const twentySeventhBatch: CorpusCase[] = [
  ...onPlatform('android', [...tvGuide, ...fuel, ...signOutDialog]),
  ...onPlatform('ios', [...timers, ...museum, ...blockAlert]),
].map((c) => ({ ...c, blind: true }));
