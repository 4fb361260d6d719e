/**
 * The twenty-fourth batch's sixth part (issue 25, session 7), the model helper's dev set: written
 * before any change of this pass and scored once blind. An energy bill (an amount under its
 * heading, a due date with its payment way, label | value usage rows, a comparison line, two
 * switches, three buttons), an Android "Cancel appointment?" dialog over a list of appointments,
 * and an iOS car-insurance quote (a price a month and a year, a table of label | value facts, two
 * switches, three buttons).
 * Scored once before any change for it: 37 of 50 right (74.0 %), **1 false pass** ("Open the Milo
 * appointment" tapped a row behind the dialog) and **1 on a wrong element** ("the appointment is at
 * 10:15" read from that row rather than the dialog's message).
 * Then tuned on by this pass's general rules (37 → 48 of 50): it counts as tuned since.
 */
import { absent, type CorpusCase, fails, onPlatform, pass, type Row, tap } from './corpus-case.js';

const energy: Row[] = [
  ['Check that the March bill is £84.20', 'dev6-android-energy-bill', pass({ id: 'bill_amount' })],
  ['Check that the bill is £84.02', 'dev6-android-energy-bill', fails()],
  ['Verify the bill is due on 12 April', 'dev6-android-energy-bill', pass({ id: 'bill_due' })],
  ['Check that the bill is paid by Direct Debit', 'dev6-android-energy-bill', pass({ id: 'bill_due' })],
  ['Check that I used 312 kWh of electricity', 'dev6-android-energy-bill', pass({ id: 'electricity_value' })],
  ['Check that gas usage is 1040 kWh', 'dev6-android-energy-bill', pass({ id: 'gas_value' })],
  ['Check that I used 312 kWh of gas', 'dev6-android-energy-bill', fails()],
  ['The standing charge should be £0.53 a day', 'dev6-android-energy-bill', pass({ id: 'standing_value' })],
  ['Check that I used 8% less than in February', 'dev6-android-energy-bill', pass({ id: 'comparison' })],
  ['Check that I used 8% more than in February', 'dev6-android-energy-bill', fails()],
  ['Check that the next meter reading is due in 5 days', 'dev6-android-energy-bill', pass({ id: 'meter_due' })],
  ['Check that paperless billing is on', 'dev6-android-energy-bill', pass({ id: 'paperless_switch' })],
  ['Check that usage alerts are on', 'dev6-android-energy-bill', fails()],
  ['Turn on usage alerts', 'dev6-android-energy-bill', tap({ id: 'alerts_switch' })],
  ['Pay the bill', 'dev6-android-energy-bill', tap({ id: 'pay_now' })],
  ['Submit a meter reading', 'dev6-android-energy-bill', tap({ id: 'submit_reading' })],
  ['See the breakdown of the bill', 'dev6-android-energy-bill', tap({ id: 'breakdown' })],
  ['Switch to a new tariff', 'dev6-android-energy-bill', fails()],
];

const vetDialog: Row[] = [
  ['Check that the dialog asks whether to cancel the appointment', 'dev6-android-cancel-vet-dialog', pass()],
  ["Check that Luna's vaccination will be cancelled", 'dev6-android-cancel-vet-dialog', pass({ id: 'message' })],
  ["Check that Milo's dental check will be cancelled", 'dev6-android-cancel-vet-dialog', fails()],
  ['Check that I will not be charged', 'dev6-android-cancel-vet-dialog', pass({ id: 'message' })],
  ['Check that I will be charged', 'dev6-android-cancel-vet-dialog', fails()],
  ['Check that the appointment is with Dr. Patel', 'dev6-android-cancel-vet-dialog', pass({ id: 'message' })],
  ['Check that the appointment is at 10:15', 'dev6-android-cancel-vet-dialog', pass({ id: 'message' })],
  ['Check that the appointment is at 10:30', 'dev6-android-cancel-vet-dialog', fails()],
  ['Confirm the cancellation', 'dev6-android-cancel-vet-dialog', tap({ id: 'button1' })],
  ['Keep the appointment', 'dev6-android-cancel-vet-dialog', tap({ id: 'button2' })],
  ['Dismiss the dialog with Keep it', 'dev6-android-cancel-vet-dialog', tap({ id: 'button2' })],
  ['Open the Milo appointment', 'dev6-android-cancel-vet-dialog', fails()],
];

const quote: Row[] = [
  ['Check that the quote is for a Ford Fiesta', 'dev6-ios-car-insurance-quote', pass({ id: 'vehicle' })],
  ['Check that the car is from 2019', 'dev6-ios-car-insurance-quote', pass({ id: 'vehicle' })],
  ['Check that the quote is for a Ford Focus', 'dev6-ios-car-insurance-quote', fails()],
  ['Check that it costs £46.80 a month', 'dev6-ios-car-insurance-quote', pass({ id: 'monthly' })],
  ['Check that it costs £518.40 a year', 'dev6-ios-car-insurance-quote', pass({ id: 'yearly' })],
  ['Check that it costs £46.80 a year', 'dev6-ios-car-insurance-quote', fails()],
  ['Check that the cover is comprehensive', 'dev6-ios-car-insurance-quote', pass()],
  ['Check that the excess is £250', 'dev6-ios-car-insurance-quote', pass()],
  ['Check that the excess is £500', 'dev6-ios-car-insurance-quote', fails()],
  ['Check that there are 2 named drivers', 'dev6-ios-car-insurance-quote', pass()],
  ['Check that I have 4 years of no-claims bonus', 'dev6-ios-car-insurance-quote', pass()],
  ['Check that breakdown cover is included', 'dev6-ios-car-insurance-quote', fails()],
  ['Check that legal protection is included', 'dev6-ios-car-insurance-quote', pass({ id: 'legalProtection' })],
  ['Add breakdown cover', 'dev6-ios-car-insurance-quote', tap({ id: 'breakdownCover' })],
  ['Check that the quote is valid until 30 June', 'dev6-ios-car-insurance-quote', pass({ id: 'validity' })],
  ['Check that the quote has expired', 'dev6-ios-car-insurance-quote', fails()],
  ['Buy the policy', 'dev6-ios-car-insurance-quote', tap({ id: 'buyPolicy' })],
  ['Save this quote for later', 'dev6-ios-car-insurance-quote', tap({ id: 'saveQuote' })],
  ['Edit my details', 'dev6-ios-car-insurance-quote', tap({ id: 'editDetails' })],
  ['Check that the "Renew policy" button is not shown', 'dev6-ios-car-insurance-quote', absent],
];

export const twentyFourthBatchSixthPart: CorpusCase[] = [...onPlatform('android', [...energy, ...vetDialog]), ...onPlatform('ios', quote)];
