/**
 * Thirtieth batch (issue 25): six new screens, written blind: not run before commit.
 * Written by the author of the twenty-ninth batch under the same rules: only corpus-case.ts,
 * judge.ts, corpus.test.ts (to register the batch), the twenty-seventh and twenty-eighth
 * batches and their screens were read for the format, never the offline model, its lexicon,
 * the rules in docs/ or the other batches, and neither the model nor the corpus test was run.
 * Each expected element was checked only to resolve to the element meant (judge.ts
 * `findRef` over the parsed screen, outside the repository), never against a decision.
 *
 * Screens: a parent's view of a pupil's grades with term tabs, GPA and attendance and five
 * subject rows with grade and teacher (android-school-grades), a photo print order with
 * three prints, a copies stepper per print, a white-border switch and delivery radio
 * buttons (android-photo-prints), the system "uninstall this app?" dialog of BudgetBee
 * with its "Keep 120 MB of app data." checkbox and Cancel/OK (android-uninstall-app-dialog),
 * a day's tide times with sunrise, sunset and surf conditions (ios-tide-times), a tennis
 * club's court booking with four courts, each bookable, booked or closed, a duration
 * segment, a partner and a racket-rental switch (ios-tennis-courts) and an
 * "Archive “Website Relaunch”?" alert over a project list (ios-archive-project-alert).
 *
 * 102 cases (52 Android, 18 of them must fail; 50 iOS, 17 must fail): 35 must fail in all:
 * an absent target, a wrong grade, number, price, time, size or name, a claim true of
 * another row (a grade, a paper, a tide height, a price), a false claim about a tab, a
 * radio button, a segment or a switch, a booking of a court that has no Book button, a
 * claim the dialog's or the alert's text contradicts, a button asked for in the dialog or
 * the alert that is on neither or only on the screen behind it.
 * Blind score before any fix: 75/102 (73.5 %), 0 false passes, 1 on a wrong element ("Verify I am playing with Sam Ortiz" named the label "Playing with", not the value) (the model of main at 7029ad2, run by the lead).
 * Blind but for its wrong element, fixed by a general reading (paraphrase.ts: a row whose texts all name it is checked on the value, not on the label leading into it, "Playing with"): 76/102 (74.5 %), 0 false passes, 0 on a wrong element; the other misses were not looked at.
 */
import { absent, type CorpusCase, fails, onPlatform, pass, type Row, tap } from './corpus-case.js';

const grades: Row[] = [
  ['Open the Science subject', 'android-school-grades', tap({ id: 'subject_row', has: 'Science' })],
  ['tap the History row', 'android-school-grades', tap({ id: 'subject_row', has: 'History' })],
  ['Show the Term 2 grades', 'android-school-grades', tap({ desc: 'Term 2' })],
  ['Download the report card', 'android-school-grades', tap({ id: 'download_report_button' })],
  ['Go to Timetable', 'android-school-grades', tap({ id: 'nav_timetable' })],
  ['Check Noah got an A in English', 'android-school-grades', pass()],
  ['Check Noah got an A in Science', 'android-school-grades', fails()],
  ['Verify the maths grade is B+', 'android-school-grades', pass()],
  ['Check Science has 2 missing assignments', 'android-school-grades', pass()],
  ['Check History has missing assignments', 'android-school-grades', fails()],
  ['Check attendance is 96%', 'android-school-grades', pass({ id: 'attendance_value' })],
  ['Check Noah was absent 3 days this term', 'android-school-grades', fails()],
  ['Verify the GPA is 3.4', 'android-school-grades', pass({ id: 'gpa_value' })],
  ['Verify the GPA is 3.7', 'android-school-grades', fails()],
  ['Check Term 1 is selected', 'android-school-grades', pass()],
  ['Check Term 2 is selected', 'android-school-grades', fails()],
  ['Open the Geography subject', 'android-school-grades', fails()],
  ["Noah Fischer's grades are shown", 'android-school-grades', pass()],
  ['"No grades published yet" is not shown', 'android-school-grades', absent],
];

const prints: Row[] = [
  ['Add another copy of Beach sunset', 'android-photo-prints', tap({ id: 'increase_button', nth: 1 })],
  ['Remove a copy of Beach sunset', 'android-photo-prints', tap({ id: 'decrease_button', nth: 1 })],
  ["Open the Grandma's birthday photo", 'android-photo-prints', tap({ id: 'print_item', has: "Grandma's birthday" })],
  ['Choose home delivery', 'android-photo-prints', tap({ id: 'home_delivery_radio' })],
  ['Turn on the white border', 'android-photo-prints', tap({ id: 'border_switch' })],
  ['Check there are 2 copies of Beach sunset', 'android-photo-prints', pass()],
  ['Check there are 3 copies of Beach sunset', 'android-photo-prints', fails()],
  ['Verify Mountain lake is printed at 20x30 cm', 'android-photo-prints', pass()],
  ["Check Grandma's birthday is printed at 10×15 cm", 'android-photo-prints', fails()],
  ["Check Grandma's birthday is on matte paper", 'android-photo-prints', pass()],
  ['Verify Mountain lake is on matte paper', 'android-photo-prints', fails()],
  ['Check the total is €4.86', 'android-photo-prints', pass()],
  ['Check the total is €8.81', 'android-photo-prints', fails()],
  ['Verify store pickup is selected', 'android-photo-prints', pass({ id: 'pickup_radio' })],
  ['Verify home delivery is selected', 'android-photo-prints', fails()],
  ['Check the white border is off', 'android-photo-prints', pass({ id: 'border_switch' })],
  ['Check the white border is on', 'android-photo-prints', fails()],
  ['Open the Wedding photo', 'android-photo-prints', fails()],
  ['"Your cart is empty" is not shown', 'android-photo-prints', absent],
];

const uninstallDialog: Row[] = [
  ['Tap OK in the dialog', 'android-uninstall-app-dialog', tap({ id: 'button1' })],
  ['Confirm the uninstall', 'android-uninstall-app-dialog', tap({ id: 'button1' })],
  ['dismiss the dialog with Cancel', 'android-uninstall-app-dialog', tap({ id: 'button2' })],
  ['Keep the app data', 'android-uninstall-app-dialog', tap({ id: 'checkbox' })],
  ['Check the dialog asks to uninstall BudgetBee', 'android-uninstall-app-dialog', pass()],
  ['Check the dialog asks to uninstall SpendWise', 'android-uninstall-app-dialog', fails()],
  ['Verify the app data is 120 MB', 'android-uninstall-app-dialog', pass()],
  ['Verify the app data is 210 MB', 'android-uninstall-app-dialog', fails()],
  ['Make sure keeping the app data is unticked', 'android-uninstall-app-dialog', pass({ id: 'checkbox' })],
  ['Check "Keep 120 MB of app data." is ticked', 'android-uninstall-app-dialog', fails()],
  ['Tap Uninstall updates in the dialog', 'android-uninstall-app-dialog', fails()],
  ['Verify the OK button is not shown', 'android-uninstall-app-dialog', fails()],
  ['The uninstall confirmation for BudgetBee is shown', 'android-uninstall-app-dialog', pass()],
  ['"BudgetBee was uninstalled" is not shown', 'android-uninstall-app-dialog', absent],
];

const tides: Row[] = [
  ['Change the location', 'ios-tide-times', tap({ id: 'changeLocation' })],
  ["Show tomorrow's tides", 'ios-tide-times', tap({ id: 'Tomorrow' })],
  ['Set a tide alert', 'ios-tide-times', tap({ id: 'tideAlertButton' })],
  ['Open the evening high tide', 'ios-tide-times', tap({ id: 'tide_2' })],
  ['tap the 11:58 low tide', 'ios-tide-times', tap({ id: 'tide_1' })],
  ['Check high tide is at 05:42', 'ios-tide-times', pass()],
  ['Check high tide is at 06:42', 'ios-tide-times', fails()],
  ['Verify the low tide at 11:58 is 1.1 m', 'ios-tide-times', pass()],
  ['Check the evening high tide is 5.1 m', 'ios-tide-times', pass()],
  ['Check the morning high tide is 5.1 m', 'ios-tide-times', fails()],
  ['Check sunset is at 16:13', 'ios-tide-times', pass()],
  ['Check sunrise is at 07:08', 'ios-tide-times', fails()],
  ['Verify the wind is from the south-west', 'ios-tide-times', pass()],
  ['Verify the water is 15 °C', 'ios-tide-times', fails()],
  ['Open the 23:30 high tide', 'ios-tide-times', fails()],
  ['Verify the tides for Newquay are shown', 'ios-tide-times', fails()],
  ['Tide times for St Ives Bay are shown', 'ios-tide-times', pass()],
  ['"No tide data" is not shown', 'ios-tide-times', absent],
];

const courts: Row[] = [
  ['Book Court 1', 'ios-tennis-courts', tap({ id: 'bookCourt_0' })],
  ['Book the clay court with floodlights', 'ios-tennis-courts', tap({ id: 'bookCourt_2' })],
  ['Switch to 90 minutes', 'ios-tennis-courts', tap({ id: '90 min' })],
  ['Change my partner', 'ios-tennis-courts', tap({ id: 'changePartner' })],
  ['Open the Court 3 entry', 'ios-tennis-courts', tap({ id: 'court_2' })],
  ['Check Court 2 is booked', 'ios-tennis-courts', pass()],
  ['Book Court 2', 'ios-tennis-courts', fails()],
  ['Verify Court 1 costs €24', 'ios-tennis-courts', pass()],
  ['Check Court 3 costs €24', 'ios-tennis-courts', fails()],
  ['Check Court 3 is a clay court', 'ios-tennis-courts', pass()],
  ['Verify Court 1 is outdoors', 'ios-tennis-courts', fails()],
  ['Check Court 4 is closed for maintenance', 'ios-tennis-courts', pass()],
  ['Check Court 4 is available', 'ios-tennis-courts', fails()],
  ['Verify I am playing with Sam Ortiz', 'ios-tennis-courts', pass({ id: 'partnerValue' })],
  ['Check racket rental is off', 'ios-tennis-courts', pass({ id: 'racketSwitch' })],
  ['Check 90 min is selected', 'ios-tennis-courts', fails()],
  ['Book Court 5', 'ios-tennis-courts', fails()],
  ['"Fully booked" is not shown', 'ios-tennis-courts', absent],
];

const archiveAlert: Row[] = [
  ['Tap Archive in the alert', 'ios-archive-project-alert', tap({ id: 'Archive' })],
  ['Confirm archiving the project', 'ios-archive-project-alert', tap({ id: 'Archive' })],
  ['Dismiss the alert', 'ios-archive-project-alert', tap({ id: 'Cancel' })],
  ["Don't archive Website Relaunch", 'ios-archive-project-alert', tap({ id: 'Cancel' })],
  ['Check the alert asks to archive Website Relaunch', 'ios-archive-project-alert', pass()],
  ['Check the alert asks to archive Q1 Campaign', 'ios-archive-project-alert', fails()],
  ['Verify its 14 tasks will become read-only', 'ios-archive-project-alert', pass()],
  ['Verify 12 tasks will become read-only', 'ios-archive-project-alert', fails()],
  ['Check the project can be restored later from Archived Projects', 'ios-archive-project-alert', pass()],
  ['Check the alert says the tasks will be deleted', 'ios-archive-project-alert', fails()],
  ['Tap New Project in the alert', 'ios-archive-project-alert', fails()],
  ['Verify the Archive button is not shown', 'ios-archive-project-alert', fails()],
  ['A confirmation to archive the project is shown', 'ios-archive-project-alert', pass()],
  ['"Project archived" is not shown', 'ios-archive-project-alert', absent],
];

export const thirtiethBatch: CorpusCase[] = [
  ...onPlatform('android', [...grades, ...prints, ...uninstallDialog]),
  ...onPlatform('ios', [...tides, ...courts, ...archiveAlert]),
].map((c) => ({ ...c, blind: true }));
