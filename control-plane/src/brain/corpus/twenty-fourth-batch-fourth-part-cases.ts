/**
 * The twenty-fourth batch's fourth part (issue 25), written by the model helper after the final
 * rules of this round, and left blind: the last measure of how they read screens they were not
 * made from. A delivered food order (a status, list rows of items, label | value amounts, three
 * buttons), iOS Wi-Fi network details (a table of label | value cells, two switches, two
 * buttons) and a workout (a heading, a summary line, a coach, label | value facts, buttons).
 * Scored once: 36 of 40 right (90.0 %), 0 false passes, 0 on a wrong element. Left blind until
 * session 7 made a rule from its miss "no equipment is needed" (37 of 40): it counts as tuned since.
 */
import { type CorpusCase, fails, onPlatform, pass, type Row, tap } from './corpus-case.js';

const order: Row[] = [
  ['Check that the order was delivered at 19:42', 'android-order-details', pass({ id: 'status' })],
  ['Check that the order was delivered at 19:24', 'android-order-details', fails()],
  ['Check that the order is from Sakura Sushi', 'android-order-details', pass({ id: 'restaurant' })],
  ['Check that I ordered 2 salmon nigiri', 'android-order-details', pass()],
  ['Check that I ordered 3 salmon nigiri', 'android-order-details', fails()],
  ['Check that the miso soup cost €3.50', 'android-order-details', pass()],
  ['Check that the delivery fee was €2.49', 'android-order-details', pass({ id: 'fee_value' })],
  ['Check that the tip was €3.00', 'android-order-details', fails()],
  ['Check that the total is €16.99', 'android-order-details', pass({ id: 'total_value' })],
  ['Check that I paid with Visa', 'android-order-details', pass({ id: 'payment' })],
  ['Check that I paid with Mastercard', 'android-order-details', fails()],
  ['Check that the order was cancelled', 'android-order-details', fails()],
  ['Reorder', 'android-order-details', tap({ id: 'reorder' })],
  ['Rate the order', 'android-order-details', tap({ id: 'rate' })],
  ['Get help with my order', 'android-order-details', tap({ id: 'help' })],
];

const wifi: Row[] = [
  ['Check that my IP address is 192.168.1.23', 'ios-wifi-details', pass()],
  ['Check that the router is 192.168.1.1', 'ios-wifi-details', pass()],
  ['Check that the network uses WPA3', 'ios-wifi-details', pass()],
  ['Check that the network uses WPA2', 'ios-wifi-details', fails()],
  ['Check that the signal is excellent', 'ios-wifi-details', pass()],
  ['Check that the signal is weak', 'ios-wifi-details', fails()],
  ['Check that auto-join is on', 'ios-wifi-details', pass({ id: 'autoJoin' })],
  ['Check that Low Data Mode is on', 'ios-wifi-details', fails()],
  ['Forget this network', 'ios-wifi-details', tap({ id: 'forget' })],
  ['Renew the lease', 'ios-wifi-details', tap({ id: 'renewLease' })],
  ['Turn on Low Data Mode', 'ios-wifi-details', tap({ id: 'lowData' })],
];

const workout: Row[] = [
  ['Check that the workout takes 35 minutes', 'android-workout-plan', pass({ id: 'summary' })],
  ['Check that the workout is for intermediates', 'android-workout-plan', pass({ id: 'summary' })],
  ['Check that no equipment is needed', 'android-workout-plan', pass({ id: 'summary' })],
  ['Check that the workout needs dumbbells', 'android-workout-plan', fails()],
  ['Check that the coach is Leo Park', 'android-workout-plan', pass({ id: 'coach' })],
  ['Check that it burns about 320 kcal', 'android-workout-plan', pass({ id: 'calories_value' })],
  ['Check that it has 12 exercises', 'android-workout-plan', pass({ id: 'exercises_value' })],
  ['Check that it has 15 exercises', 'android-workout-plan', fails()],
  ['Check that I did this workout 3 days ago', 'android-workout-plan', pass({ id: 'last_done' })],
  ['Check that I did this workout yesterday', 'android-workout-plan', fails()],
  ['Start the workout', 'android-workout-plan', tap({ id: 'start' })],
  ['Download the workout', 'android-workout-plan', tap({ id: 'download' })],
  ['Add the workout to my calendar', 'android-workout-plan', tap({ id: 'add_calendar' })],
  ['Share the workout', 'android-workout-plan', fails()],
];

export const twentyFourthBatchFourthPart: CorpusCase[] = [...onPlatform('android', [...order, ...workout]), ...onPlatform('ios', wifi)];
