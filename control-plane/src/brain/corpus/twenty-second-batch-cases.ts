/**
 * Twenty-second batch (issue 25): six new screens, written blind: not run before commit.
 * The author read only corpus-case.ts, judge.ts, the ElementRef type, the parser's
 * element fields, one earlier batch file for its format and three screen XMLs for
 * theirs, never the offline model, its lexicon or the other batches.
 *
 * Screens: a bank transfer form (android-bank-transfer-form), a food delivery
 * checkout with a tip picker (android-food-checkout-tip), a "Remove this card?"
 * confirmation dialog (android-remove-card-dialog), a podcast episode
 * (ios-podcast-episode), a hotel booking summary (ios-hotel-booking-summary) and a
 * login screen titled "Welcome back" that never says "log in" (ios-welcome-back).
 *
 * 95 cases (50 Android, 17 of them must fail; 45 iOS, 15 must fail): 32 must fail
 * in all: an absent target, a wrong number, a near-miss text, a false negated claim,
 * an ambiguous target, a switch in the other state, a wrong screen identity.
 * Blind score before any fix: 78/95 (82.1 %), 0 false passes; fixed for its wrong element only: "pick the custom tip" (android-food-checkout-tip).
 * Session 7 made general rules partly from its misses (79 → 87 of 95): it counts as tuned since.
 */
import { absent, type CorpusCase, fails, onPlatform, pass, type Row, tap, type } from './corpus-case.js';

const transfer: Row[] = [
  ['Type Maria Lopes into the recipient name field', 'android-bank-transfer-form', type({ id: 'payee_input' }, 'Maria Lopes')],
  [
    'Enter "PT50 0035 0123 4567 8901 2345 6" in the IBAN field',
    'android-bank-transfer-form',
    type({ id: 'iban_input' }, 'PT50 0035 0123 4567 8901 2345 6'),
  ],
  ['enter 250 as the amount', 'android-bank-transfer-form', type({ id: 'amount_input' }, '250')],
  ['Put "Rent December" in the reference', 'android-bank-transfer-form', type({ id: 'reference_input' }, 'Rent December')],
  ['Check that the available balance is €2,341.17', 'android-bank-transfer-form', pass({ id: 'available_balance' })],
  ['Verify the available balance is €2,314.17', 'android-bank-transfer-form', fails()],
  ['Make sure instant transfer is switched off', 'android-bank-transfer-form', pass({ id: 'instant_switch' })],
  ['instant transfer should be enabled', 'android-bank-transfer-form', fails()],
  ['Turn on instant transfer', 'android-bank-transfer-form', tap({ id: 'instant_switch' })],
  ['Ensure the recipient will be saved as a template', 'android-bank-transfer-form', pass({ id: 'save_template' })],
  ['Check that an instant transfer costs €1.50', 'android-bank-transfer-form', fails()],
  ['The money is sent from the account ending in 3381', 'android-bank-transfer-form', pass({ id: 'from_account' })],
  ['Check that the money comes from the Savings account', 'android-bank-transfer-form', fails()],
  ['Check that I can still send €5,000 today', 'android-bank-transfer-form', pass({ id: 'daily_limit' })],
  ['Tap Continue', 'android-bank-transfer-form', tap({ id: 'continue_button' })],
  ['Tap Send money', 'android-bank-transfer-form', fails()],
  ['Verify that the "Insufficient funds" warning is not shown', 'android-bank-transfer-form', absent],
];

const checkout: Row[] = [
  ['Select a 15% tip', 'android-food-checkout-tip', tap({ id: 'tip_15' })],
  ['pick the custom tip', 'android-food-checkout-tip', tap({ id: 'tip_custom' })],
  ['Check that a 10% tip is selected', 'android-food-checkout-tip', pass({ id: 'tip_10' })],
  ['Verify that the tip is 15%', 'android-food-checkout-tip', fails()],
  ['The rider gets a €2.65 tip', 'android-food-checkout-tip', pass()],
  ['Check the total is €32.14', 'android-food-checkout-tip', pass()],
  ['Check the total is €31.14', 'android-food-checkout-tip', fails()],
  ['Confirm delivery is free', 'android-food-checkout-tip', fails()],
  ['Open the Tiramisu item', 'android-food-checkout-tip', tap({ id: 'item_row', has: 'Tiramisu' })],
  ['Check that I ordered 2 Margheritas', 'android-food-checkout-tip', pass()],
  ['Check that I ordered 3 Margheritas', 'android-food-checkout-tip', fails()],
  ['Tap Edit', 'android-food-checkout-tip', fails()],
  ['Change the delivery address', 'android-food-checkout-tip', tap({ id: 'edit_address' })],
  ["Check that I'm paying with the Visa ending 4412", 'android-food-checkout-tip', pass({ id: 'payment_value' })],
  ['Make sure "Leave at the door" is ticked', 'android-food-checkout-tip', fails()],
  ['Place the order', 'android-food-checkout-tip', tap({ id: 'place_order_button' })],
  ['the checkout screen is shown', 'android-food-checkout-tip', pass()],
  ['The order tracking screen is displayed', 'android-food-checkout-tip', fails()],
];

const removeCard: Row[] = [
  ['Tap Remove in the dialog', 'android-remove-card-dialog', tap({ id: 'button1' })],
  ['confirm the dialog by tapping Remove', 'android-remove-card-dialog', tap({ id: 'button1' })],
  ['Dismiss the dialog with Cancel', 'android-remove-card-dialog', tap({ id: 'button2' })],
  ['Tap OK in the dialog', 'android-remove-card-dialog', fails()],
  ['Confirm the removal by tapping Delete', 'android-remove-card-dialog', fails()],
  ['Check that the dialog asks whether to remove the card', 'android-remove-card-dialog', pass()],
  ['Verify the dialog says the Visa ending in 4412 will be removed', 'android-remove-card-dialog', pass({ id: 'message' })],
  ['Check that the dialog is about the card ending in 4421', 'android-remove-card-dialog', fails()],
  ['I should see that the card can be added again later', 'android-remove-card-dialog', pass({ id: 'message' })],
  ['Check the dialog warns that this cannot be undone', 'android-remove-card-dialog', fails()],
  ['Make sure "Also freeze the card" is not ticked', 'android-remove-card-dialog', pass({ id: 'freeze_card' })],
  ['tick also freeze the card', 'android-remove-card-dialog', tap({ id: 'freeze_card' })],
  ['A confirmation dialog is shown', 'android-remove-card-dialog', pass()],
  ['Verify the Keep card button is not shown', 'android-remove-card-dialog', absent],
  ['The Remove button is not shown', 'android-remove-card-dialog', fails()],
];

const podcast: Row[] = [
  ['Play the episode', 'ios-podcast-episode', tap({ id: 'playButton' })],
  ['Check that this is episode 42', 'ios-podcast-episode', pass({ id: 'episodeNumber' })],
  ['Check that this is episode 24', 'ios-podcast-episode', fails()],
  ['verify the episode is called "Why Trains Run Late"', 'ios-podcast-episode', pass({ id: 'episodeTitle' })],
  ['The episode title should be "Why Buses Run Late"', 'ios-podcast-episode', fails()],
  ['Make sure the episode is 1 hr 12 min long', 'ios-podcast-episode', pass({ id: 'duration' })],
  ['Open the Crowded platforms chapter', 'ios-podcast-episode', tap({ id: 'chapter3' })],
  ['Tap the Signal failures entry', 'ios-podcast-episode', tap({ id: 'chapter2' })],
  ['Open the Delays chapter', 'ios-podcast-episode', fails()],
  ['Check that auto-download is on', 'ios-podcast-episode', pass({ id: 'autoDownloadSwitch' })],
  ['Ensure auto-download is turned off', 'ios-podcast-episode', fails()],
  ['Download the episode', 'ios-podcast-episode', tap({ id: 'downloadButton' })],
  ['Check that the guest is Priya Nair', 'ios-podcast-episode', pass({ id: 'summary' })],
  ['Check that the guest is Priya Shah', 'ios-podcast-episode', fails()],
  ['Check that the show is rated 4.5 stars', 'ios-podcast-episode', fails()],
  ['Verify there is no Transcript button', 'ios-podcast-episode', absent],
];

const hotel: Row[] = [
  ['Check that the hotel is Hotel Almirante', 'ios-hotel-booking-summary', pass({ id: 'hotelName' })],
  ['Verify it is a 5-star hotel', 'ios-hotel-booking-summary', fails()],
  ['Check that check-in is on Friday 12 June', 'ios-hotel-booking-summary', pass()],
  ['check out is on Sunday 14 June', 'ios-hotel-booking-summary', fails()],
  ['Check the booking is for 2 adults', 'ios-hotel-booking-summary', pass()],
  ['Check the booking is for 2 adults and 1 child', 'ios-hotel-booking-summary', fails()],
  ['Ensure breakfast is included', 'ios-hotel-booking-summary', pass({ text: 'Breakfast included' })],
  ['Check that breakfast is not included', 'ios-hotel-booking-summary', fails()],
  ['Confirm that cancellation is free until 10 June', 'ios-hotel-booking-summary', pass({ id: 'cancellation' })],
  ['The total price is €486', 'ios-hotel-booking-summary', pass()],
  ['Check the total price is €462', 'ios-hotel-booking-summary', fails()],
  ['Check that the airport transfer is not added', 'ios-hotel-booking-summary', pass({ id: 'airportTransferSwitch' })],
  ['Add the airport transfer', 'ios-hotel-booking-summary', tap({ id: 'airportTransferSwitch' })],
  ['Confirm the booking', 'ios-hotel-booking-summary', tap({ id: 'confirmBooking' })],
  ['Verify I will not be charged today', 'ios-hotel-booking-summary', pass({ id: 'payNote' })],
];

const welcome: Row[] = [
  ['The login screen is shown', 'ios-welcome-back', pass()],
  ['Verify that the sign-in page is displayed', 'ios-welcome-back', pass()],
  ['i should be on the log in screen', 'ios-welcome-back', pass()],
  ['Check that the sign up screen is shown', 'ios-welcome-back', fails()],
  ['The home screen is displayed', 'ios-welcome-back', fails()],
  ['Type anna@ledgerly.io into the email field', 'ios-welcome-back', type({ id: 'emailField' }, 'anna@ledgerly.io')],
  ['Enter "S3cure!pass" as the password', 'ios-welcome-back', type({ id: 'passwordField' }, 'S3cure!pass')],
  ['Tap Continue', 'ios-welcome-back', tap({ id: 'continueButton' })],
  ['Sign in with Apple', 'ios-welcome-back', tap({ id: 'appleSignIn' })],
  ['Log in with Google', 'ios-welcome-back', fails()],
  ['Make sure Remember me is on', 'ios-welcome-back', pass({ id: 'rememberMeSwitch' })],
  ['Check that remember me is disabled', 'ios-welcome-back', fails()],
  ['Create a new account', 'ios-welcome-back', tap({ id: 'createAccount' })],
  ['The error "Incorrect password" is not displayed', 'ios-welcome-back', absent],
];

export const twentySecondBatch: CorpusCase[] = [
  ...onPlatform('android', [...transfer, ...checkout, ...removeCard]),
  ...onPlatform('ios', [...podcast, ...hotel, ...welcome]),
]; // Tuned on in session 7 (general rules made partly from its misses): no longer blind.
