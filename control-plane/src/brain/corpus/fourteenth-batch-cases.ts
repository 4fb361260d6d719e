/**
 * A fourteenth batch (issue 25): five screens of kinds not yet in the corpus, written after the
 * thirteenth batch's fixes and run once, unchanged, as the blind batch: 55 of 68 right
 * (80.9 %), no false pass. A parking session with label/value pairs, an Android Wi-Fi list, a
 * rewards screen with three Redeem buttons (one disabled), an iOS calendar day (times and
 * places in rows: a claim must hold in one row), an iOS train ticket (from → to, times,
 * platform, seat). Mixed styles (Gherkin, chatty, imperative, loose casing) and traps that must
 * fail (another number, plate, platform or seat, the other row's time or place, the journey
 * reversed, an ambiguous Redeem, a state the element does not have). Its misses were then
 * looked at and read by general rules, so it is tuned now (its score is still printed apart).
 */
import { type CorpusCase, fails, onPlatform, pass, type Row, tap } from './corpus-case.js';

const parking: Row[] = [
  ['Then 1 h 25 min are left', 'android-parking-session', pass({ id: 'time_left' })],
  ['check that 2 h 25 min are left', 'android-parking-session', fails()],
  ['Verify the zone is 4021', 'android-parking-session', pass({ id: 'zone_value' })],
  ['Verify the zone is 4012', 'android-parking-session', fails()],
  ['the car should be the blue Golf', 'android-parking-session', pass({ id: 'vehicle_value' })],
  ['Check the plate is HB 7731', 'android-parking-session', pass({ id: 'vehicle_value' })],
  ['Check the plate is HB 7713', 'android-parking-session', fails()],
  ['Check that parking ends at 12:00', 'android-parking-session', pass({ id: 'ends_value' })],
  ['Check that parking ends at 12:30', 'android-parking-session', fails()],
  ['Check that parking started at 9:35', 'android-parking-session', pass({ id: 'started_value' })],
  ['Check that it has cost €3.40 so far', 'android-parking-session', pass({ id: 'cost_value' })],
  ['Check the cost so far is €4.30', 'android-parking-session', fails()],
  ['Extend parking by 30 min', 'android-parking-session', tap({ id: 'extend_button' })],
  ['Extend by 1 hour', 'android-parking-session', fails()],
  ['end the parking session', 'android-parking-session', tap({ id: 'stop_button' })],
];

const wifi: Row[] = [
  ['Check that HomeNet_5G is connected', 'android-wifi-networks', pass()],
  ['Check that CafeGuest is connected', 'android-wifi-networks', fails()],
  ['Verify Wi-Fi is on', 'android-wifi-networks', pass()],
  ['Verify Wi-Fi is off', 'android-wifi-networks', fails()],
  ['Tap the CafeGuest network', 'android-wifi-networks', tap({ id: 'wifi_row', has: 'CafeGuest' })],
  ['Tap the Guest network', 'android-wifi-networks', fails()],
  ['Check that CafeGuest is an open network', 'android-wifi-networks', pass()],
  ['Check that Office-Secure is open', 'android-wifi-networks', fails()],
  ['Then HomeNet is saved', 'android-wifi-networks', pass()],
  ['Then CafeGuest is saved', 'android-wifi-networks', fails()],
  ['Connect to Office-Secure', 'android-wifi-networks', tap({ id: 'wifi_row', has: 'Office-Secure' })],
  ['Open saved networks', 'android-wifi-networks', tap({ id: 'saved_networks' })],
  ['tap "Add network"', 'android-wifi-networks', tap({ id: 'add_network' })],
];

const rewards: Row[] = [
  ['Check that I have 2,450 points', 'android-rewards', pass({ id: 'points' })],
  ['Check that I have 2,540 points', 'android-rewards', fails()],
  ['Verify I am a Gold member', 'android-rewards', pass({ id: 'tier' })],
  ['Verify I am a Platinum member', 'android-rewards', fails()],
  ['Check I need 550 more points for Platinum', 'android-rewards', pass({ id: 'next_tier' })],
  ['Then the points expire on 31 December', 'android-rewards', pass({ id: 'expiry' })],
  ['Then the points expire on 30 November', 'android-rewards', fails()],
  ['Redeem the free coffee', 'android-rewards', tap({ id: 'redeem_button', nth: 1 })],
  ['Check that the free coffee costs 500 points', 'android-rewards', pass()],
  ['Check that the cinema ticket costs 300 points', 'android-rewards', fails()],
  ['Check that the Redeem button for the cinema ticket is disabled', 'android-rewards', pass({ id: 'redeem_button', nth: 3 })],
  ['Check that the Redeem button of the free coffee is disabled', 'android-rewards', fails()],
  ['Tap Redeem', 'android-rewards', fails()],
];

const calendar: Row[] = [
  ['Check that the dentist is at 08:30', 'ios-calendar-day', pass()],
  ['Check that the dentist is at 11:00', 'ios-calendar-day', fails()],
  ['Check that Yoga is in Studio 2', 'ios-calendar-day', pass()],
  ['Check that Yoga is in Studio 3', 'ios-calendar-day', fails()],
  ['Verify lunch with Priya is at 13:00', 'ios-calendar-day', pass()],
  ['Check that the team sync is on Zoom', 'ios-calendar-day', pass()],
  ['Check that the team sync is at Café Nero', 'ios-calendar-day', fails()],
  ['Tap the Yoga event', 'ios-calendar-day', tap({ type: 'Cell', has: 'Yoga' })],
  ['Tap the Pilates event', 'ios-calendar-day', fails()],
  ['Check that 4 events are shown', 'ios-calendar-day', pass()],
  ['Check that 5 events are shown', 'ios-calendar-day', fails()],
  ['Check that the date is Wednesday, 14 May', 'ios-calendar-day', pass()],
  ['Check the date is Thursday, 15 May', 'ios-calendar-day', fails()],
];

const ticket: Row[] = [
  ['Check that the train departs at 07:40', 'ios-train-ticket', pass()],
  ['Check that the train departs at 07:50', 'ios-train-ticket', fails()],
  ['Then the train arrives at 09:52', 'ios-train-ticket', pass()],
  ['Check that the train leaves from platform 12', 'ios-train-ticket', pass()],
  ['Check that the train leaves from platform 2', 'ios-train-ticket', fails()],
  ['Check that my seat is 41 in coach C', 'ios-train-ticket', pass()],
  ['Check that my seat is 14 in coach C', 'ios-train-ticket', fails()],
  ['Check that the ticket is off-peak return', 'ios-train-ticket', pass()],
  ['Check that the ticket is an anytime single', 'ios-train-ticket', fails()],
  ['verify the journey is from London Euston to Manchester Piccadilly', 'ios-train-ticket', pass()],
  ['Verify the journey is from Manchester Piccadilly to London Euston', 'ios-train-ticket', fails()],
  ['Tap Add to Apple Wallet', 'ios-train-ticket', tap({ id: 'addToWallet' })],
  ['Check that the QR code is shown', 'ios-train-ticket', pass({ id: 'ticketQR' })],
  ['Tap Cancel journey', 'ios-train-ticket', fails()],
];

export const fourteenthBatch: CorpusCase[] = [
  ...onPlatform('android', [...parking, ...wifi, ...rewards]),
  ...onPlatform('ios', [...calendar, ...ticket]),
];
