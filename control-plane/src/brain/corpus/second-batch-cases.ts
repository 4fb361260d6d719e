/**
 * A second batch, written without running it against the model: the virtual
 * handset's sample app (the screens the end-to-end tests drive, dumped by
 * virtual-devices/src) on both platforms, and other phrasings on the corpus screens.
 */
import type { Platform } from '@devicelab/shared';
import { absent, done, fails, onPlatform, pass, type Row, tap, type } from './corpus-case.js';

/** The same sample app dumps exist for both platforms; ids are `name` on iOS. */
const sampleBoth: Array<[string, string, 'tap' | 'pass' | 'fail' | 'absent', string?]> = [
  ['Check that Invalid email or password is shown', 'sample-login-error', 'pass', 'error'],
  ['Verify the error "Invalid email or password" is displayed', 'sample-login-error', 'pass', 'error'],
  ['Check that Invalid email is shown', 'sample-login-error', 'fail'],
  ['Check that Invalid password is shown', 'sample-login-error', 'fail'],
  ['Check that Welcome back is shown', 'sample-login-error', 'pass', 'title'],
  ['Check that Welcome is shown', 'sample-login-error', 'fail'],
  ['Check that Sign in to continue is visible', 'sample-login-error', 'pass', 'subtitle'],
  ['Check that Sign in is visible', 'sample-login-error', 'fail'],
  ['Tap the Log in button', 'sample-login-error', 'tap', 'login_button'],
  ['Tap the Forgot password? link', 'sample-login-error', 'tap', 'forgot_password'],
  ['Tap Sign up', 'sample-login-error', 'fail'],
  ['Make sure Products is not shown', 'sample-login-error', 'absent'],
  ['Check that Products is shown', 'sample-home', 'pass'],
  ['Verify the Products screen is shown', 'sample-home', 'pass', 'toolbar_title'],
  ['Check that the Search screen is shown', 'sample-home', 'fail'],
  ['Tap Product 1', 'sample-home', 'tap', 'product_row'],
  ['Tap Product 12', 'sample-home', 'fail'],
  ['Check that $4.99 is shown next to Product 1', 'sample-home', 'pass', 'product_price'],
  ['Check that $9.99 is shown next to Product 1', 'sample-home', 'fail'],
  ['Check that $4.90 is shown', 'sample-home', 'fail'],
  ['Tap Profile in the bottom navigation', 'sample-home', 'tap', 'nav_profile'],
  ['Tap Settings in the bottom navigation', 'sample-home', 'fail'],
  ['Tap Add to cart', 'sample-detail', 'tap', 'add_to_cart'],
  ['Check that Product 3 is shown', 'sample-detail', 'pass'],
  ['Check that Product 30 is shown', 'sample-detail', 'fail'],
  ['Check that Product 2 is shown', 'sample-detail', 'fail'],
  ['Check that $14.99 is displayed', 'sample-detail', 'pass', 'product_price'],
  ['Check that $14.95 is displayed', 'sample-detail', 'fail'],
  ['Verify that Free returns within 30 days. is shown', 'sample-detail', 'pass', 'product_description'],
  ['Verify that Free returns within 14 days is shown', 'sample-detail', 'fail'],
  ['Check that Free returns is shown', 'sample-detail', 'fail'],
  ['Check that Added to cart is shown', 'sample-added-dialog', 'pass', 'alertTitle'],
  ['Tap OK in the dialog', 'sample-added-dialog', 'tap', 'button1'],
  ['Tap OK', 'sample-added-dialog', 'tap', 'button1'],
  ['Confirm the dialog', 'sample-added-dialog', 'tap', 'button1'],
  ['Check that Product 3 was added to your cart. is shown', 'sample-added-dialog', 'pass', 'message'],
  ['Check that Product 4 was added to your cart. is shown', 'sample-added-dialog', 'fail'],
  ['Tap Cancel in the dialog', 'sample-added-dialog', 'fail'],
  ['Tap Add to cart in the dialog', 'sample-added-dialog', 'fail'],
  ['Check that Added to wishlist is shown', 'sample-added-dialog', 'fail'],
  ['Tap Product 10', 'sample-search', 'tap', 'product_row'],
  ['Check that Product 11 is shown', 'sample-search', 'pass'],
  ['Check that $54.99 is shown next to Product 11', 'sample-search', 'pass', 'product_price'],
  ['Check that $54.99 is shown next to Product 10', 'sample-search', 'fail'],
  ['Check that Product 2 is shown', 'sample-search', 'fail'],
  ['Check that Product 13 is shown', 'sample-search', 'fail'],
];

/** Which of several elements with the id is meant (ids repeat in lists). */
const NTH: Readonly<Record<string, number>> = { 'Tap Product 10': 2, 'Check that $54.99 is shown next to Product 11': 3 };

function sampleRows(platform: Platform): Row[] {
  return sampleBoth.map(([instruction, screen, verdict, id]) => {
    const ref = id === undefined ? undefined : { id, ...(NTH[instruction] ? { nth: NTH[instruction] } : {}) };
    const expected = verdict === 'tap' ? tap(ref!) : verdict === 'pass' ? pass(ref) : verdict === 'absent' ? absent : fails();
    return [instruction, `${platform}-${screen}`, expected];
  });
}

const androidPhrasings: Row[] = [
  ['I should see Red Mug', 'android-shop-list', pass()],
  ['Red Mug should be displayed', 'android-shop-list', pass()],
  ['Blue Mug appears', 'android-shop-list', pass()],
  ['Purple Mug appears', 'android-shop-list', fails()],
  ['Validate that Green Teapot is present', 'android-shop-list', pass()],
  ['Expect Green Teapots to be visible', 'android-shop-list', fails()],
  ['Click on the Add to cart button next to Green Teapot', 'android-shop-list', tap({ id: 'add_to_cart', nth: 3 })],
  ['Hit Add to cart beside Blue Mug', 'android-shop-list', tap({ id: 'add_to_cart', nth: 2 })],
  ['Press "Add to cart" for the Teapot', 'android-shop-list', tap({ id: 'add_to_cart', nth: 3 })],
  ['Tap the Orders tab in the bottom navigation bar', 'android-shop-list', tap({ id: 'navigation_orders' })],
  ['Tap the Orders button in the toolbar', 'android-shop-list', fails()],
  ['Make sure that the Home tab is not selected', 'android-shop-list', pass({ id: 'navigation_home' })],
  ['Verify that the cart icon is shown', 'android-shop-list', pass({ id: 'action_cart' })],
  ['Assert the total is shown', 'android-cart', pass({ id: 'total_label' })],
  ['Assert that Subtotal is visible', 'android-cart', pass({ id: 'subtotal_label' })],
  ['Verify that Delivery is not shown', 'android-cart', fails()],
  ['Fill in the promo code with WELCOME', 'android-cart', type({ id: 'promo_code' }, 'WELCOME')],
  ['Tap the minus button next to Red Mug', 'android-cart', tap({ id: 'decrease', nth: 1 })],
  ['Tap Decrease quantity in the Green Teapot row', 'android-cart', tap({ id: 'decrease', nth: 2 })],
  ['Verify the app shows Version 3.2.1', 'android-about', pass({ id: 'version' })],
  ['Verify the app shows Version 3.2.2', 'android-about', fails()],
  ['The version should be 3.2.1', 'android-about', pass({ id: 'version' })],
  ['Is Build 4521 (release) shown', 'android-about', pass({ id: 'build' })],
  ['Check that Newsletter is off', 'android-profile', pass({ id: 'newsletter_checkbox' })],
  ['Make sure the Notifications switch is enabled', 'android-profile', pass({ id: 'notifications_switch' })],
  ['Make sure the Notifications switch is disabled', 'android-profile', fails()],
  ['Check that Dark mode is greyed out', 'android-profile', pass({ id: 'dark_mode_switch' })],
  ['Tick the Newsletter checkbox', 'android-profile', tap({ id: 'newsletter_checkbox' })],
  ['Switch off Dark mode', 'android-profile', done],
  ['Tap Discard', 'android-discard-dialog', tap({ id: 'android:id/button1' })],
  ['Tap Keep editing', 'android-discard-dialog', fails()],
  ['Accept the dialog', 'android-discard-dialog', tap({ id: 'android:id/button1' })],
  ['Close the dialog', 'android-discard-dialog', tap({ id: 'android:id/button2' })],
];

const iosPhrasings: Row[] = [
  ['I should see Red Mug', 'ios-shop-list', pass()],
  ['Purple Mug appears', 'ios-shop-list', fails()],
  ['Click on the Add to cart button next to Green Teapot', 'ios-shop-list', tap({ id: 'addToCart', nth: 3 })],
  ['Hit Add to cart beside Blue Mug', 'ios-shop-list', tap({ id: 'addToCart', nth: 2 })],
  ['Tap the Orders tab in the tab bar', 'ios-shop-list', tap({ type: 'Button', text: 'Orders' })],
  ['Tap Orders in the navigation bar', 'ios-shop-list', fails()],
  ['Make sure that the Home tab is not selected', 'ios-shop-list', pass({ type: 'Button', text: 'Home' })],
  ['Verify that the cart icon is shown', 'ios-shop-list', pass({ id: 'cartButton' })],
  ['Assert that Subtotal is visible', 'ios-cart', pass({ type: 'StaticText', text: 'Subtotal' })],
  ['Verify that Delivery is not shown', 'ios-cart', fails()],
  ['Fill in the promo code with WELCOME', 'ios-cart', type({ id: 'promoField' }, 'WELCOME')],
  ['Tap Decrease quantity in the Green Teapot row', 'ios-cart', tap({ id: 'decrease', nth: 2 })],
  ['Verify the app shows Version 3.2.1', 'ios-about', pass({ type: 'StaticText', text: 'Version 3.2.1' })],
  ['Verify the app shows Version 3.2.2', 'ios-about', fails()],
  ['Check that Newsletter is off', 'ios-profile', pass({ type: 'Switch', id: 'Newsletter' })],
  ['Make sure the Notifications switch is enabled', 'ios-profile', pass({ type: 'Switch', id: 'Notifications' })],
  ['Make sure the Notifications switch is disabled', 'ios-profile', fails()],
  ['Tap Discard', 'ios-discard-alert', tap({ type: 'Button', text: 'Discard' })],
  ['Tap Keep editing', 'ios-discard-alert', fails()],
  ['Close the alert', 'ios-discard-alert', tap({ type: 'Button', text: 'Cancel', nth: 2 })],
  ['Tap the Save button', 'ios-discard-alert', fails()],
  ['Check that Red Mug is shown in the Name field', 'ios-discard-alert', pass({ id: 'nameField' })],
];

export const secondBatch = [
  ...onPlatform('android', [...sampleRows('android'), ...androidPhrasings]),
  ...onPlatform('ios', [...sampleRows('ios'), ...iosPhrasings]),
];
