/**
 * Thirty-fourth batch (issue 25): seven new screens, written blind: not run before commit.
 * Written by a helper of session 10 (branch s10-34), another writer than the ones of the
 * thirty-first, thirty-second and thirty-third batches: only issue 25, corpus-case.ts, judge.ts
 * (its `findRef`, to write element references), corpus.test.ts (to register the batch), the
 * thirty-second and thirty-third batches and six of their screens (android-car-wash,
 * android-race-results, android-end-live-stream-dialog, ios-blood-donation, ios-school-carpool,
 * ios-unsubscribe-newsletter-alert) were read for the format, plus a grep for how a selected tab,
 * an iOS switch, a text field, a radio button and an apostrophe are written in the screens (a
 * line each), and the file names under screens/ to pick app kinds not yet in the corpus; never
 * the offline model, its lexicon, the rules in docs/ or the other batches, and neither the model
 * nor the corpus test was run. The screens were written first, then the cases as a tester of each
 * app would write them; each expected element was checked only to resolve to the element meant
 * (judge.ts `findRef` over the parsed screen, outside the repository), never against a decision.
 *
 * Screens: a golf app's front-nine scorecard at Hollins Park (through 6, 26 strokes, +3, a
 * handicap index, Front 9 / Back 9 tabs, six played holes with par, yards, strokes and result,
 * three with "Enter score", fairway / green / putt stats, Finish round)
 * (android-golf-scorecard), a campsite's booking screen for two nights with four pitches (the
 * hookup tent pitch selected, a sold-out glamping pod), adults and children steppers, a dog
 * switch (off), free cancellation, a site map and a £48.00 total (android-campsite-booking), a
 * tool hire basket with three tools (each with Remove) and an unavailable carpet cleaner (Find
 * alternative), a ticked damage waiver, collect / deliver radio buttons, a promo code field and a
 * £180.00 total with a refundable deposit (android-tool-hire), a dating app's "Unmatch Sam?"
 * dialog with its 23 messages, an unticked "Also report Sam" checkbox and Cancel / Unmatch
 * (android-unmatch-dialog), a birding app's checklist at a nature reserve with five sightings
 * (counts, notes, photos or Add Photo, one heard only and needing review) and a List / Map
 * segment (ios-bird-sightings), a wedding planner's guest list with the RSVP totals (86 of 120
 * attending, 22 pending, 12 declined), a deadline, a search field, an All / Attending / Pending /
 * Declined segment and five parties (two pending with Remind) (ios-wedding-guest-list) and a
 * second-hand marketplace's "Withdraw your £260 offer?" alert over a road bike's listing with
 * Keep Offer / Withdraw (ios-withdraw-offer-alert).
 *
 * 103 cases (59 Android, 19 of them must fail; 44 iOS, 15 must fail): 34 must fail in all:
 * a wrong total, subtotal, distance, handicap, species count, guest count, party size or
 * offer amount, a claim true of another row (a price per night or per day, a bird's count), a
 * false claim about a row's, a tab's, a segment's, a switch's, a radio button's or a checkbox's
 * state (a result, selected, available, needs review, attending, ticked), a tap on a control a
 * row does not have (Enter score on a played hole, Remove on the unavailable tool, Add Photo on a
 * bird with photos, Remind on a guest who declined), a control on neither screen (Block, Make
 * Counteroffer), a button asked for in the alert that is only on the screen behind it, a claim
 * the dialog's or the alert's text contradicts, a negation of a button that is shown.
 * Blind score before any fix: 84/103 (81.6 %), 0 false passes, 0 on a wrong element (the model of main at 5b7a642, run once by the lead).
 */
import { absent, type CorpusCase, fails, onPlatform, pass, type Row, tap, type } from './corpus-case.js';

const golf: Row[] = [
  ['Tap Enter score on hole 7', 'android-golf-scorecard', tap({ id: 'enter_score_button', nth: 1 })],
  ['Just putted out on 8, let me enter the score', 'android-golf-scorecard', tap({ id: 'enter_score_button', nth: 2 })],
  ['Open hole 4', 'android-golf-scorecard', tap({ id: 'hole_row', has: 'Hole 4' })],
  ['Switch to the back nine', 'android-golf-scorecard', tap({ desc: 'Back 9' })],
  ['tap Finish round', 'android-golf-scorecard', tap({ id: 'finish_button' })],
  ['Check 26 strokes have been played through 6 holes', 'android-golf-scorecard', pass({ id: 'summary_text' })],
  ['Verify I am 3 over par', 'android-golf-scorecard', pass()],
  ['Check I made a birdie on hole 3', 'android-golf-scorecard', pass()],
  ['Check I hit 3 of 4 fairways', 'android-golf-scorecard', pass({ id: 'stats_text' })],
  ['The Hollins Park scorecard is shown', 'android-golf-scorecard', pass()],
  ['"Round complete" is not shown', 'android-golf-scorecard', absent],
  ['Verify I made a birdie on hole 5', 'android-golf-scorecard', fails()],
  ['Check hole 6 is 178 yards', 'android-golf-scorecard', fails()],
  ['Tap Enter score on hole 5', 'android-golf-scorecard', fails()],
  ['Check the Back 9 tab is selected', 'android-golf-scorecard', fails()],
  ['Check my handicap index is 14.8', 'android-golf-scorecard', fails()],
];

const campsite: Row[] = [
  ['Select the caravan pitch', 'android-campsite-booking', tap({ id: 'pitch_row', has: 'Caravan pitch' })],
  ['Pick the tent pitch without electricity', 'android-campsite-booking', tap({ id: 'pitch_row', has: 'Tent pitch' })],
  ['Add another adult', 'android-campsite-booking', tap({ desc: 'Add adult' })],
  ["We're bringing our dog, switch that on", 'android-campsite-booking', tap({ id: 'dog_switch' })],
  ['tap Reserve', 'android-campsite-booking', tap({ id: 'reserve_button' })],
  ['Check the hookup pitch is selected', 'android-campsite-booking', pass({ id: 'pitch_row', has: 'Tent pitch with hookup' })],
  ['Check the total for 2 nights is £48.00', 'android-campsite-booking', pass({ id: 'total_text' })],
  ['Check the glamping pod is sold out', 'android-campsite-booking', pass()],
  ['The booking screen for Lakeside Pines is shown', 'android-campsite-booking', pass()],
  ['"No pitches available" is not shown', 'android-campsite-booking', absent],
  ['Check the total is £64.00', 'android-campsite-booking', fails()],
  ['Check the caravan pitch is selected', 'android-campsite-booking', fails()],
  ['Verify the caravan pitch costs £24 a night', 'android-campsite-booking', fails()],
  ['Check the glamping pod is available', 'android-campsite-booking', fails()],
  ['Check the dog option is switched on', 'android-campsite-booking', fails()],
];

const toolHire: Row[] = [
  ['Remove the hedge trimmer', 'android-tool-hire', tap({ id: 'remove_button', nth: 2 })],
  ['Find an alternative to the carpet cleaner', 'android-tool-hire', tap({ id: 'alternative_button' })],
  ['Choose delivery to my address', 'android-tool-hire', tap({ id: 'delivery_radio' })],
  ['Untick the damage waiver', 'android-tool-hire', tap({ id: 'waiver_checkbox' })],
  ['Enter promo code SPRING10', 'android-tool-hire', type({ id: 'promo_input' }, 'SPRING10')],
  ['Open the Pressure washer 2200 psi item', 'android-tool-hire', tap({ id: 'hire_item', has: 'Pressure washer 2200 psi' })],
  ['assert "Total to pay today £180.00" is visible', 'android-tool-hire', pass({ id: 'total_text' })],
  ['Verify the damage waiver is ticked', 'android-tool-hire', pass({ id: 'waiver_checkbox' })],
  ['Check the carpet cleaner is not available on these dates', 'android-tool-hire', pass()],
  ['"Your hire is empty" is not shown', 'android-tool-hire', absent],
  ['Check the subtotal is £47.00', 'android-tool-hire', fails()],
  ['Check the hedge trimmer costs £19.50 a day', 'android-tool-hire', fails()],
  ['Remove the carpet cleaner', 'android-tool-hire', fails()],
  ['Verify delivery to my address is selected', 'android-tool-hire', fails()],
  ['Check the deposit is non-refundable', 'android-tool-hire', fails()],
];

const unmatchDialog: Row[] = [
  ['Tap Unmatch in the dialog', 'android-unmatch-dialog', tap({ id: 'button1' })],
  ['Confirm the unmatch', 'android-unmatch-dialog', tap({ id: 'button1' })],
  ['Dismiss the dialog with Cancel', 'android-unmatch-dialog', tap({ id: 'button2' })],
  ['Sam was rude, tick the box to report him too', 'android-unmatch-dialog', tap({ id: 'report_checkbox' })],
  ['Check the dialog says our 23 messages will be deleted', 'android-unmatch-dialog', pass()],
  ["Verify we won't be able to message each other again", 'android-unmatch-dialog', pass()],
  ['A confirmation to unmatch Sam is shown', 'android-unmatch-dialog', pass()],
  ['Check Also report Sam is unticked', 'android-unmatch-dialog', pass({ id: 'report_checkbox' })],
  ['"You unmatched Sam" is not shown', 'android-unmatch-dialog', absent],
  ['Check the dialog says our 32 messages will be deleted', 'android-unmatch-dialog', fails()],
  ['Tap Block in the dialog', 'android-unmatch-dialog', fails()],
  ['Check Also report Sam is ticked', 'android-unmatch-dialog', fails()],
  ['Verify the Unmatch button is not shown', 'android-unmatch-dialog', fails()],
];

const birds: Row[] = [
  ['Add a sighting', 'ios-bird-sightings', tap({ id: 'addSightingButton' })],
  ['Add a photo to the kingfisher', 'ios-bird-sightings', tap({ id: 'addPhoto_1' })],
  ['Open the Marsh Harrier entry', 'ios-bird-sightings', tap({ id: 'sighting_2' })],
  ['tap the Black-tailed Godwit row', 'ios-bird-sightings', tap({ id: 'sighting_3' })],
  ['Switch to the map view', 'ios-bird-sightings', tap({ id: 'Map' })],
  ['Check I have seen 5 species', 'ios-bird-sightings', pass({ id: 'summaryLabel' })],
  ['Verify 28 Black-tailed Godwits were counted', 'ios-bird-sightings', pass()],
  ['Check the Bearded Tit needs review', 'ios-bird-sightings', pass()],
  ["Today's checklist at Marsh Lane Nature Reserve is shown", 'ios-bird-sightings', pass()],
  ['"No sightings yet" is not shown', 'ios-bird-sightings', absent],
  ['Check I have seen 14 species', 'ios-bird-sightings', fails()],
  ['Verify 3 Marsh Harriers were counted', 'ios-bird-sightings', fails()],
  ['Check the Little Egret needs review', 'ios-bird-sightings', fails()],
  ['Add a photo to the Little Egret', 'ios-bird-sightings', fails()],
  ['Check Map is selected', 'ios-bird-sightings', fails()],
];

const guests: Row[] = [
  ["Daniel still hasn't answered, send him a reminder", 'ios-wedding-guest-list', tap({ id: 'remind_1' })],
  ['Remind Marcus Bell', 'ios-wedding-guest-list', tap({ id: 'remind_4' })],
  ['Open the Okonkwo family', 'ios-wedding-guest-list', tap({ id: 'guest_2' })],
  ['tap the Lena Fischer entry', 'ios-wedding-guest-list', tap({ id: 'guest_3' })],
  ['Filter to declined guests', 'ios-wedding-guest-list', tap({ id: 'Declined' })],
  ['Search for Rosa', 'ios-wedding-guest-list', type({ id: 'Search guests' }, 'Rosa')],
  ['Check 86 of 120 guests are attending', 'ios-wedding-guest-list', pass({ id: 'rsvpSummaryLabel' })],
  ['Verify 12 guests declined', 'ios-wedding-guest-list', pass()],
  ['Check the Okonkwo family are a party of 4', 'ios-wedding-guest-list', pass()],
  ["Check Daniel Kim hasn't replied yet", 'ios-wedding-guest-list', pass()],
  ['"Everyone has replied" is not shown', 'ios-wedding-guest-list', absent],
  ['Check 68 guests are attending', 'ios-wedding-guest-list', fails()],
  ['Check Lena Fischer is attending', 'ios-wedding-guest-list', fails()],
  ['Send Lena Fischer a reminder', 'ios-wedding-guest-list', fails()],
  ['Check the Okonkwo family are a party of 2', 'ios-wedding-guest-list', fails()],
  ['Check the Pending filter is selected', 'ios-wedding-guest-list', fails()],
];

const withdrawOfferAlert: Row[] = [
  ['Tap Withdraw in the alert', 'ios-withdraw-offer-alert', tap({ id: 'Withdraw' })],
  ['Confirm withdrawing my offer', 'ios-withdraw-offer-alert', tap({ id: 'Withdraw' })],
  ['Keep my offer', 'ios-withdraw-offer-alert', tap({ id: 'Keep Offer' })],
  ['Close the alert without withdrawing', 'ios-withdraw-offer-alert', tap({ id: 'Keep Offer' })],
  ['Check the alert asks whether to withdraw my £260 offer', 'ios-withdraw-offer-alert', pass()],
  ['Verify Harriet will no longer see my offer', 'ios-withdraw-offer-alert', pass()],
  ['A confirmation to withdraw the offer is shown', 'ios-withdraw-offer-alert', pass()],
  ['"Offer withdrawn" is not shown', 'ios-withdraw-offer-alert', absent],
  ['Check the alert is about my £230 offer', 'ios-withdraw-offer-alert', fails()],
  ['Tap Buy Now in the alert', 'ios-withdraw-offer-alert', fails()],
  ['Tap Make Counteroffer', 'ios-withdraw-offer-alert', fails()],
  ['Verify the Withdraw button is not shown', 'ios-withdraw-offer-alert', fails()],
  ['Check the alert says Harriet will still see my offer', 'ios-withdraw-offer-alert', fails()],
];

export const thirtyFourthBatch: CorpusCase[] = [
  ...onPlatform('android', [...golf, ...campsite, ...toolHire, ...unmatchDialog]),
  ...onPlatform('ios', [...birds, ...guests, ...withdrawOfferAlert]),
].map((c) => ({ ...c, blind: true }));
