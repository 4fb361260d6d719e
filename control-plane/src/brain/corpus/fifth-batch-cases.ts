/**
 * A fifth batch (issue 25), written before running it, over seven new screens, for what
 * testers write that the model missed: actions addressed through a dialog ("confirm the
 * dialog by tapping Remove"), list rows named by their title plus a noun ("open the Mug
 * Warmer product"), checks that paraphrase visible text (same content words and numbers;
 * a different number or a negation must fail), and a screen known by its content ("the
 * login screen is shown" where no title says so).
 *
 * Scores: before any change, the 35 cases on three Android screens 23 right (65.7 %), the
 * 37 on the other four (three iOS) 25 right (67.6 %), no false pass. The model was then
 * improved on the first 35 only; the other 37, untouched, scored 32 (86.5 %) with one
 * false pass ("sign up again" passed on "sign in again"). Their failures were then looked
 * at and fixed, so all of this batch is tuned now; sixth-batch-cases.ts is the blind one.
 */
import { type CorpusCase, fails, onPlatform, pass, type Row, tap } from './corpus-case.js';

const removeDialog: Row[] = [
  ['Tap Remove in the dialog', 'android-remove-dialog', tap({ id: 'android:id/button1' })],
  ['Confirm the dialog by tapping Remove', 'android-remove-dialog', tap({ id: 'android:id/button1' })],
  ['Dismiss the dialog with Cancel', 'android-remove-dialog', tap({ id: 'android:id/button2' })],
  ['Tap Cancel on the popup', 'android-remove-dialog', tap({ id: 'android:id/button2' })],
  ['Press the Remove button in the alert', 'android-remove-dialog', tap({ id: 'android:id/button1' })],
  ['Tap OK in the dialog', 'android-remove-dialog', fails()],
  ['Tap Delete in the dialog', 'android-remove-dialog', fails()],
  ['Check that the dialog asks to remove Mug Warmer', 'android-remove-dialog', pass({ id: 'android:id/message' })],
  [
    'Check that the dialog asks whether to remove the Mug Warmer from the cart',
    'android-remove-dialog',
    pass({ id: 'android:id/message' }),
  ],
  ['Verify the dialog asks to remove the French Press', 'android-remove-dialog', fails()],
  ['Check that the Remove item dialog is shown', 'android-remove-dialog', pass({ id: 'android:id/alertTitle' })],
  ['Check that the Delete item dialog is shown', 'android-remove-dialog', fails()],
  ['Check that the dialog says the item can be added again later', 'android-remove-dialog', pass({ id: 'android:id/message' })],
  ['Check that the dialog says the item cannot be added again', 'android-remove-dialog', fails()],
];

const catalog: Row[] = [
  ['Open the Mug Warmer product', 'android-catalog', tap({ id: 'catalog_row', has: 'Mug Warmer' })],
  ['Tap the French Press item', 'android-catalog', tap({ id: 'catalog_row', has: 'French Press' })],
  ['Select the Milk Frother row', 'android-catalog', tap({ id: 'catalog_row', has: 'Milk Frother' })],
  ['Open the Mug Rack entry', 'android-catalog', tap({ id: 'catalog_row', has: 'Mug Rack' })],
  ['Open the Mug product', 'android-catalog', fails()],
  ['Open the Coffee Grinder product', 'android-catalog', fails()],
  ['Check that the Mug Warmer costs $24.99', 'android-catalog', pass()],
  ['Check that the Mug Warmer costs $25.99', 'android-catalog', fails()],
  ['Check that the French Press is priced at $32.00', 'android-catalog', pass()],
  ['Check that 4 products are listed', 'android-catalog', pass({ id: 'result_count' })],
  ['Check that 5 products are listed', 'android-catalog', fails()],
  ['Check that the Kitchen screen is shown', 'android-catalog', pass({ id: 'toolbar_title' })],
  ['Check that the Milk Frother is battery powered', 'android-catalog', pass()],
  ['Check that the Mug Rack holds 8 mugs', 'android-catalog', fails()],
  ['Check that the login screen is shown', 'android-catalog', fails()],
];

const signIn: Row[] = [
  ['Check that the login screen is shown', 'android-signin-content', pass()],
  ['Verify the sign in page is displayed', 'android-signin-content', pass()],
  ['Check that the home screen is shown', 'android-signin-content', fails()],
  ['Check that the checkout screen is shown', 'android-signin-content', fails()],
  ['Tap Sign in', 'android-signin-content', tap({ id: 'sign_in_button' })],
  ['Check that the forgot password link is shown', 'android-signin-content', pass({ id: 'forgot_password' })],
];

const logoutAlert: Row[] = [
  ['Tap Log Out in the alert', 'ios-logout-alert', tap({ id: 'Log Out' })],
  ['Confirm the dialog by tapping Log Out', 'ios-logout-alert', tap({ id: 'Log Out' })],
  ['Dismiss the alert with Cancel', 'ios-logout-alert', tap({ id: 'Cancel' })],
  ['Tap Cancel in the popup', 'ios-logout-alert', tap({ id: 'Cancel' })],
  ['Tap Log Out', 'ios-logout-alert', tap({ id: 'Log Out' })],
  ['Tap Sign Out in the alert', 'ios-logout-alert', fails()],
  ['Check that the alert asks whether I want to log out', 'ios-logout-alert', pass()],
  ['Check that the alert says I will need to sign in again', 'ios-logout-alert', pass()],
  ['Check that the alert says I will need to sign up again', 'ios-logout-alert', fails()],
  ['Check that the Delete account alert is shown', 'ios-logout-alert', fails()],
];

const playlists: Row[] = [
  ['Open the Deep Focus playlist', 'ios-playlists', tap({ type: 'Cell', has: 'Deep Focus' })],
  ['Tap the Morning Run row', 'ios-playlists', tap({ type: 'Cell', has: 'Morning Run' })],
  ['Select the Evening Wind Down entry', 'ios-playlists', tap({ type: 'Cell', has: 'Evening Wind Down' })],
  ['Open the Deep playlist', 'ios-playlists', fails()],
  ['Open the Workout playlist', 'ios-playlists', fails()],
  ['Check that Deep Focus has 42 songs', 'ios-playlists', pass()],
  ['Check that Deep Focus has 40 songs', 'ios-playlists', fails()],
  ['Check that the Evening Wind Down playlist lasts 48 min', 'ios-playlists', pass()],
  ['Check that 4 playlists are shown', 'ios-playlists', pass()],
  ['Check that 3 playlists are shown', 'ios-playlists', fails()],
  ['Check that the Playlists screen is shown', 'ios-playlists', pass()],
  ['Check that the login screen is shown', 'ios-playlists', fails()],
];

const profileSaved: Row[] = [
  ['Check that the profile was updated', 'android-profile-saved', pass({ id: 'snackbar_text' })],
  ['Check that a message says the profile was updated', 'android-profile-saved', pass({ id: 'snackbar_text' })],
  ['Check that the profile was not updated', 'android-profile-saved', fails()],
  ['Check that the password was updated', 'android-profile-saved', fails()],
  ['Tap Dismiss in the snackbar', 'android-profile-saved', tap({ id: 'snackbar_action' })],
  ['Tap Save changes', 'android-profile-saved', tap({ id: 'save_button' })],
  ['Check that the phone number is +44 7700 900123', 'android-profile-saved', pass({ id: 'phone_input' })],
  ['Check that the phone number is +44 7700 900124', 'android-profile-saved', fails()],
  ['Check that the Edit profile screen is shown', 'android-profile-saved', pass({ id: 'toolbar_title' })],
];

const iosSignIn: Row[] = [
  ['Check that the login screen is shown', 'ios-signin-content', pass()],
  ['Verify that the sign-in screen is displayed', 'ios-signin-content', pass()],
  ['Check that the settings screen is shown', 'ios-signin-content', fails()],
  ['Check that the sign up screen is shown', 'ios-signin-content', fails()],
  ['Tap Continue', 'ios-signin-content', tap({ id: 'continueButton' })],
  ['Check that the Welcome to Tunes message is shown', 'ios-signin-content', pass()],
];

export const fifthBatch: CorpusCase[] = [
  ...onPlatform('android', [...removeDialog, ...catalog, ...signIn, ...profileSaved]),
  ...onPlatform('ios', [...logoutAlert, ...playlists, ...iosSignIn]),
];
