/**
 * Twenty-fifth batch (issue 25): six new screens, written blind: not run before commit.
 * The author read only corpus-case.ts, judge.ts, corpus.test.ts (to register the batch),
 * the twenty-second and twenty-third batches and their screens for the format, never
 * the offline model, its lexicon, the rules in docs/ or the other batches, and ran
 * neither the model nor the corpus test.
 * Each expected element was checked only to resolve to the element meant (judge.ts
 * `findRef` over the parsed screen, outside the repository), never against a decision.
 *
 * Screens: an expense report with four expense rows, one of them without a receipt
 * (android-expense-report), a smart thermostat with mode chips, settings rows holding
 * their switches and a day schedule (android-thermostat), a "Turn off backup?" dialog
 * with three buttons and a checkbox (android-turn-off-backup-dialog), a job application
 * form (ios-job-application), a connected car's home screen (ios-car-app) and a
 * "Rename Speaker" alert with a text field over the speaker's settings
 * (ios-rename-speaker-alert).
 *
 * 98 cases (50 Android, 19 of them must fail; 48 iOS, 17 must fail): 36 must fail in
 * all: an absent target, a wrong number, a near-miss name, a false claim about a
 * state (a switch, a chip, a status text), a claim true of another row, a claim the
 * dialog's text contradicts.
 * Blind score before any fix: 77/98 (78.6 %), 2 false passes ("Verify the taxi receipt is missing" read as the text being absent; "Check that the report has been approved" passed on the label "Approver"), 0 on a wrong element (the model of main at 98ebdbf, run by the lead).
 * Blind but for its false passes, fixed by general readings (missing-claims.ts: "X is missing" judged by what the
 * screen says of X; lemmas.ts `agentNoun`: a verb is never its agent noun): 80/98 (81.6 %), 0 false passes, 0 on a
 * wrong element. The third case gained, "Make sure the receipt for the client dinner is missing", is the
 * legitimate reading beside the taxi one, read by the same rule; the other misses were not looked at.
 * With the fourth round merged (written without seeing it): 80/98. After the fifth round's general readings
 * (session 8, made partly from its misses: actions named by what they do, checks about the user, a to-do's checkbox,
 * a rating, what a dialog mentions): 89/98 (90.8 %), 0 false passes, 0 on a wrong element. Tuned on
 * since: no longer blind.
 */
import { absent, type CorpusCase, fails, onPlatform, pass, type Row, tap, type } from './corpus-case.js';

const expenses: Row[] = [
  ['Open the Hotel expense', 'android-expense-report', tap({ id: 'expense_row', has: 'Hotel' })],
  ['tap the taxi row', 'android-expense-report', tap({ id: 'expense_row', has: 'Taxi' })],
  ['Open the Flights expense', 'android-expense-report', fails()],
  ['Verify the report total is €505.60', 'android-expense-report', pass()],
  ['Check the total is €550.60', 'android-expense-report', fails()],
  ['Check that the client dinner came to €128.50', 'android-expense-report', pass()],
  ['Check that the client dinner was €182.50', 'android-expense-report', fails()],
  ['Make sure the receipt for the client dinner is missing', 'android-expense-report', pass()],
  ['Verify the taxi receipt is missing', 'android-expense-report', fails()],
  ['Check the report contains 5 expenses', 'android-expense-report', fails()],
  ['Check that the report has been approved', 'android-expense-report', fails()],
  ['untick bill to client', 'android-expense-report', tap({ id: 'bill_to_client' })],
  [
    'Add the note "Dinner with Acme buyers" for the approver',
    'android-expense-report',
    type({ id: 'comment_input' }, 'Dinner with Acme buyers'),
  ],
  ['Submit the report', 'android-expense-report', tap({ id: 'submit_button' })],
  ['Tap Delete report', 'android-expense-report', fails()],
  ['Check that the approver is Rui Mendez', 'android-expense-report', fails()],
  ['Verify the expense report screen is shown', 'android-expense-report', pass()],
  ['Verify the "Report submitted" banner is not shown', 'android-expense-report', absent],
];

const thermostat: Row[] = [
  ['Turn the temperature up', 'android-thermostat', tap({ id: 'temp_up' })],
  ['lower the target temperature', 'android-thermostat', tap({ id: 'temp_down' })],
  ['Check the room is currently 21.5 degrees', 'android-thermostat', pass()],
  ['Verify the thermostat is heating to 22°C', 'android-thermostat', pass()],
  ['Check the target temperature is 23°C', 'android-thermostat', fails()],
  ['Make sure the mode is set to Heat', 'android-thermostat', pass({ id: 'mode_heat' })],
  ['Check that the thermostat is in Auto mode', 'android-thermostat', fails()],
  ['Switch to Cool mode', 'android-thermostat', tap({ id: 'mode_cool' })],
  ['Eco mode should be on', 'android-thermostat', pass({ id: 'eco_row' })],
  ['Check that the child lock is enabled', 'android-thermostat', fails()],
  ['Enable child lock', 'android-thermostat', tap({ id: 'child_lock_row' })],
  ['Check humidity is 84%', 'android-thermostat', fails()],
  ['Open the Away schedule entry', 'android-thermostat', tap({ id: 'schedule_row', has: 'Away' })],
  ['Check that the Sleep period starts at 22:00', 'android-thermostat', fails()],
  ['Boost the heating for an hour', 'android-thermostat', tap({ id: 'boost_button' })],
  ['Check that the heating ran for 3 h 20 min today', 'android-thermostat', pass({ id: 'runtime_today' })],
  ['Tap Save', 'android-thermostat', fails()],
  ['"Filter needs replacing" is not displayed', 'android-thermostat', absent],
];

const backupDialog: Row[] = [
  ['Tap Turn off in the dialog', 'android-turn-off-backup-dialog', tap({ id: 'button1' })],
  ['confirm the dialog', 'android-turn-off-backup-dialog', tap({ id: 'button1' })],
  ['Dismiss the dialog with Keep backup', 'android-turn-off-backup-dialog', tap({ id: 'button2' })],
  ['Pause backup for 24 hours instead', 'android-turn-off-backup-dialog', tap({ id: 'button3' })],
  ['Tap Cancel in the dialog', 'android-turn-off-backup-dialog', fails()],
  ['Tap OK', 'android-turn-off-backup-dialog', fails()],
  ['Check the dialog asks whether to turn off backup', 'android-turn-off-backup-dialog', pass()],
  ['Verify the dialog says 1,248 items are already backed up', 'android-turn-off-backup-dialog', pass({ id: 'message' })],
  ['Check the dialog says 1,284 items are backed up', 'android-turn-off-backup-dialog', fails()],
  ['Check that the dialog says my backed-up items will be deleted', 'android-turn-off-backup-dialog', fails()],
  ['Verify the dialog says the items already backed up stay in my account', 'android-turn-off-backup-dialog', pass({ id: 'message' })],
  ['Tick "Don\'t ask me again"', 'android-turn-off-backup-dialog', tap({ id: 'dont_ask_again' })],
  ['The "Delete backup" button is not shown', 'android-turn-off-backup-dialog', absent],
  ['Verify the Turn off button is not displayed', 'android-turn-off-backup-dialog', fails()],
];

const jobApplication: Row[] = [
  ['Enter 912 345 678 in the phone field', 'ios-job-application', type({ id: 'phoneField' }, '912 345 678')],
  [
    'Type "I have built banking apps for six years" into the cover letter',
    'ios-job-application',
    type({ id: 'coverLetterField' }, 'I have built banking apps for six years'),
  ],
  ['Check that my name is filled in as Ana Silva', 'ios-job-application', pass({ id: 'fullNameField' })],
  ['Check the email is ana.silva@gmail.com', 'ios-job-application', fails()],
  ['The job is for a Senior Android Engineer', 'ios-job-application', pass({ id: 'jobTitle' })],
  ['Check this is the Senior iOS Engineer role', 'ios-job-application', fails()],
  ['Check the position is fully remote', 'ios-job-application', fails()],
  ['Make sure my CV Ana_Silva_CV.pdf is attached', 'ios-job-application', pass({ id: 'cvCell' })],
  ['Replace the CV', 'ios-job-application', tap({ id: 'replaceCvButton' })],
  ["Check that I answered that I won't need visa sponsorship", 'ios-job-application', pass({ id: 'sponsorshipControl' })],
  ['Check that sharing my profile with other recruiters is turned on', 'ios-job-application', fails()],
  ['Share my profile with other recruiters', 'ios-job-application', tap({ id: 'shareProfileSwitch' })],
  ['Submit the application', 'ios-job-application', tap({ id: 'submitButton' })],
  ['Verify that applications close on 13 November', 'ios-job-application', fails()],
  ['Tap Upload portfolio', 'ios-job-application', fails()],
  ['Verify the "Application sent" confirmation is not shown', 'ios-job-application', absent],
  ['The job application form is displayed', 'ios-job-application', pass()],
];

const car: Row[] = [
  ['Unlock the car', 'ios-car-app', tap({ id: 'unlockButton' })],
  ['Start the climate control', 'ios-car-app', tap({ id: 'climateButton' })],
  ['Honk the horn', 'ios-car-app', tap({ id: 'honkButton' })],
  ['Check the car is locked', 'ios-car-app', pass({ id: 'lockStatus' })],
  ['Verify that the car is unlocked', 'ios-car-app', fails()],
  ['Check the battery is at 46%', 'ios-car-app', fails()],
  ['Check that the car is charging', 'ios-car-app', fails()],
  ['Check the charge limit is 80%', 'ios-car-app', pass({ id: 'chargeStatus' })],
  ['Check that the car is parked on Rua Augusta', 'ios-car-app', pass({ id: 'location' })],
  ['Make sure Sentry Mode is on', 'ios-car-app', pass({ id: 'sentryCell' })],
  ['Turn Sentry Mode off', 'ios-car-app', tap({ id: 'sentrySwitch' })],
  ['Check that all tyres are fine', 'ios-car-app', fails()],
  ['Verify the rear left tyre is at 2.1 bar', 'ios-car-app', pass({ id: 'tyreCell' })],
  ['Go to the Trips tab', 'ios-car-app', tap({ id: 'tabTrips' })],
  ['Tap Vent windows', 'ios-car-app', fails()],
  ['Check that the departure is scheduled for 07:15', 'ios-car-app', fails()],
  ['Verify the "Charging complete" message is not shown', 'ios-car-app', absent],
];

const renameMessage = "Choose a name you'll recognise in AirPlay and the Home app.";

const renameAlert: Row[] = [
  ["Type Kitchen into the alert's text field", 'ios-rename-speaker-alert', type({ id: 'Speaker name' }, 'Kitchen')],
  ['Rename the speaker to "Study"', 'ios-rename-speaker-alert', type({ id: 'Speaker name' }, 'Study')],
  ['Tap Save in the alert', 'ios-rename-speaker-alert', tap({ id: 'Save' })],
  ['Dismiss the alert with Cancel', 'ios-rename-speaker-alert', tap({ id: 'Cancel' })],
  ['Close the alert without saving', 'ios-rename-speaker-alert', tap({ id: 'Cancel' })],
  ['Tap Done in the alert', 'ios-rename-speaker-alert', fails()],
  ['Tap OK', 'ios-rename-speaker-alert', fails()],
  ['Check the alert asks me to rename the speaker', 'ios-rename-speaker-alert', pass()],
  ['Verify the alert mentions AirPlay', 'ios-rename-speaker-alert', pass({ id: renameMessage })],
  ['Check the alert mentions Google Home', 'ios-rename-speaker-alert', fails()],
  ['Check that the speaker is currently named Living Room', 'ios-rename-speaker-alert', pass()],
  ['Check the speaker is called Bedroom', 'ios-rename-speaker-alert', fails()],
  ['The "Name already in use" error is not shown', 'ios-rename-speaker-alert', absent],
  ['Verify there is no Save button', 'ios-rename-speaker-alert', fails()],
];

export const twentyFifthBatch: CorpusCase[] = [
  ...onPlatform('android', [...expenses, ...thermostat, ...backupDialog]),
  ...onPlatform('ios', [...jobApplication, ...car, ...renameAlert]),
]; // Tuned on in session 8 (the fifth round's general readings were made partly from its misses): no longer blind.
