/**
 * Thirty-fifth batch (issue 25): five new screens, written blind: not run before commit.
 * Written by a helper of session 10 (branch s10-41), another writer than the ones of the
 * thirty-third and thirty-fourth batches: only issue 25's brief, corpus-case.ts, the ElementRef
 * fields of fixtures/cases.ts (to write element references), corpus.test.ts (to register the
 * batch), the head of the thirty-fourth batch and the top of two of its screens (android-tool-hire,
 * ios-wedding-guest-list) were read for the format, plus the file names under screens/ to pick
 * app kinds not yet in the corpus; never the offline model, its lexicon, the rules in docs/ or
 * the other batches, and neither the model nor the corpus test was run. The screens were written
 * first, then the cases as a tester of each app would write them.
 *
 * Screens: a family pocket-money app on Maya's tab (Maya / Leo tabs, a £23.50 balance, £5.00
 * every Saturday, a roller-skates goal of £40.00, four chores, two waiting for approval with
 * Approve, a card-spending switch that is off, Add money / Add chore) (android-pocket-money), a
 * boiler service booking (an overdue Worcester Bosch, three slots, the Wednesday one fully
 * booked, an engineer, annual service / service + certificate radio buttons with the first
 * chosen, an access-notes field, a text-me switch that is on, a £89.00 total, Confirm booking)
 * (android-boiler-service), a blood-pressure log (a 128/82 weekly average, a target, Week / Month
 * / Year segment, four readings, one High with Add Note, one with a note, a morning reminder
 * switch that is on, Share with GP, Log / Trends / Medication tabs) (ios-blood-pressure), a
 * subscriptions tracker (£47.96 a month for 5 active, a next payment, six subscriptions, one with
 * a price increase, one on a free trial, one cancelled with Resubscribe, renewal alerts off)
 * (ios-subscriptions-tracker) and a family organiser's "Turn off chore reminders for Ella?" alert
 * over the family list, with Keep Reminders / Turn Off (ios-stop-chore-reminders-alert).
 *
 * 79 cases (30 Android, 9 of them must fail; 49 iOS, 16 must fail): 25 must fail in all: a
 * wrong balance, total, average, count or price, a claim true of another row, a false claim about
 * a tab's, a switch's, a radio button's or a row's state, a tap on a control a row does not have,
 * a control on neither screen, a button asked for in the alert that is only behind it, a claim
 * the alert's text contradicts, a negation of a thing that is shown.
 * Blind score before any fix: 58/79 (73.4 %), 1 false pass, 1 on a wrong element (the model of main at 0707dee, run once by the lead).
 */
import { absent, type CorpusCase, fails, onPlatform, pass, type Row, tap, type } from './corpus-case.js';

const pocketMoney: Row[] = [
  ["Switch to Leo's tab", 'android-pocket-money', tap({ desc: 'Leo' })],
  ['Approve the Tidy bedroom chore', 'android-pocket-money', tap({ id: 'approve_button', nth: 1 })],
  ['He washed the car, approve it', 'android-pocket-money', tap({ id: 'approve_button', nth: 2 })],
  ['tap Add money', 'android-pocket-money', tap({ id: 'add_money_button' })],
  ['Open the Feed the cat chore', 'android-pocket-money', tap({ id: 'chore_row', has: 'Feed the cat' })],
  ['Turn on card spending', 'android-pocket-money', tap({ id: 'spending_switch' })],
  ["Check Maya's balance is £23.50", 'android-pocket-money', pass({ id: 'balance_text' })],
  ['Verify the allowance is £5 every Saturday', 'android-pocket-money', pass({ id: 'allowance_text' })],
  ['Make sure Maya is saving for roller skates', 'android-pocket-money', pass({ id: 'goal_text' })],
  ['Check two chores are waiting for approval', 'android-pocket-money', pass()],
  ['"Chore approved" is not shown', 'android-pocket-money', absent],
  ["Check Maya's balance is £32.50", 'android-pocket-money', fails()],
  ['Verify the roller skates goal is £45.00', 'android-pocket-money', fails()],
  ['Approve the Feed the cat chore', 'android-pocket-money', fails()],
  ['Check card spending is turned on', 'android-pocket-money', fails()],
  ["Verify Leo's tab is selected", 'android-pocket-money', fails()],
];

const boiler: Row[] = [
  ['Select the Tuesday 18 Nov slot', 'android-boiler-service', tap({ id: 'select_button', nth: 1 })],
  ['Pick the Friday morning slot', 'android-boiler-service', tap({ id: 'select_button', nth: 2 })],
  ['Choose service plus gas safety certificate', 'android-boiler-service', tap({ id: 'certificate_radio' })],
  ['Enter "Key safe code 4471" in the access notes', 'android-boiler-service', type({ id: 'notes_field' }, 'Key safe code 4471')],
  ['Confirm the booking', 'android-boiler-service', tap({ id: 'confirm_button' })],
  ['Check the total is £89.00', 'android-boiler-service', pass({ id: 'total_text' })],
  ['Verify the service is 12 months overdue', 'android-boiler-service', pass({ id: 'overdue_text' })],
  ['The engineer is Dev Patel', 'android-boiler-service', pass({ id: 'engineer_text' })],
  ['Check Wednesday 19 Nov is fully booked', 'android-boiler-service', pass()],
  ['Make sure the annual service option is selected', 'android-boiler-service', pass({ id: 'annual_radio' })],
  ['Select the Wednesday 19 Nov slot', 'android-boiler-service', fails()],
  ['Check the total is £129.00', 'android-boiler-service', fails()],
  ['Verify the boiler was last serviced in 2024', 'android-boiler-service', fails()],
  ['Check the text-me-when-on-the-way switch is off', 'android-boiler-service', fails()],
];

const bloodPressure: Row[] = [
  ['Add a reading', 'ios-blood-pressure', tap({ id: 'addReadingButton' })],
  ["Add a note to yesterday's high reading", 'ios-blood-pressure', tap({ id: 'addNote_1' })],
  ['Switch to Month', 'ios-blood-pressure', tap({ id: 'Month' })],
  ['Open the Trends tab', 'ios-blood-pressure', tap({ id: 'Trends' })],
  ['tap Share with GP', 'ios-blood-pressure', tap({ id: 'shareButton' })],
  ['Open the Sunday reading', 'ios-blood-pressure', tap({ id: 'reading_3' })],
  ['Turn off the morning reminder', 'ios-blood-pressure', tap({ id: 'reminderSwitch' })],
  ['Check the 7-day average is 128/82', 'ios-blood-pressure', pass({ id: 'averageLabel' })],
  ["Verify this morning's reading is 124/80 with a pulse of 66", 'ios-blood-pressure', pass({ id: 'readingValue_0' })],
  ["Check yesterday's reading is flagged as high", 'ios-blood-pressure', pass()],
  ['Make sure the target is below 135/85', 'ios-blood-pressure', pass({ id: 'targetLabel' })],
  ['The blood pressure log is shown', 'ios-blood-pressure', pass()],
  ['The Monday reading has a note saying it was after coffee', 'ios-blood-pressure', pass()],
  ['"Reading saved" is not shown', 'ios-blood-pressure', absent],
  ['Check the 7-day average is 132/84', 'ios-blood-pressure', fails()],
  ["Verify this morning's reading is marked High", 'ios-blood-pressure', fails()],
  ['Add a note to the Sunday reading', 'ios-blood-pressure', fails()],
  ['Check the Year segment is selected', 'ios-blood-pressure', fails()],
  ['Tap Export PDF', 'ios-blood-pressure', fails()],
];

const subscriptions: Row[] = [
  ['Cancel Netflix', 'ios-subscriptions-tracker', tap({ id: 'cancel_0' })],
  ['Cancel the Gym Flex subscription', 'ios-subscriptions-tracker', tap({ id: 'cancel_3' })],
  ["I don't want the paper after the trial, cancel it", 'ios-subscriptions-tracker', tap({ id: 'cancel_4' })],
  ['Resubscribe to Audiobooks Plus', 'ios-subscriptions-tracker', tap({ id: 'resubscribe_5' })],
  ['Open the Spotify Family entry', 'ios-subscriptions-tracker', tap({ id: 'sub_1' })],
  ['Add a subscription', 'ios-subscriptions-tracker', tap({ id: 'addSubscriptionButton' })],
  ['Turn on renewal alerts', 'ios-subscriptions-tracker', tap({ id: 'renewalAlertsSwitch' })],
  ['Check I pay £47.96 a month for 5 active subscriptions', 'ios-subscriptions-tracker', pass({ id: 'monthlyTotalLabel' })],
  ['Verify the next payment is Netflix on 2 Dec', 'ios-subscriptions-tracker', pass({ id: 'nextPaymentLabel' })],
  ['Spotify Family costs £19.99 a month', 'ios-subscriptions-tracker', pass({ id: 'subDetail_1' })],
  ['Check the gym price goes up to £11.00 in January', 'ios-subscriptions-tracker', pass({ id: 'subDetail_3' })],
  ["Make sure the paper's free trial ends on 30 Nov", 'ios-subscriptions-tracker', pass({ id: 'subDetail_4' })],
  ['"Subscription cancelled" is not shown', 'ios-subscriptions-tracker', absent],
  ['Check I pay £57.96 a month', 'ios-subscriptions-tracker', fails()],
  ['Verify 6 subscriptions are active', 'ios-subscriptions-tracker', fails()],
  ['Cancel Audiobooks Plus', 'ios-subscriptions-tracker', fails()],
  ['Check iCloud+ costs £10.99 a month', 'ios-subscriptions-tracker', fails()],
  ['Verify renewal alerts are on', 'ios-subscriptions-tracker', fails()],
  ['Check the Netflix entry shows a price increase', 'ios-subscriptions-tracker', fails()],
];

const choreAlert: Row[] = [
  ['Tap Turn Off', 'ios-stop-chore-reminders-alert', tap({ id: 'Turn Off' })],
  ['Keep the reminders', 'ios-stop-chore-reminders-alert', tap({ id: 'Keep Reminders' })],
  ['In the alert, choose Turn Off', 'ios-stop-chore-reminders-alert', tap({ id: 'Turn Off' })],
  ['Check the alert asks to turn off chore reminders for Ella', 'ios-stop-chore-reminders-alert', pass()],
  ['Verify Ella has 3 chores due this week', 'ios-stop-chore-reminders-alert', pass({ id: 'alertMessage' })],
  ['The chores stay on her list', 'ios-stop-chore-reminders-alert', pass({ id: 'alertMessage' })],
  ['Check the alert is about Sam', 'ios-stop-chore-reminders-alert', fails()],
  ['Verify Ella has 5 chores due this week', 'ios-stop-chore-reminders-alert', fails()],
  ["Check the alert says Ella's chores will be removed from her list", 'ios-stop-chore-reminders-alert', fails()],
  ['Tap Invite in the alert', 'ios-stop-chore-reminders-alert', fails()],
  ['Verify the Turn Off button is not shown', 'ios-stop-chore-reminders-alert', fails()],
];

export const thirtyFifthBatch: CorpusCase[] = [
  ...onPlatform('android', [...pocketMoney, ...boiler]),
  ...onPlatform('ios', [...bloodPressure, ...subscriptions, ...choreAlert]),
].map((c) => ({ ...c, blind: true }));
