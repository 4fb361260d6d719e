/**
 * Thirty-third batch (issue 25): seven new screens, written blind: not run before commit.
 * Written by a helper of session 9 (branch s9-25d), another writer than the ones of the
 * thirty-first and thirty-second batches: only corpus-case.ts, judge.ts (its `findRef`, to write
 * element references), corpus.test.ts (to register the batch), the thirty-second batch and four
 * screens (android-wine-cellar, android-mute-group-chat-dialog, ios-climbing-logbook,
 * ios-leave-waitlist-alert) were read for the format, plus the file names under screens/ to
 * pick app kinds not yet in the corpus; never the offline model, its lexicon, the rules in docs/
 * or the other batches, and neither the model nor the corpus test was run. The screens were
 * written first, then the cases as a tester of each app would write them; each expected element
 * was checked only to be on the screen, never against a decision.
 *
 * Screens: a self-service car wash's program picker for bay 2 with Basic / Plus (checked) /
 * Premium programs, two extras switches (tyre shine off, interior vacuum on), a €15.00 total,
 * "Apply a voucher" and "Start wash" (android-car-wash), a race-timing app's half-marathon
 * result for one runner with bib, finish time, placings, four splits with pace and buttons for
 * the certificate, six photos and a comparison (android-race-results), a streaming app's "End
 * live stream?" dialog with the stream's duration and viewers, a ticked "Save replay" checkbox and
 * Keep streaming / End stream (android-end-live-stream-dialog), a family chore chart on Leo's
 * tab with his stars, five chores (two done, three with "Mark done") and a reward
 * (android-chore-chart), a blood donor app's donations screen with blood type, totals, next
 * eligible date, one upcoming session with Reschedule and three past donations
 * (ios-blood-donation), a school-run carpool week with a This Week / Next Week segment and five
 * days (drivers, kids, seats; Thursday with no driver and "I'll Drive", my Tuesday with "Swap")
 * (ios-school-carpool) and a newsletter reader's "Unsubscribe from “The Weekly Byte”?" alert over
 * the newsletter's screen with Stay Subscribed / Unsubscribe (ios-unsubscribe-newsletter-alert).
 *
 * 120 cases (70 Android, 24 of them must fail; 50 iOS, 16 must fail): 40 must fail in all:
 * a wrong total, price, time, placing, category, split, pace, viewer count, star count, goal,
 * blood type, donation count, date or number of issues, a claim true of another row (a price, a
 * split, a chore's stars, a donation's kind, a place, a driver, free seats), a false claim about
 * a row's, a switch's, a checkbox's, a tab's or a segment's state, a tap on a control a row does
 * not have (a done chore's Mark done, a full day's I'll Drive), a control on no screen (Pay with
 * card, Download results PDF, Go live, Cancel the appointment), a chore that is not listed, a
 * claim the dialog's or the alert's text contradicts, a button asked for in the alert that is
 * only on the screen behind it, a negation of a button that is shown.
 * Blind score before any fix: 91/120 (75.8 %), 0 false passes, 0 on a wrong element (the model of main at 2326be2, run by the lead).
 */
import { absent, type CorpusCase, fails, onPlatform, pass, type Row, tap } from './corpus-case.js';

const carWash: Row[] = [
  ['Select the Premium wash', 'android-car-wash', tap({ id: 'program_row', has: 'Premium' })],
  ['choose basic', 'android-car-wash', tap({ id: 'program_row', has: 'Basic' })],
  ['Turn on tyre shine', 'android-car-wash', tap({ id: 'extra_tyre_shine' })],
  ["I don't need the interior vacuum, switch it off", 'android-car-wash', tap({ id: 'extra_vacuum' })],
  ['Start the wash', 'android-car-wash', tap({ id: 'start_button' })],
  ['Check the Plus wash is selected', 'android-car-wash', pass({ id: 'program_row', has: 'Plus' })],
  ['Check the total is €15.00', 'android-car-wash', pass({ id: 'total_text' })],
  ['Verify the Premium program costs €15.00', 'android-car-wash', pass()],
  ['Check the basic wash takes 6 minutes', 'android-car-wash', pass()],
  ['Make sure interior vacuum is on', 'android-car-wash', pass({ id: 'extra_vacuum' })],
  ['The wash programs for bay 2 at Elm Road are shown', 'android-car-wash', pass()],
  ['"Bay closed" is not shown', 'android-car-wash', absent],
  ['Check the Premium wash is selected', 'android-car-wash', fails()],
  ['Check the total is €11.00', 'android-car-wash', fails()],
  ['Verify tyre shine is enabled', 'android-car-wash', fails()],
  ['Check the Plus wash costs €7.00', 'android-car-wash', fails()],
  ['Tap Pay with card', 'android-car-wash', fails()],
  ['Check the Basic wash includes wax', 'android-car-wash', fails()],
];

const raceResults: Row[] = [
  ['Download my finisher certificate', 'android-race-results', tap({ id: 'certificate_button' })],
  ['View my race photos', 'android-race-results', tap({ id: 'photos_button' })],
  ['Share the result', 'android-race-results', tap({ desc: 'Share result' })],
  ['Open the 10 km split', 'android-race-results', tap({ id: 'split_row', has: '10 km' })],
  ['Check the finish time is 1:47:32', 'android-race-results', pass({ id: 'finish_time' })],
  ['Verify Maya finished 812th overall', 'android-race-results', pass()],
  ['Check the 10 km split was 50:21', 'android-race-results', pass()],
  ['Check the bib number is 4127', 'android-race-results', pass({ id: 'bib_text' })],
  ['Check there are 6 race photos', 'android-race-results', pass()],
  ['Check she was 57th in her age category', 'android-race-results', pass()],
  ["Maya Okafor's City Half Marathon result is shown", 'android-race-results', pass()],
  ['"Did not finish" is not shown', 'android-race-results', absent],
  ['Check the finish time is 1:45:32', 'android-race-results', fails()],
  ['Check the 5 km split was 50:21', 'android-race-results', fails()],
  ['Verify she finished 218th overall', 'android-race-results', fails()],
  ['Check her category is F40', 'android-race-results', fails()],
  ['Tap Download results PDF', 'android-race-results', fails()],
  ['Verify the 15 km split pace was 4:59 /km', 'android-race-results', fails()],
];

const liveStreamDialog: Row[] = [
  ['Tap End stream in the dialog', 'android-end-live-stream-dialog', tap({ id: 'button1' })],
  ['Confirm ending the stream', 'android-end-live-stream-dialog', tap({ id: 'button1' })],
  ['Keep streaming', 'android-end-live-stream-dialog', tap({ id: 'button2' })],
  ['Dismiss the dialog', 'android-end-live-stream-dialog', tap({ id: 'button2' })],
  ["Don't save the replay", 'android-end-live-stream-dialog', tap({ id: 'save_replay_checkbox' })],
  ['Check the replay will be saved to my channel', 'android-end-live-stream-dialog', pass({ id: 'save_replay_checkbox' })],
  ['Verify 318 viewers are watching', 'android-end-live-stream-dialog', pass()],
  ['Check the stream has been live for 42:17', 'android-end-live-stream-dialog', pass()],
  ['A confirmation to end the live stream is shown', 'android-end-live-stream-dialog', pass()],
  ['"Stream ended" is not shown', 'android-end-live-stream-dialog', absent],
  ['Check 381 viewers are watching', 'android-end-live-stream-dialog', fails()],
  ['Check the save replay box is unticked', 'android-end-live-stream-dialog', fails()],
  ['Tap Go live in the dialog', 'android-end-live-stream-dialog', fails()],
  ['Check the dialog asks whether to delete the stream', 'android-end-live-stream-dialog', fails()],
  ['Verify the End stream button is not shown', 'android-end-live-stream-dialog', fails()],
];

const chores: Row[] = [
  ['Mark feeding the cat as done', 'android-chore-chart', tap({ id: 'mark_done_button', nth: 1 })],
  ['Mark the dishwasher chore done', 'android-chore-chart', tap({ id: 'mark_done_button', nth: 2 })],
  ['Leo tidied the playroom, tick it off', 'android-chore-chart', tap({ id: 'mark_done_button', nth: 3 })],
  ['Open the Take out recycling chore', 'android-chore-chart', tap({ id: 'chore_row', has: 'Take out recycling' })],
  ["Switch to Ava's chores", 'android-chore-chart', tap({ desc: 'Ava' })],
  ['Check Leo has 34 stars this week', 'android-chore-chart', pass({ id: 'stars_text' })],
  ['Verify make bed is done', 'android-chore-chart', pass()],
  ['Check emptying the dishwasher is worth 5 stars', 'android-chore-chart', pass()],
  ['Check the next reward is a cinema trip', 'android-chore-chart', pass({ id: 'reward_text' })],
  ["Check Leo's tab is selected", 'android-chore-chart', pass()],
  ["Leo's chores for this week are shown", 'android-chore-chart', pass()],
  ['"No chores yet" is not shown', 'android-chore-chart', absent],
  ['Check Leo has 43 stars this week', 'android-chore-chart', fails()],
  ['Verify feed the cat is done', 'android-chore-chart', fails()],
  ['Mark make bed as done', 'android-chore-chart', fails()],
  ['Check tidying the playroom is worth 5 stars', 'android-chore-chart', fails()],
  ["Check Ava's tab is selected", 'android-chore-chart', fails()],
  ['Open the Water the plants chore', 'android-chore-chart', fails()],
  ['Check the weekly stars goal is 40', 'android-chore-chart', fails()],
];

const donations: Row[] = [
  ['Book an appointment', 'ios-blood-donation', tap({ id: 'bookButton' })],
  ['Reschedule the Civic Centre appointment', 'ios-blood-donation', tap({ id: 'rescheduleButton_0' })],
  ['Open the platelets donation', 'ios-blood-donation', tap({ id: 'history_2' })],
  ['tap the 28 Jul 2025 entry', 'ios-blood-donation', tap({ id: 'history_1' })],
  ['Find a session', 'ios-blood-donation', tap({ id: 'Find a Session' })],
  ['Check my blood type is O negative', 'ios-blood-donation', pass({ id: 'bloodTypeLabel' })],
  ['Verify I have donated 12 times', 'ios-blood-donation', pass({ id: 'totalsLabel' })],
  ['Check I can donate again from 14 January', 'ios-blood-donation', pass({ id: 'eligibleLabel' })],
  ['Check my next appointment is at 17:30', 'ios-blood-donation', pass()],
  ['Check my last donation was on 3 Nov 2025', 'ios-blood-donation', pass()],
  ['My donation history is shown', 'ios-blood-donation', pass()],
  ['"No donations yet" is not shown', 'ios-blood-donation', absent],
  ['Check my blood type is A positive', 'ios-blood-donation', fails()],
  ['Verify I have donated 21 times', 'ios-blood-donation', fails()],
  ['Check the 28 Jul donation was platelets', 'ios-blood-donation', fails()],
  ['Check my next appointment is at City Hospital', 'ios-blood-donation', fails()],
  ['Cancel the appointment', 'ios-blood-donation', fails()],
  ['Check I can donate again from 14 February', 'ios-blood-donation', fails()],
];

const carpool: Row[] = [
  ['Volunteer to drive on Thursday', 'ios-school-carpool', tap({ id: 'volunteer_3' })],
  ['Swap my Tuesday drive', 'ios-school-carpool', tap({ id: 'swap_1' })],
  ['Open Wednesday', 'ios-school-carpool', tap({ id: 'day_2' })],
  ['tap the Friday ride', 'ios-school-carpool', tap({ id: 'day_4' })],
  ['Show next week', 'ios-school-carpool', tap({ id: 'Next Week' })],
  ['Check Priya drives on Monday', 'ios-school-carpool', pass()],
  ["Check I'm driving on Tuesday", 'ios-school-carpool', pass()],
  ['Verify Wednesday is full', 'ios-school-carpool', pass()],
  ['Check 3 seats are free on Friday', 'ios-school-carpool', pass()],
  ['Check nobody is driving on Thursday yet', 'ios-school-carpool', pass()],
  ['Check drop-off is at 8:30', 'ios-school-carpool', pass({ id: 'schoolLabel' })],
  ["This week's school run for Greenfield Primary is shown", 'ios-school-carpool', pass()],
  ['"No rides this week" is not shown', 'ios-school-carpool', absent],
  ['Check Tom drives on Friday', 'ios-school-carpool', fails()],
  ['Check 3 seats are free on Monday', 'ios-school-carpool', fails()],
  ['Volunteer to drive on Wednesday', 'ios-school-carpool', fails()],
  ['Check Next Week is selected', 'ios-school-carpool', fails()],
  ['Verify the Swap button is not shown', 'ios-school-carpool', fails()],
];

const unsubscribeAlert: Row[] = [
  ['Tap Unsubscribe in the alert', 'ios-unsubscribe-newsletter-alert', tap({ id: 'Unsubscribe' })],
  ['Confirm unsubscribing', 'ios-unsubscribe-newsletter-alert', tap({ id: 'Unsubscribe' })],
  ['Stay subscribed', 'ios-unsubscribe-newsletter-alert', tap({ id: 'Stay Subscribed' })],
  ['Dismiss the alert', 'ios-unsubscribe-newsletter-alert', tap({ id: 'Stay Subscribed' })],
  ['Check the alert asks whether to unsubscribe from The Weekly Byte', 'ios-unsubscribe-newsletter-alert', pass()],
  ['Verify the 48 issues I already received stay in my library', 'ios-unsubscribe-newsletter-alert', pass()],
  ['Check the alert says I will stop getting new issues by email', 'ios-unsubscribe-newsletter-alert', pass()],
  ['A confirmation to unsubscribe is shown', 'ios-unsubscribe-newsletter-alert', pass()],
  ['"You have unsubscribed" is not shown', 'ios-unsubscribe-newsletter-alert', absent],
  ['Check the alert says 84 issues stay in my library', 'ios-unsubscribe-newsletter-alert', fails()],
  ['Check the alert says my past issues will be deleted', 'ios-unsubscribe-newsletter-alert', fails()],
  ['Tap Read Latest Issue in the alert', 'ios-unsubscribe-newsletter-alert', fails()],
  ['Verify the Unsubscribe button is not shown', 'ios-unsubscribe-newsletter-alert', fails()],
  ['Check the alert asks whether to unsubscribe from Morning Brew', 'ios-unsubscribe-newsletter-alert', fails()],
];

export const thirtyThirdBatch: CorpusCase[] = [
  ...onPlatform('android', [...carWash, ...raceResults, ...liveStreamDialog, ...chores]),
  ...onPlatform('ios', [...donations, ...carpool, ...unsubscribeAlert]),
].map((c) => ({ ...c, blind: true }));
