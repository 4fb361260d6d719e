/**
 * Twenty-third batch (issue 25): six new screens, written blind: not run before commit.
 * The author read only corpus-case.ts, judge.ts, the ElementRef type, the parser's
 * element fields, one earlier batch file for its format and three screen XMLs for
 * theirs, never the offline model, its lexicon or the other batches.
 *
 * Screens: a library's loans list with a Renew button on every row
 * (android-library-loans), a parcel locker pickup (android-parcel-locker), a
 * privacy settings page whose rows hold their switches (android-privacy-settings),
 * a bike rental (ios-bike-rental), a cinema seat summary (ios-cinema-seat-summary)
 * and a "Cancel appointment?" alert over an appointment (ios-cancel-appointment-alert).
 *
 * 95 cases (49 Android, 18 of them must fail; 46 iOS, 18 must fail): 36 must fail
 * in all: an absent target, a wrong number, a near-miss text, a false negated claim,
 * an ambiguous target, a switch in the other state, a wrong screen identity.
 * Blind score before any fix: 69/95 (72.6 %), 0 false passes; fixed for their wrong elements only: "Open the compartment" (android-parcel-locker), "Check that the bike is an e-bike" and "Check that insurance is added" (ios-bike-rental), "Check the alert says the appointment is on 9 December at 10:30" (ios-cancel-appointment-alert).
 * Session 7 made general rules partly from its misses (73 → 85 of 95): it counts as tuned since.
 */
import { absent, type CorpusCase, fails, onPlatform, pass, type Row, tap } from './corpus-case.js';

const library: Row[] = [
  ['Renew The Overstory', 'android-library-loans', tap({ id: 'renew_button', nth: 1 })],
  ['renew the Klara and the Sun book', 'android-library-loans', tap({ id: 'renew_button', nth: 2 })],
  ['Tap Renew', 'android-library-loans', fails()],
  ['Open the Sapiens loan', 'android-library-loans', tap({ id: 'loan_row', has: 'Sapiens' })],
  ['Open the book by Kazuo Ishiguro', 'android-library-loans', tap({ id: 'loan_row', has: 'Kazuo Ishiguro' })],
  ['Check that The Overstory is due on 4 December', 'android-library-loans', pass()],
  ['Check that The Overstory is due on 14 December', 'android-library-loans', fails()],
  ['Verify Klara and the Sun is due in 2 days', 'android-library-loans', pass()],
  ['Check that I owe €6.00 in fines', 'android-library-loans', fails()],
  ['Make sure I have 3 books on loan', 'android-library-loans', pass()],
  ['Check that I have 2 holds', 'android-library-loans', fails()],
  ['Due date reminders should be on', 'android-library-loans', pass({ id: 'due_reminder_switch' })],
  ['Check that due date reminders are off', 'android-library-loans', fails()],
  ['Ensure Sapiens cannot be renewed', 'android-library-loans', pass()],
  ['Check that The Overstory is overdue', 'android-library-loans', fails()],
  ['Open the Holds tab', 'android-library-loans', tap({ id: 'tab_holds' })],
  ['Verify Dune is not in my loans', 'android-library-loans', absent],
];

const locker: Row[] = [
  ['Check that the parcel is ready for pickup', 'android-parcel-locker', pass({ id: 'status' })],
  ['Check that the parcel is still in transit', 'android-parcel-locker', fails()],
  ['Verify the pickup code is 583 920', 'android-parcel-locker', pass()],
  ['Verify the pickup code is 583 902', 'android-parcel-locker', fails()],
  ['The parcel is in compartment B12', 'android-parcel-locker', pass()],
  ['Check that the compartment is a large one', 'android-parcel-locker', fails()],
  ['Make sure I have to collect it by Friday 5 December', 'android-parcel-locker', pass()],
  ['the parcel was sent by Zalando', 'android-parcel-locker', pass()],
  ['Check that the parcel was sent by Amazon', 'android-parcel-locker', fails()],
  ['Open the compartment', 'android-parcel-locker', tap({ id: 'open_compartment' })],
  ['Share the pickup code', 'android-parcel-locker', tap({ id: 'share_code' })],
  ['Check that someone else is allowed to collect the parcel', 'android-parcel-locker', fails()],
  ['Let someone else collect the parcel', 'android-parcel-locker', tap({ id: 'delegate_switch' })],
  ['Check that I need to be within 10 m of the locker', 'android-parcel-locker', pass({ id: 'proximity_note' })],
  ['The parcel pickup screen is shown', 'android-parcel-locker', pass()],
  ['Tap Scan QR code', 'android-parcel-locker', fails()],
  ['Make sure the "Parcel collected" message is not shown', 'android-parcel-locker', absent],
];

const privacy: Row[] = [
  ['Turn off read receipts', 'android-privacy-settings', tap({ id: 'read_receipts_row' })],
  ['Check that read receipts are on', 'android-privacy-settings', pass({ id: 'read_receipts_row' })],
  ['Make sure personalised ads are disabled', 'android-privacy-settings', pass({ id: 'ads_row' })],
  ['Check that personalized ads are enabled', 'android-privacy-settings', fails()],
  ['Ensure usage data is not shared', 'android-privacy-settings', fails()],
  ['Enable location history', 'android-privacy-settings', tap({ id: 'location_row' })],
  ['Check that location history is on', 'android-privacy-settings', fails()],
  ['Check that only my contacts can see my last seen', 'android-privacy-settings', pass({ id: 'last_seen_row' })],
  ['Check that everyone can see my last seen', 'android-privacy-settings', fails()],
  ['Verify nobody can see my About', 'android-privacy-settings', pass({ id: 'about_row' })],
  ['Check that I have blocked 5 contacts', 'android-privacy-settings', fails()],
  ['Open blocked contacts', 'android-privacy-settings', tap({ id: 'blocked_row' })],
  ['the privacy settings are shown', 'android-privacy-settings', pass()],
  ['The notification settings screen is shown', 'android-privacy-settings', fails()],
  ['Verify the Two-step verification option is not shown', 'android-privacy-settings', absent],
];

const bike: Row[] = [
  ['Unlock the bike', 'ios-bike-rental', tap({ id: 'unlockButton' })],
  ['Reserve the bike', 'ios-bike-rental', tap({ id: 'reserveButton' })],
  ['Check that the bike is an e-bike', 'ios-bike-rental', pass({ id: 'bikeType' })],
  ['Verify this is bike 4812', 'ios-bike-rental', fails()],
  ['Check the battery is at 76%', 'ios-bike-rental', pass({ id: 'battery' })],
  ['Check the battery is at 67%', 'ios-bike-rental', fails()],
  ['Make sure the bike has a range of about 38 km', 'ios-bike-rental', pass({ id: 'battery' })],
  ['Check that riding costs €0.20 per minute', 'ios-bike-rental', fails()],
  ['Check that the day pass is not selected', 'ios-bike-rental', pass({ id: 'dayPassSwitch' })],
  ['Add the day pass', 'ios-bike-rental', tap({ id: 'dayPassSwitch' })],
  ['Check that insurance is added', 'ios-bike-rental', pass({ id: 'insuranceSwitch' })],
  ['Check that insurance is not added', 'ios-bike-rental', fails()],
  ['Verify my wallet balance is €4.80', 'ios-bike-rental', fails()],
  ['Tap End ride', 'ios-bike-rental', fails()],
  ['I should see that the bike is docked at Praça do Comércio', 'ios-bike-rental', pass({ id: 'dock' })],
  ['Check that the "Low battery" warning is not shown', 'ios-bike-rental', absent],
];

const cinema: Row[] = [
  ['Check that the movie is Dune: Part Three', 'ios-cinema-seat-summary', pass({ id: 'movieTitle' })],
  ['Check that the movie is Dune: Part Two', 'ios-cinema-seat-summary', fails()],
  ['Verify the show starts at 20:30 on Saturday', 'ios-cinema-seat-summary', pass({ id: 'showtime' })],
  ['Check that the show starts at 21:30', 'ios-cinema-seat-summary', fails()],
  ['Check that I have seats F11 and F12', 'ios-cinema-seat-summary', pass({ id: 'seats' })],
  ['Check that I have seats G11 and G12', 'ios-cinema-seat-summary', fails()],
  ['Make sure it is an IMAX screening', 'ios-cinema-seat-summary', pass({ id: 'venue' })],
  ['Check that I bought 2 adult tickets', 'ios-cinema-seat-summary', pass()],
  ['Check that I bought 3 adult tickets', 'ios-cinema-seat-summary', fails()],
  ['The total is €24.20', 'ios-cinema-seat-summary', pass()],
  ['Confirm the booking fee is €2.20', 'ios-cinema-seat-summary', fails()],
  ['Add the popcorn combo', 'ios-cinema-seat-summary', tap({ id: 'popcornSwitch' })],
  ['Check popcorn is included', 'ios-cinema-seat-summary', fails()],
  ['Check that the tickets will be emailed to me', 'ios-cinema-seat-summary', pass({ id: 'emailSwitch' })],
  ['Pay with Apple Pay', 'ios-cinema-seat-summary', tap({ id: 'applePay' })],
  ['The payment confirmation screen is shown', 'ios-cinema-seat-summary', fails()],
];

const cancelMessage =
  'Your appointment with Dr. Carvalho on Tue 9 Dec at 10:30 will be cancelled. Cancelling less than 24 hours ahead costs €15.';

const cancelAlert: Row[] = [
  ['Tap "Yes, Cancel" in the alert', 'ios-cancel-appointment-alert', tap({ id: 'Yes, Cancel' })],
  ['Confirm the cancellation in the dialog', 'ios-cancel-appointment-alert', tap({ id: 'Yes, Cancel' })],
  ['Dismiss the alert with Keep It', 'ios-cancel-appointment-alert', tap({ id: 'Keep It' })],
  ['Keep the appointment', 'ios-cancel-appointment-alert', tap({ id: 'Keep It' })],
  ['Tap OK in the alert', 'ios-cancel-appointment-alert', fails()],
  ['Check the alert asks whether to cancel the appointment', 'ios-cancel-appointment-alert', pass()],
  ['Check the alert says the appointment is on 9 December at 10:30', 'ios-cancel-appointment-alert', pass({ text: cancelMessage })],
  ['Check the alert says the appointment is at 11:30', 'ios-cancel-appointment-alert', fails()],
  ['Check that late cancellation costs €15', 'ios-cancel-appointment-alert', pass({ text: cancelMessage })],
  ['Check that late cancellation costs €25', 'ios-cancel-appointment-alert', fails()],
  ['Check the alert says cancelling is free', 'ios-cancel-appointment-alert', fails()],
  ['The alert mentions Dr. Carvalho', 'ios-cancel-appointment-alert', pass({ text: cancelMessage })],
  ['Check the alert mentions Dr. Costa', 'ios-cancel-appointment-alert', fails()],
  ['The "Appointment cancelled" message is not shown', 'ios-cancel-appointment-alert', absent],
];

export const twentyThirdBatch: CorpusCase[] = [
  ...onPlatform('android', [...library, ...locker, ...privacy]),
  ...onPlatform('ios', [...bike, ...cinema, ...cancelAlert]),
]; // Tuned on in session 7 (general rules made partly from its misses): no longer blind.
