/**
 * A fifteenth batch (issue 25): five screens of kinds not yet in the corpus, written after the
 * fourteenth batch's fixes and run once, unchanged, as the blind batch: 48 of 64 right
 * (75.0 %) and one false pass ("64 GB of 46.2 GB is used" over "46.2 GB used of 64 GB"). A bank
 * account with a list of transactions, Android storage by category, an app language picker
 * (radio rows, two Portuguese), iOS alarms (a switch in each row), iOS Screen Time (most used
 * apps). Mixed styles and traps that must fail (another row's amount, date, size or time;
 * numbers swapped; another alarm's state; an ambiguous name; a tab not selected). Its misses
 * were then looked at and read by general rules, so it is tuned now (its score is still
 * printed apart).
 */
import { type CorpusCase, fails, onPlatform, pass, type Row, tap } from './corpus-case.js';

const account: Row[] = [
  ['Then the balance is €2,318.06', 'android-account-overview', pass({ id: 'balance_value' })],
  ['Check that the balance is €2,381.06', 'android-account-overview', fails()],
  ['check my overdraft is €500', 'android-account-overview', pass({ id: 'overdraft' })],
  ['Verify the salary from Acme Ltd was €3,150.00', 'android-account-overview', pass()],
  ['Verify that I paid €42.18 at Green Grocer', 'android-account-overview', pass()],
  ['Verify that I paid €35.00 at Green Grocer', 'android-account-overview', fails()],
  ['Check that City Gym charged €35.00 on 26 Feb', 'android-account-overview', pass()],
  ['Check that City Gym charged €35.00 on 27 Feb', 'android-account-overview', fails()],
  ['Tap the Shoe Hub refund', 'android-account-overview', tap({ id: 'transaction_row', has: 'Refund – Shoe Hub' })],
  ['Open the Netflix transaction', 'android-account-overview', fails()],
  ['Send money', 'android-account-overview', tap({ id: 'send_money' })],
  ['open statements', 'android-account-overview', tap({ id: 'statements' })],
  ['Check that a refund of €59.90 from Shoe Hub is listed', 'android-account-overview', fails()],
];

const storage: Row[] = [
  ['Check that 46.2 GB of 64 GB is used', 'android-storage', pass({ id: 'storage_summary' })],
  ['Check that 64 GB of 46.2 GB is used', 'android-storage', fails()],
  ['Then 17.8 GB are free', 'android-storage', pass({ id: 'free_space' })],
  ['Then 18.7 GB are free', 'android-storage', fails()],
  ['Check that apps use 21.4 GB', 'android-storage', pass()],
  ['Check that photos use 21.4 GB', 'android-storage', fails()],
  ['Check that Photos & videos take up 15.9 GB', 'android-storage', pass()],
  ['check that audio is 3.2 GB', 'android-storage', fails()],
  ['Tap System', 'android-storage', tap({ id: 'category_row', has: 'System' })],
  ['Tap the Documents category', 'android-storage', fails()],
  ['free up space', 'android-storage', tap({ id: 'free_up' })],
  ['Check that storage is 72% used', 'android-storage', pass()],
  ['Check that storage is 80% used', 'android-storage', fails()],
];

const language: Row[] = [
  ['Check that German is selected', 'android-language-picker', pass()],
  ['Check that English (UK) is selected', 'android-language-picker', fails()],
  ['Select Japanese', 'android-language-picker', tap({ id: 'language_row', has: 'Japanese' })],
  ['Select Portuguese', 'android-language-picker', fails()],
  ['Select Portuguese (Brazil)', 'android-language-picker', tap({ id: 'language_row', has: 'Portuguese (Brazil)' })],
  ['Tap French', 'android-language-picker', fails()],
  ['Check that the Apply button is disabled', 'android-language-picker', pass({ id: 'apply_button' })],
  ['Check that Apply is enabled', 'android-language-picker', fails()],
  ['Verify Deutsch is shown', 'android-language-picker', pass()],
  ['Then the app language is German', 'android-language-picker', pass()],
  ['Then the app language is Japanese', 'android-language-picker', fails()],
  ['Check that Português (Portugal) is listed', 'android-language-picker', pass()],
];

const alarms: Row[] = [
  ['Check that the 06:30 alarm is on', 'ios-alarms', pass({ id: 'alarm1' })],
  ['Check that the 07:45 alarm is on', 'ios-alarms', fails()],
  ['Verify the gym alarm is off', 'ios-alarms', pass({ id: 'alarm2' })],
  ['Verify the Weekends alarm is off', 'ios-alarms', fails()],
  ['Turn on the 22:30 alarm', 'ios-alarms', tap({ id: 'alarm4' })],
  ['Turn off the 10:00 alarm', 'ios-alarms', fails()],
  ['Check that the bedtime alarm is at 22:30', 'ios-alarms', pass()],
  ['Check that the bedtime alarm is at 22:00', 'ios-alarms', fails()],
  ['Tap Add', 'ios-alarms', tap({ id: 'Add' })],
  ['Then the Alarm tab is selected', 'ios-alarms', pass({ id: 'Alarm', type: 'Button' })],
  ['Check that the Timers tab is selected', 'ios-alarms', fails()],
  ['Check that there is an alarm at 09:00', 'ios-alarms', pass()],
  ['Check that there is an alarm at 08:00', 'ios-alarms', fails()],
];

const screenTime: Row[] = [
  ['Check that my daily average is 3h 12m', 'ios-screen-time', pass()],
  ['Check that my daily average is 3h 21m', 'ios-screen-time', fails()],
  ['Verify screen time is 18% down from last week', 'ios-screen-time', pass()],
  ['Verify screen time is 18% up from last week', 'ios-screen-time', fails()],
  ['Check that Messages is the most used app', 'ios-screen-time', pass()],
  ['Check that Safari was used for 41m', 'ios-screen-time', pass()],
  ['Check that Maps was used for 41m', 'ios-screen-time', fails()],
  ['Then I pick up my phone 84 times a day', 'ios-screen-time', pass()],
  ['Then I pick up my phone 48 times a day', 'ios-screen-time', fails()],
  ['Tap Downtime', 'ios-screen-time', tap({ id: 'downtime' })],
  ['Open App Limits', 'ios-screen-time', fails()],
  ['See all app and website activity', 'ios-screen-time', tap({ id: 'seeAllActivity' })],
  ['Check that Photos was used for 15 minutes', 'ios-screen-time', pass()],
];

export const fifteenthBatch: CorpusCase[] = [
  ...onPlatform('android', [...account, ...storage, ...language]),
  ...onPlatform('ios', [...alarms, ...screenTime]),
];
