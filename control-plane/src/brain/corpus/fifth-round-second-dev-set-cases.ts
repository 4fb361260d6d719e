/**
 * The fifth round's second dev set (issue 25, session 8), written by the
 * model helper after the round's rules and before any change for it, on three new screens: an
 * Android boarding pass (label | value lines, a boarding line, notes, three buttons), an Android
 * "Leave Hiking Crew?" dialog with a checkbox over a group's member list, and an iOS activity
 * summary (three rings as title | value pairs, a steps line, workout rows, a button, tabs).
 * Scored once before any change for it (the round's rules up to 6db2b36): 41 of 56 right (73.2 %),
 * **1 false pass** ("Check that the flight goes from Copenhagen to Lisbon" passed on "Lisbon to
 * Copenhagen": paraphrase.ts read a label-and-value group's words in any order), 0 on a wrong element.
 * Blind but for its false pass, fixed generally (names keep their order in each text of a group): 42 of 56.
 * Then one reading made from its misses: "420/600 kcal" read as "420 of 600 kcal" (with the guard it showed
 * missing: a whole is never its part, "I burned 600 kcal" fails): 44 of 56. Its other misses were not looked at.
 */
import { type CorpusCase, fails, onPlatform, pass, type Row, tap } from './corpus-case.js';

const boarding: Row[] = [
  ['Check that the passenger is Julia Novak', 'dev9-android-boarding-pass', pass({ id: 'passenger' })],
  ['Check that the flight goes from Lisbon to Copenhagen', 'dev9-android-boarding-pass', pass({ id: 'cities' })],
  ['Check that the flight goes from Copenhagen to Lisbon', 'dev9-android-boarding-pass', fails()],
  ['Verify the flight number is TP 754', 'dev9-android-boarding-pass', pass({ id: 'flight_value' })],
  ['Verify the flight number is TP 745', 'dev9-android-boarding-pass', fails()],
  ['Check that I am in seat 23C', 'dev9-android-boarding-pass', pass({ id: 'seat_value' })],
  ['Check that my seat is by the window', 'dev9-android-boarding-pass', fails()],
  ['Check that the seat is an aisle seat', 'dev9-android-boarding-pass', pass({ id: 'seat_value' })],
  ['The gate is B12', 'dev9-android-boarding-pass', pass({ id: 'gate_value' })],
  ['The gate is B21', 'dev9-android-boarding-pass', fails()],
  ['Check that I board in group 3', 'dev9-android-boarding-pass', pass({ id: 'group_value' })],
  ['Check that boarding starts at 09:40', 'dev9-android-boarding-pass', pass({ id: 'boarding_time' })],
  ['Check that the flight departs at 10:25', 'dev9-android-boarding-pass', pass({ id: 'boarding_time' })],
  ['Check that the flight departs at 09:40', 'dev9-android-boarding-pass', fails()],
  ['Check that the gate closes 20 minutes before departure', 'dev9-android-boarding-pass', pass({ id: 'gate_note' })],
  ['Check that a checked bag is included', 'dev9-android-boarding-pass', fails()],
  ['Check that a cabin bag is included', 'dev9-android-boarding-pass', pass({ id: 'bag_note' })],
  ['Add the boarding pass to Google Wallet', 'dev9-android-boarding-pass', tap({ id: 'wallet' })],
  ['Add a checked bag', 'dev9-android-boarding-pass', tap({ id: 'add_bag' })],
  ['View the flight status', 'dev9-android-boarding-pass', tap({ id: 'status' })],
  ['Share my boarding pass', 'dev9-android-boarding-pass', tap({ id: 'share' })],
  ['Change my seat', 'dev9-android-boarding-pass', fails()],
];

const leave: Row[] = [
  ['Check that the dialog asks whether to leave Hiking Crew', 'dev9-android-leave-group-dialog', pass()],
  ['Check that admins will see that I left', 'dev9-android-leave-group-dialog', pass({ id: 'message' })],
  ['Check that the members will be notified', 'dev9-android-leave-group-dialog', fails()],
  ['Check that I will no longer get messages from the group', 'dev9-android-leave-group-dialog', pass({ id: 'message' })],
  ['Check that the chat history will be deleted', 'dev9-android-leave-group-dialog', fails()],
  ['Tick "Also delete chat history"', 'dev9-android-leave-group-dialog', tap({ id: 'delete_history' })],
  ['Delete the chat history too', 'dev9-android-leave-group-dialog', tap({ id: 'delete_history' })],
  ['Leave the group', 'dev9-android-leave-group-dialog', tap({ id: 'button1' })],
  ['Confirm leaving the group', 'dev9-android-leave-group-dialog', tap({ id: 'button1' })],
  ['Stay in the group', 'dev9-android-leave-group-dialog', tap({ id: 'button2' })],
  ['Dismiss the dialog', 'dev9-android-leave-group-dialog', tap({ id: 'button2' })],
  ['Open Ana Ribeiro', 'dev9-android-leave-group-dialog', fails()],
  ['Check that a dialog is shown', 'dev9-android-leave-group-dialog', pass()],
];

const activity: Row[] = [
  ['Check that I burned 420 of 600 kcal', 'dev9-ios-activity-summary', pass({ id: 'moveValue' })],
  ['Check that my move goal is 600 kcal', 'dev9-ios-activity-summary', pass({ id: 'moveValue' })],
  ['Check that my move goal is 500 kcal', 'dev9-ios-activity-summary', fails()],
  ['Check that I exercised for 34 minutes', 'dev9-ios-activity-summary', pass({ id: 'exerciseValue' })],
  ['Check that I stood for 8 of 12 hours', 'dev9-ios-activity-summary', pass({ id: 'standValue' })],
  ['Check that I stood for 12 hours', 'dev9-ios-activity-summary', fails()],
  ['Check that I walked 9,214 steps', 'dev9-ios-activity-summary', pass({ id: 'stepsText' })],
  ['Check that I walked 9,412 steps', 'dev9-ios-activity-summary', fails()],
  ['Check that I walked 6.8 km', 'dev9-ios-activity-summary', pass({ id: 'stepsText' })],
  ['Check that I closed my exercise ring 5 days in a row', 'dev9-ios-activity-summary', pass({ id: 'awardText' })],
  ['Check that I closed my move ring', 'dev9-ios-activity-summary', fails()],
  ['Check that I ran 5.2 km this morning', 'dev9-ios-activity-summary', pass({ id: 'workout1' })],
  ['Check that my run took 28:40', 'dev9-ios-activity-summary', pass({ id: 'workout1' })],
  ['Check that I did 20 minutes of yoga', 'dev9-ios-activity-summary', pass({ id: 'workout2' })],
  ['Check that I did 30 minutes of yoga', 'dev9-ios-activity-summary', fails()],
  ['Open the yoga workout', 'dev9-ios-activity-summary', tap({ id: 'workout2' })],
  ['Open the cycling workout', 'dev9-ios-activity-summary', fails()],
  ['Show more workouts', 'dev9-ios-activity-summary', tap({ id: 'showMore' })],
  ['Share my activity', 'dev9-ios-activity-summary', tap({ id: 'shareActivity' })],
  ['Go to the Sharing tab', 'dev9-ios-activity-summary', tap({ id: 'tabSharing' })],
  ['Check that the Summary tab is selected', 'dev9-ios-activity-summary', pass({ id: 'tabSummary' })],
];

export const fifthRoundSecondDevSet: CorpusCase[] = [...onPlatform('android', [...boarding, ...leave]), ...onPlatform('ios', activity)].map(
  (c) => ({ ...c, blind: true }),
);
