/**
 * Twenty-sixth batch (issue 25): six new screens, written blind: not run before commit.
 * Written by the author of the twenty-fifth batch under the same rules: only
 * corpus-case.ts, judge.ts, corpus.test.ts (to register the batch), the twenty-second
 * and twenty-third batches and their screens were read for the format, never the
 * offline model, its lexicon, the rules in docs/ or the other batches, and neither the
 * model nor the corpus test was run.
 * Each expected element was checked only to resolve to the element meant (judge.ts
 * `findRef` over the parsed screen, outside the repository), never against a decision.
 *
 * Screens: an electricity bill with a breakdown and settings rows holding their
 * switches (android-utility-bill), a habit tracker whose rows each hold a checkbox
 * (android-habit-tracker), a single-choice "Report this review" dialog
 * (android-report-review-dialog), a language flashcard with its answer shown and four
 * rating buttons (ios-flashcards), a hiking trail's details (ios-hiking-trail) and an
 * action sheet for a voice memo over the list of recordings
 * (ios-voice-memo-action-sheet).
 *
 * 98 cases (50 Android, 17 of them must fail; 48 iOS, 17 must fail): 34 must fail in
 * all: an absent target, a wrong number (also one that is a part of the right one,
 * "5 December" against "15 December"), a near-miss word ("paid" on an "Unpaid" bill),
 * a false claim about a state (a checkbox, a switch, a selected option), a claim true
 * of another row.
 * Blind score before any fix: 67/98 (68.4 %), 1 false pass ("Check the sheet is for Guitar idea" passed on a row behind the sheet), 0 on a wrong element (the model of main at 98ebdbf, run by the lead).
 * Blind but for its false pass, fixed by a general reading (modal-subject.ts: a check about "the sheet" or
 * "the dialog" is judged on the dialog that is up, never on the screen behind it): 68/98 (69.4 %), 0 false
 * passes, 0 on a wrong element; the other misses were not looked at.
 * With the fourth round merged (written without seeing it): 70/98. After the fifth round's general readings
 * (session 8, made partly from its misses: actions named by what they do, checks about the user, a to-do's checkbox,
 * a rating, what a dialog mentions): 87/98 (88.8 %), 0 false passes, 0 on a wrong element. Tuned on
 * since: no longer blind.
 */
import { absent, type CorpusCase, fails, onPlatform, pass, type Row, tap } from './corpus-case.js';

const bill: Row[] = [
  ['Pay the bill', 'android-utility-bill', tap({ id: 'pay_button' })],
  ['Download the bill as a PDF', 'android-utility-bill', tap({ id: 'download_pdf' })],
  ['Check the amount due is €68.40', 'android-utility-bill', pass()],
  ['Check the amount due is €86.40', 'android-utility-bill', fails()],
  ['Verify the bill is due on 15 December', 'android-utility-bill', pass({ id: 'due_date' })],
  ['Check the bill is due on 5 December', 'android-utility-bill', fails()],
  ['Check that the bill has been paid', 'android-utility-bill', fails()],
  ['Verify that we used 312 kWh', 'android-utility-bill', pass({ id: 'usage' })],
  ['Check that usage went down compared to October', 'android-utility-bill', pass({ id: 'usage_compare' })],
  ['Check that we used 12% more than last month', 'android-utility-bill', fails()],
  ['Network charges are €11.30', 'android-utility-bill', pass({ id: 'breakdown_row', has: 'Network charges' })],
  ['Check the taxes are €7.81', 'android-utility-bill', fails()],
  ['Make sure autopay is off', 'android-utility-bill', pass({ id: 'autopay_row' })],
  ['Set up automatic payment', 'android-utility-bill', tap({ id: 'autopay_row' })],
  ['Check that bills are emailed to me', 'android-utility-bill', pass({ id: 'email_bills_row' })],
  ['Submit a meter reading', 'android-utility-bill', tap({ id: 'meter_row' })],
  ['Tap Dispute charge', 'android-utility-bill', fails()],
  ['The "Payment failed" message is not shown', 'android-utility-bill', absent],
];

const habits: Row[] = [
  ['Mark Meditate as done', 'android-habit-tracker', tap({ id: 'habit_check', nth: 3 })],
  ['tick off drink water', 'android-habit-tracker', tap({ id: 'habit_check', nth: 1 })],
  ['Open the Practise Spanish habit', 'android-habit-tracker', tap({ id: 'habit_row', has: 'Practise Spanish' })],
  ['Check that Read is done', 'android-habit-tracker', pass({ id: 'habit_row', has: 'Read' })],
  ['Check that Meditate is done', 'android-habit-tracker', fails()],
  ['Verify Walk is not done yet', 'android-habit-tracker', fails()],
  ['Verify that I drank 6 of 8 glasses of water', 'android-habit-tracker', pass()],
  ['Check that I drank 8 glasses of water', 'android-habit-tracker', fails()],
  ['Check I am on a 12-day streak', 'android-habit-tracker', pass({ id: 'streak' })],
  ['Check the streak is 21 days', 'android-habit-tracker', fails()],
  ['Verify 2 of 5 habits are done', 'android-habit-tracker', pass({ id: 'progress_text' })],
  ['Check that three habits are done', 'android-habit-tracker', fails()],
  ['Add a new habit', 'android-habit-tracker', tap({ id: 'fab_add' })],
  ['Go to Stats', 'android-habit-tracker', tap({ id: 'nav_stats' })],
  ['Open the Yoga habit', 'android-habit-tracker', fails()],
  ["Today's habits are shown", 'android-habit-tracker', pass()],
  ['Verify "All habits done" is not shown', 'android-habit-tracker', absent],
];

const reportDialog: Row[] = [
  ['Choose Spam or advertising', 'android-report-review-dialog', tap({ text: 'Spam or advertising' })],
  ['select "Not about this restaurant" in the dialog', 'android-report-review-dialog', tap({ text: 'Not about this restaurant' })],
  ['Pick the personal information option', 'android-report-review-dialog', tap({ text: 'Contains personal information' })],
  ['Check that Offensive language is selected', 'android-report-review-dialog', pass({ text: 'Offensive language' })],
  ['Verify that Spam or advertising is selected', 'android-report-review-dialog', fails()],
  ['Tap Report in the dialog', 'android-report-review-dialog', tap({ id: 'button1' })],
  ['Send the report', 'android-report-review-dialog', tap({ id: 'button1' })],
  ['Dismiss the dialog with Cancel', 'android-report-review-dialog', tap({ id: 'button2' })],
  ['Tap Block user in the dialog', 'android-report-review-dialog', fails()],
  ['Choose Fake review', 'android-report-review-dialog', fails()],
  ['A dialog to report the review is shown', 'android-report-review-dialog', pass()],
  ['Check that the dialog offers 5 reasons', 'android-report-review-dialog', pass()],
  ['Check that the dialog offers 4 reasons', 'android-report-review-dialog', fails()],
  ['The Submit button is not shown', 'android-report-review-dialog', absent],
  ['Verify the Report button is not displayed', 'android-report-review-dialog', fails()],
];

const flashcards: Row[] = [
  ['Rate the card Good', 'ios-flashcards', tap({ id: 'rateGood' })],
  ['I forgot this one, tap Again', 'ios-flashcards', tap({ id: 'rateAgain' })],
  ['Play the pronunciation', 'ios-flashcards', tap({ id: 'playAudio' })],
  ['Check the card says la manzana', 'ios-flashcards', pass({ id: 'cardFront' })],
  ['Verify the answer is "the apple"', 'ios-flashcards', pass({ id: 'cardBack' })],
  ['Check the translation is "the orange"', 'ios-flashcards', fails()],
  ['Check that this is card 7 of 20', 'ios-flashcards', pass({ id: 'progressLabel' })],
  ['Check that I am on card 8 of 20', 'ios-flashcards', fails()],
  ['Check that Good would show the card again in 1 day', 'ios-flashcards', pass({ id: 'rateGoodOption' })],
  ['Verify that Easy schedules the card in 3 days', 'ios-flashcards', fails()],
  ['Check that autoplay audio is off', 'ios-flashcards', fails()],
  ['Turn off autoplay audio', 'ios-flashcards', tap({ id: 'autoplaySwitch' })],
  ['Flag this card', 'ios-flashcards', tap({ id: 'flagButton' })],
  ['Tap Show answer', 'ios-flashcards', fails()],
  ['Check I got 5 right today', 'ios-flashcards', pass({ id: 'correctCount' })],
  ['The "Deck complete" screen is shown', 'ios-flashcards', fails()],
  ['"Session complete" is not shown', 'ios-flashcards', absent],
];

const trail: Row[] = [
  ['Start navigating the trail', 'ios-hiking-trail', tap({ id: 'startButton' })],
  ['Get directions to the trailhead', 'ios-hiking-trail', tap({ id: 'directionsButton' })],
  ['Switch to the Reviews tab', 'ios-hiking-trail', tap({ id: 'reviewsSegment' })],
  ['Check the trail is 11.4 km long', 'ios-hiking-trail', pass({ id: 'distanceStat' })],
  ['Check the trail is 14.1 km', 'ios-hiking-trail', fails()],
  ['Verify the elevation gain is 540 m', 'ios-hiking-trail', pass({ id: 'elevationStat' })],
  ['Check that the difficulty is Hard', 'ios-hiking-trail', fails()],
  ['The hike takes about 3 h 40 min', 'ios-hiking-trail', pass({ id: 'durationStat' })],
  ['Check this is an out-and-back trail', 'ios-hiking-trail', fails()],
  ['Check the trail is rated 4.6 stars', 'ios-hiking-trail', pass({ id: 'rating' })],
  ['Check the trail has over 2,000 reviews', 'ios-hiking-trail', fails()],
  ['Make sure dogs are allowed', 'ios-hiking-trail', pass({ id: 'tagDogs' })],
  ['Download the offline map', 'ios-hiking-trail', tap({ id: 'offlineMapSwitch' })],
  ['Check the offline map is downloaded', 'ios-hiking-trail', fails()],
  ['Tap Book a guide', 'ios-hiking-trail', fails()],
  ['The trail details page is displayed', 'ios-hiking-trail', pass()],
  ['Verify the "Trail closed" warning is not displayed', 'ios-hiking-trail', absent],
];

const memoSheet: Row[] = [
  ['Delete the recording from the action sheet', 'ios-voice-memo-action-sheet', tap({ id: 'Delete Recording' })],
  ['Tap Duplicate in the sheet', 'ios-voice-memo-action-sheet', tap({ id: 'Duplicate' })],
  ['Move it to a folder', 'ios-voice-memo-action-sheet', tap({ id: 'Move to Folder' })],
  ['Share the recording', 'ios-voice-memo-action-sheet', tap({ id: 'Share' })],
  ['Dismiss the action sheet', 'ios-voice-memo-action-sheet', tap({ id: 'Cancel' })],
  ['Tap Rename in the sheet', 'ios-voice-memo-action-sheet', fails()],
  ['Tap Edit Recording', 'ios-voice-memo-action-sheet', fails()],
  ['Check the action sheet is for Recording 14', 'ios-voice-memo-action-sheet', pass()],
  ['Check the sheet is for Guitar idea', 'ios-voice-memo-action-sheet', fails()],
  ['Check the recording is 3 minutes 42 seconds long', 'ios-voice-memo-action-sheet', pass()],
  ['Check the recording was made on 21 Nov', 'ios-voice-memo-action-sheet', fails()],
  ['Verify the Delete Recording option is not shown', 'ios-voice-memo-action-sheet', fails()],
  ['"Recently Deleted" is not shown', 'ios-voice-memo-action-sheet', absent],
  ['A menu of actions for the recording is shown', 'ios-voice-memo-action-sheet', pass()],
];

export const twentySixthBatch: CorpusCase[] = [
  ...onPlatform('android', [...bill, ...habits, ...reportDialog]),
  ...onPlatform('ios', [...flashcards, ...trail, ...memoSheet]),
]; // Tuned on in session 8 (the fifth round's general readings were made partly from its misses): no longer blind.
