/**
 * The twenty-fourth batch's fifth part (issue 25), written by the model helper after the last
 * rules of this round, and left blind: a library loan (a heading with its author, a due date,
 * label | value facts, buttons), an iOS taxi receipt (driver, car, trip line, a table of amounts,
 * three buttons) and a plant's care page (summary lines, label | value facts with a "No", two
 * buttons).
 * Scored once before any change for it: 34 of 39 right (87.2 %), **1 false pass** ("the plant is
 * pet safe" over "Pet safe | No", read by paraphrase.ts from the label alone) and 1 on a wrong
 * element (the label "Light", not its value). Both closed by one general fix in paraphrase.ts (a
 * label beside its value says nothing alone): 36 of 39. Otherwise left blind.
 */
import { type CorpusCase, fails, onPlatform, pass, type Row, tap } from './corpus-case.js';

const loan: Row[] = [
  ['Check that the book is The Glass Hotel by Emily St. John Mandel', 'android-library-loan', pass()],
  ['Check that the book is due back on 14 May', 'android-library-loan', pass({ id: 'due' })],
  ['Check that the book is due back on 15 May', 'android-library-loan', fails()],
  ['Check that I can renew it once more', 'android-library-loan', pass({ id: 'renewals_value' })],
  ['Check that I have 2 renewals left', 'android-library-loan', fails()],
  ['Check that it is from Central Library', 'android-library-loan', pass({ id: 'branch_value' })],
  ['Check that the book is a paperback', 'android-library-loan', pass({ id: 'format_value' })],
  ['Check that the book is an ebook', 'android-library-loan', fails()],
  ['Check that 2 people are waiting for it', 'android-library-loan', pass({ id: 'holds' })],
  ['Check that nobody is waiting for it', 'android-library-loan', fails()],
  ['Renew the loan', 'android-library-loan', tap({ id: 'renew' })],
  ['Return the book early', 'android-library-loan', tap({ id: 'return' })],
  ['Share the book', 'android-library-loan', tap({ id: 'share' })],
  ['Delete the loan', 'android-library-loan', fails()],
];

const taxi: Row[] = [
  ['Check that my driver was Marco', 'ios-taxi-receipt', pass({ id: 'driver' })],
  ['Check that the car is a Toyota Corolla', 'ios-taxi-receipt', pass({ id: 'car' })],
  ['Check that the car is a Honda Civic', 'ios-taxi-receipt', fails()],
  ['Check that the trip took 24 min', 'ios-taxi-receipt', pass({ id: 'trip' })],
  ['Check that the trip was 9.8 km', 'ios-taxi-receipt', pass({ id: 'trip' })],
  ['Check that the trip was 8.9 km', 'ios-taxi-receipt', fails()],
  ['Check that the fare was €18.40', 'ios-taxi-receipt', pass()],
  ['Check that the total is €20.40', 'ios-taxi-receipt', pass()],
  ['Check that the total is €18.40', 'ios-taxi-receipt', fails()],
  ['Check that I paid with Apple Pay', 'ios-taxi-receipt', pass({ id: 'payment' })],
  ['Check that I paid in cash', 'ios-taxi-receipt', fails()],
  ['Rate the driver', 'ios-taxi-receipt', tap({ id: 'rateDriver' })],
  ['Get the invoice', 'ios-taxi-receipt', tap({ id: 'invoice' })],
  ['Report a lost item', 'ios-taxi-receipt', tap({ id: 'lostItem' })],
];

const plant: Row[] = [
  ['Check that the monstera needs water every 7 days', 'android-plant-care', pass({ id: 'water' })],
  ['Check that it was last watered 2 days ago', 'android-plant-care', pass({ id: 'last' })],
  ['Check that it was last watered 3 days ago', 'android-plant-care', fails()],
  ['Check that it needs bright, indirect light', 'android-plant-care', pass({ id: 'light_value' })],
  ['Check that the humidity is high', 'android-plant-care', pass({ id: 'humidity_value' })],
  ['Check that the humidity is low', 'android-plant-care', fails()],
  ['Check that the plant is not pet safe', 'android-plant-care', pass({ id: 'pet_safe_value' })],
  ['Check that the plant is pet safe', 'android-plant-care', fails()],
  ['Mark the plant as watered', 'android-plant-care', tap({ id: 'mark_watered' })],
  ['Set a reminder', 'android-plant-care', tap({ id: 'reminder' })],
  ['Delete the plant', 'android-plant-care', fails()],
];

export const twentyFourthBatchFifthPart: CorpusCase[] = [...onPlatform('android', [...loan, ...plant]), ...onPlatform('ios', taxi)].map(
  (c) => ({ ...c, blind: true }),
);
