/**
 * Thirty-first batch (issue 25): seven new screens, written blind: not run before commit.
 * Written by a helper of session 9 (branch s9-25b), another writer than the one of the
 * twenty-ninth and thirtieth batches: only corpus-case.ts, judge.ts, corpus.test.ts (to
 * register the batch), the twenty-ninth and thirtieth batches and their screens were read for
 * the format, and the file names under screens/ to pick app kinds not yet in the corpus; never
 * the offline model, its lexicon, the rules in docs/ or the other batches, and neither the model
 * nor the corpus test was run.
 * Each expected element was checked only to resolve to the element meant (judge.ts
 * `findRef` over the parsed screen, outside the repository), never against a decision.
 *
 * Screens: a password manager's vault with a "2 passwords need attention" banner, filter chips
 * and five items (three logins with a copy button, two flagged weak or reused, a card and a
 * secure note without one) (android-password-vault), a person's vaccination record with a
 * "2 vaccinations due soon" card, five vaccines with date, dose and status and a dose-reminder
 * switch (android-vaccination-record), a field technician's four work orders of the day, one
 * completed, one in progress with a Complete button, two scheduled with Navigate and Start
 * (android-work-orders), an e-scooter's "End your ride?" dialog with ride time, charge, a
 * ticked parking-photo checkbox and Pause ride / Keep riding / End ride
 * (android-end-scooter-ride-dialog), a music festival's Saturday lineup with day segments and
 * five sets, one in my schedule, one clashing, one cancelled (ios-festival-lineup), a meal
 * kit's weekly box with five recipes, three chosen, one premium, one sold out, and the box total
 * (ios-meal-kit-box) and a chess app's "Resign this game?" alert over a game with clocks and
 * Offer Draw / Resign / Chat buttons (ios-resign-chess-game-alert).
 *
 * 107 cases (62 Android, 21 of them must fail; 45 iOS, 15 must fail): 36 must fail in all:
 * an absent target, a wrong count, date, time, duration, price or name, a claim true of another
 * row (a username, a start time, a stage, a cooking time), a false claim about a chip, a
 * segment, a checkbox, a switch or a row's state, a tap on a control a row does not have (a
 * card's copy button, a completed job's Start, a cancelled set's or a sold-out recipe's add
 * button), a claim the dialog's or the alert's text contradicts, a button asked for in the
 * dialog or the alert that is on neither or only on the screen behind it, a negation of a
 * button that is shown.
 * Blind score before any fix: 74/107 (69.2 %), 1 false pass ("Verify I will win by resignation" over "GrandpaJoe will win by
 * resignation") and 1 on a wrong element ("Navigate to 9 Orchard Close" tapped the job card, not its Navigate button) (the model
 * of main at b83f683, run by the lead).
 */
import { absent, type CorpusCase, fails, onPlatform, pass, type Row, tap } from './corpus-case.js';

const vault: Row[] = [
  ['Add a new item to the vault', 'android-password-vault', tap({ id: 'add_fab' })],
  ['copy the GitHub password', 'android-password-vault', tap({ id: 'copy_button', nth: 1 })],
  ['Open the Netflix entry', 'android-password-vault', tap({ id: 'vault_item', has: 'Netflix' })],
  ['tap the Home Wi-Fi note', 'android-password-vault', tap({ id: 'vault_item', has: 'Home Wi-Fi' })],
  ['Lock the vault', 'android-password-vault', tap({ id: 'lock_button' })],
  ['Check the GitHub login uses dev.mara@mailbox.org', 'android-password-vault', pass()],
  ['Check the Netflix login uses dev.mara@mailbox.org', 'android-password-vault', fails()],
  ['Verify the Netflix password is flagged as weak', 'android-password-vault', pass()],
  ['Verify the GitHub password is flagged as weak', 'android-password-vault', fails()],
  ['Check 2 passwords need attention', 'android-password-vault', pass({ id: 'security_text' })],
  ['Check 3 passwords need attention', 'android-password-vault', fails()],
  ['Copy the password of the Visa card', 'android-password-vault', fails()],
  ['Check the Logins filter is selected', 'android-password-vault', fails()],
  ['Open the Spotify entry', 'android-password-vault', fails()],
  ['The vault with 5 items is shown', 'android-password-vault', pass()],
  ['"Vault is empty" is not shown', 'android-password-vault', absent],
];

const vaccinations: Row[] = [
  ['Open the influenza entry', 'android-vaccination-record', tap({ id: 'vaccine_row', has: 'Influenza' })],
  ['tap the Hepatitis B vaccine', 'android-vaccination-record', tap({ id: 'vaccine_row', has: 'Hepatitis B' })],
  ['Record a new vaccination', 'android-vaccination-record', tap({ id: 'add_button' })],
  ['Turn off the dose reminders', 'android-vaccination-record', tap({ id: 'reminder_switch' })],
  ['Check the last COVID-19 dose was on 12 Oct 2024', 'android-vaccination-record', pass()],
  ['Check the last COVID-19 dose was on 12 Oct 2023', 'android-vaccination-record', fails()],
  ['Verify the flu shot was given on 03 Nov 2025', 'android-vaccination-record', pass()],
  ['Check the tetanus booster is due on 21 May 2026', 'android-vaccination-record', pass()],
  ['Check the Hepatitis B vaccination is due soon', 'android-vaccination-record', fails()],
  ['Check 2 vaccinations are due soon', 'android-vaccination-record', pass({ id: 'due_summary' })],
  ['Verify 3 vaccinations are due soon', 'android-vaccination-record', fails()],
  ['Make sure the dose reminder is on', 'android-vaccination-record', pass({ id: 'reminder_switch' })],
  ['Check dose reminders are switched off', 'android-vaccination-record', fails()],
  ['Open the yellow fever entry', 'android-vaccination-record', fails()],
  ["Lena Kowalski's vaccination record is shown", 'android-vaccination-record', pass()],
  ['"No vaccinations recorded" is not shown', 'android-vaccination-record', absent],
];

const workOrders: Row[] = [
  ['Start job WO-1043', 'android-work-orders', tap({ id: 'start_button', nth: 1 })],
  ['Start the gas safety check', 'android-work-orders', tap({ id: 'start_button', nth: 2 })],
  ['Navigate to 9 Orchard Close', 'android-work-orders', tap({ id: 'navigate_button', nth: 2 })],
  ['Mark the radiator job as complete', 'android-work-orders', tap({ id: 'complete_button' })],
  ['Open work order WO-1041', 'android-work-orders', tap({ id: 'job_card', has: 'WO-1041' })],
  ['Check 1 of 4 jobs is completed', 'android-work-orders', pass({ id: 'progress_text' })],
  ['Check 2 of 4 jobs are completed', 'android-work-orders', fails()],
  ['Verify WO-1042 is in progress', 'android-work-orders', pass()],
  ['Verify the boiler service is still scheduled', 'android-work-orders', fails()],
  ['Check the thermostat install is booked for 12:30–14:00', 'android-work-orders', pass()],
  ['Check the gas safety check starts at 14:00', 'android-work-orders', fails()],
  ['Start job WO-1041', 'android-work-orders', fails()],
  ['Open work order WO-1045', 'android-work-orders', fails()],
  ['Check the customer at 9 Orchard Close was not home at the last visit', 'android-work-orders', pass()],
  ['"No jobs today" is not shown', 'android-work-orders', absent],
];

const endRideDialog: Row[] = [
  ['Tap End ride in the dialog', 'android-end-scooter-ride-dialog', tap({ id: 'button1' })],
  ['Confirm ending the ride', 'android-end-scooter-ride-dialog', tap({ id: 'button1' })],
  ['Dismiss the dialog with Keep riding', 'android-end-scooter-ride-dialog', tap({ id: 'button2' })],
  ['Pause the ride instead', 'android-end-scooter-ride-dialog', tap({ id: 'button3' })],
  ['Untick the parking photo', 'android-end-scooter-ride-dialog', tap({ id: 'photo_checkbox' })],
  ['Verify the ride took 14 minutes', 'android-end-scooter-ride-dialog', pass()],
  ['Verify the ride took 41 minutes', 'android-end-scooter-ride-dialog', fails()],
  ['Check I will be charged €3.85', 'android-end-scooter-ride-dialog', pass()],
  ['Check I will be charged €3.58', 'android-end-scooter-ride-dialog', fails()],
  ['Make sure the parking photo box is ticked', 'android-end-scooter-ride-dialog', pass({ id: 'photo_checkbox' })],
  ['Check the parking photo is not ticked', 'android-end-scooter-ride-dialog', fails()],
  ['Tap Report damage in the dialog', 'android-end-scooter-ride-dialog', fails()],
  ['Verify the Pause ride button is not shown', 'android-end-scooter-ride-dialog', fails()],
  ['A confirmation to end the ride is shown', 'android-end-scooter-ride-dialog', pass()],
  ['"Ride ended" is not shown', 'android-end-scooter-ride-dialog', absent],
];

const lineup: Row[] = [
  ['Add Kaia Lund to my schedule', 'ios-festival-lineup', tap({ id: 'favourite_2' })],
  ['Remove Nova Heights from my schedule', 'ios-festival-lineup', tap({ id: 'favourite_1' })],
  ['Open the DJ Ferro set', 'ios-festival-lineup', tap({ id: 'set_3' })],
  ["Show Sunday's lineup", 'ios-festival-lineup', tap({ id: 'Sunday' })],
  ['Check Nova Heights plays the Main Stage at 18:00', 'ios-festival-lineup', pass()],
  ['Check Nova Heights starts at 19:30', 'ios-festival-lineup', fails()],
  ['Verify DJ Ferro plays the Lake Stage', 'ios-festival-lineup', fails()],
  ['Check the Marlow & the Tides set is cancelled', 'ios-festival-lineup', pass()],
  ['Add Marlow & the Tides to my schedule', 'ios-festival-lineup', fails()],
  ['Verify Kaia Lund clashes with Nova Heights', 'ios-festival-lineup', pass()],
  ['Check The Paper Kites is in my schedule', 'ios-festival-lineup', fails()],
  ['Check Saturday is selected', 'ios-festival-lineup', pass({ id: 'Saturday' })],
  ['Open the Fontaines D.C. set', 'ios-festival-lineup', fails()],
  ["Saturday's festival lineup is shown", 'ios-festival-lineup', pass()],
  ['"Lineup to be announced" is not shown', 'ios-festival-lineup', absent],
];

const mealBox: Row[] = [
  ['Add the Steak Frites recipe to my box', 'ios-meal-kit-box', tap({ id: 'add_2' })],
  ['Remove the salmon from my box', 'ios-meal-kit-box', tap({ id: 'remove_0' })],
  ['Open the Chickpea Tikka Masala recipe', 'ios-meal-kit-box', tap({ id: 'recipe_1' })],
  ['Skip this week', 'ios-meal-kit-box', tap({ id: 'skipWeekButton' })],
  ['Check 3 of 4 meals are chosen', 'ios-meal-kit-box', pass({ id: 'mealCount' })],
  ['Check all 4 meals are chosen', 'ios-meal-kit-box', fails()],
  ['Verify the box is delivered on Thursday 11 December', 'ios-meal-kit-box', pass()],
  ['Check the tikka masala takes 35 minutes', 'ios-meal-kit-box', pass()],
  ['Check the risotto takes 35 minutes', 'ios-meal-kit-box', fails()],
  ['Verify the box total is €55.96', 'ios-meal-kit-box', pass({ id: 'boxTotal' })],
  ['Verify the box total is €59.56', 'ios-meal-kit-box', fails()],
  ['Add the Mushroom Risotto to my box', 'ios-meal-kit-box', fails()],
  ['Check the Mushroom Risotto is sold out', 'ios-meal-kit-box', pass()],
  ['Add the Thai Green Curry recipe', 'ios-meal-kit-box', fails()],
  ['The weekly menu for 2 people is shown', 'ios-meal-kit-box', pass()],
  ['"Your box is empty" is not shown', 'ios-meal-kit-box', absent],
];

const resignAlert: Row[] = [
  ['Tap Resign in the alert', 'ios-resign-chess-game-alert', tap({ id: 'Resign' })],
  ['Confirm resigning the game', 'ios-resign-chess-game-alert', tap({ id: 'Resign' })],
  ['Dismiss the alert', 'ios-resign-chess-game-alert', tap({ id: 'Keep Playing' })],
  ["Don't resign", 'ios-resign-chess-game-alert', tap({ id: 'Keep Playing' })],
  ['Check the alert asks whether to resign the game', 'ios-resign-chess-game-alert', pass()],
  ['Check GrandpaJoe will win by resignation', 'ios-resign-chess-game-alert', pass()],
  ['Verify I will win by resignation', 'ios-resign-chess-game-alert', fails()],
  ['Verify my rating will drop by about 8 points', 'ios-resign-chess-game-alert', pass()],
  ['Verify my rating will drop by about 18 points', 'ios-resign-chess-game-alert', fails()],
  ['Check the alert says the game will end in a draw', 'ios-resign-chess-game-alert', fails()],
  ['Tap Offer Draw in the alert', 'ios-resign-chess-game-alert', fails()],
  ['Verify the Keep Playing button is not shown', 'ios-resign-chess-game-alert', fails()],
  ['A confirmation to resign the game is shown', 'ios-resign-chess-game-alert', pass()],
  ['"You resigned" is not shown', 'ios-resign-chess-game-alert', absent],
];

export const thirtyFirstBatch: CorpusCase[] = [
  ...onPlatform('android', [...vault, ...vaccinations, ...workOrders, ...endRideDialog]),
  ...onPlatform('ios', [...lineup, ...mealBox, ...resignAlert]),
].map((c) => ({ ...c, blind: true }));
