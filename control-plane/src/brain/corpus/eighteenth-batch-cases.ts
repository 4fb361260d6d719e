/**
 * An eighteenth batch (issue 25), blind: five screens of kinds not yet in the corpus, written
 * after the seventeenth batch's fixes and before the model was run on them. Android app info
 * (version, storage, battery and data use, permissions, buttons, a switch row), iOS Health
 * medications (doses, times, "1 of 2 taken", skipped, a switch), a restaurant menu (tabs,
 * dishes with prices and add buttons, a sold-out dish, a basket bar), an iOS smart home
 * (lights with switches, a thermostat, a lock, a camera, scenes), an Android group chat
 * (members, a pinned message, senders, read receipt, typing, a disabled Send). Tester phrasing
 * with synonyms, number words, verbs for controls, reported speech; 38 of 90 must fail.
 * Run once, before any fix: 65 of 90 right (72.2 %), 0 false passes, 2 ON A WRONG ELEMENT
 * (checks passed on the right row but naming its title, not the text that says it: "the app
 * has location and camera permissions" on "Permissions", "Omega-3 was skipped" on "Omega-3").
 * Then fixed by general rules (general-rules.test.ts), so the batch is tuned now: 78 of 90,
 * none wrong. Still missed: a subject the screen names as its heading with a verb in another
 * form ("Trailhead uses 142 MB of storage" over "142 MB used in internal storage", the battery
 * and data rows), a total only a button shows ("View basket · 2 items · €22.00"), "rated 4.6"
 * over "4.6 ★ (1,240 ratings)", a range whose subject is another part of the text ("delivery
 * takes 25 to 35 minutes"), a sender's "I'll bring" as "Ben is bringing", "read by 2 people"
 * over "Read by 2", "Chloe is in the group" over the members line, "taken as needed", "Log my
 * dose as taken" for "Log as Taken", "the room temperature" for the thermostat's "21.5°".
 */
import { type CorpusCase, fails, onPlatform, pass, type Row, tap, type } from './corpus-case.js';

const appInfo: Row[] = [
  ['Check that the app version is 4.2.1', 'android-app-info', pass({ id: 'app_version' })],
  ['Check that the version is 4.1.2', 'android-app-info', fails()],
  ['Check that the app name is Trailblazer', 'android-app-info', fails()],
  ['Verify Trailhead uses 142 MB of storage', 'android-app-info', pass({ text: '142 MB used in internal storage' })],
  ['Verify the app uses 124 MB of storage', 'android-app-info', fails()],
  ['Check that the app has location and camera permissions', 'android-app-info', pass({ text: 'Location and Camera' })],
  ['Check that the app has microphone permission', 'android-app-info', fails()],
  [
    'Check that Trailhead has used 2% of the battery since the last full charge',
    'android-app-info',
    pass({ text: '2% use since last full charge' }),
  ],
  ['Check that battery use is 5%', 'android-app-info', fails()],
  ['Check that 18.4 MB of mobile data has been used', 'android-app-info', pass({ text: '18.4 MB used since Nov 1' })],
  ['Check that 18.4 GB of mobile data has been used', 'android-app-info', fails()],
  ['Open the Storage & cache settings', 'android-app-info', tap({ id: 'storage_row' })],
  ['Go to Permissions', 'android-app-info', tap({ id: 'permissions_row' })],
  ['Force stop the app', 'android-app-info', tap({ id: 'force_stop' })],
  ['Uninstall Trailhead', 'android-app-info', tap({ id: 'uninstall_button' })],
  ['Check that "Pause app activity if unused" is on', 'android-app-info', pass({ id: 'pause_unused' })],
  ['Turn off pause app activity if unused', 'android-app-info', tap({ id: 'pause_unused' })],
  ['Check that notifications are turned off', 'android-app-info', fails()],
  ['Tap Clear cache', 'android-app-info', fails()],
];

const medications: Row[] = [
  ['Check that the next dose is at 20:00', 'ios-medications', pass({ id: 'nextDose' })],
  ['Check that the next dose is due at 21:00', 'ios-medications', fails()],
  ['Verify Vitamin D was taken at 08:04', 'ios-medications', pass({ id: 'status1' })],
  ['Verify Vitamin D was taken at 08:40', 'ios-medications', fails()],
  ['Verify Vitamin D is 2000 IU', 'ios-medications', fails()],
  ['Check that Metformin is 500 mg', 'ios-medications', pass()],
  ['Check that Metformin is 850 mg', 'ios-medications', fails()],
  ['Check that one of two Metformin doses has been taken', 'ios-medications', pass({ id: 'status2' })],
  ['Check that both Metformin doses were taken', 'ios-medications', fails()],
  ['Check that Omega-3 was skipped', 'ios-medications', pass({ id: 'status4' })],
  ['Check that Ibuprofen was skipped', 'ios-medications', fails()],
  ['Verify Ibuprofen is taken as needed', 'ios-medications', pass()],
  ['Check medication reminders are enabled', 'ios-medications', pass({ id: 'remindersSwitch' })],
  ['Disable medication reminders', 'ios-medications', tap({ id: 'remindersSwitch' })],
  ['Log my dose as taken', 'ios-medications', tap({ id: 'logTaken' })],
  ['Add a medication', 'ios-medications', tap({ id: 'addMedication' })],
  ['Check that Aspirin is in my list', 'ios-medications', fails()],
  ['Tap Omega 3', 'ios-medications', tap({ id: 'med4' })],
];

const menu: Row[] = [
  ['Check that a Margherita costs €9.50', 'android-restaurant-menu', pass({ id: 'dish_price', nth: 1 })],
  ['Check that a Margherita is €9', 'android-restaurant-menu', fails()],
  ['Add a Margherita to the basket', 'android-restaurant-menu', tap({ desc: 'Add Margherita' })],
  ['Add Tiramisu', 'android-restaurant-menu', fails()],
  ['Check that Tiramisu is sold out', 'android-restaurant-menu', pass({ text: 'Sold out today' })],
  ['Check that the Penne Arrabbiata is vegan', 'android-restaurant-menu', pass({ text: 'Vegan · Spicy tomato sauce' })],
  ['Check that the Margherita is vegan', 'android-restaurant-menu', fails()],
  ['Check that the basket has 2 Diavola', 'android-restaurant-menu', pass({ id: 'in_basket' })],
  ['Check that the basket has 3 Diavola', 'android-restaurant-menu', fails()],
  ['Verify the basket total is €22.00', 'android-restaurant-menu', pass({ id: 'view_basket' })],
  ['Verify the basket total is €20.00', 'android-restaurant-menu', fails()],
  ['Check that delivery costs €1.99', 'android-restaurant-menu', pass({ id: 'restaurant_meta' })],
  ['Check that delivery is free', 'android-restaurant-menu', fails()],
  ['Check that the restaurant is rated 4.6', 'android-restaurant-menu', pass({ id: 'restaurant_meta' })],
  ['Check that delivery takes 25 to 35 minutes', 'android-restaurant-menu', pass({ id: 'restaurant_meta' })],
  ['Check that delivery takes 45 minutes', 'android-restaurant-menu', fails()],
  ['Open the Desserts tab', 'android-restaurant-menu', tap({ type: 'TabLayout$TabView', has: 'Desserts' })],
  ['Check that the Pizza tab is selected', 'android-restaurant-menu', fails()],
  ['View the basket', 'android-restaurant-menu', tap({ id: 'view_basket' })],
];

const home: Row[] = [
  ['Check that the ceiling light is on', 'ios-smart-home', pass({ id: 'lightSwitch' })],
  ['Check that the floor lamp is on', 'ios-smart-home', fails()],
  ['Turn on the floor lamp', 'ios-smart-home', tap({ id: 'lampSwitch' })],
  ['Check the ceiling light is at 80% brightness', 'ios-smart-home', pass()],
  ['Check the ceiling light is dimmed to 50%', 'ios-smart-home', fails()],
  ['Check that the room temperature is 21.5°', 'ios-smart-home', pass()],
  ['Check that the thermostat is heating to 22 degrees', 'ios-smart-home', pass()],
  ['Check that the thermostat is cooling to 22°', 'ios-smart-home', fails()],
  ['Verify the front door is locked', 'ios-smart-home', pass()],
  ['Verify the front door is unlocked', 'ios-smart-home', fails()],
  ['Unlock the front door', 'ios-smart-home', tap({ id: 'unlockDoor' })],
  ['Check that motion was detected 4 minutes ago', 'ios-smart-home', pass()],
  ['Check that motion was detected 14 minutes ago', 'ios-smart-home', fails()],
  ['Run the Good Night scene', 'ios-smart-home', tap({ id: 'scene3' })],
  ['Run the Movie Night scene', 'ios-smart-home', fails()],
  ['Check that 2 accessories need attention', 'ios-smart-home', pass({ id: 'alerts' })],
  ['Check that 3 accessories need attention', 'ios-smart-home', fails()],
];

const chat: Row[] = [
  ['Check that Ben is bringing trail mix', 'android-group-chat', pass({ text: "I'll bring trail mix" })],
  ['Check that Ana is bringing trail mix', 'android-group-chat', fails()],
  ['Verify we meet at 8:00 at the north gate', 'android-group-chat', pass({ id: 'pinned' })],
  ['Verify we meet at 9:00', 'android-group-chat', fails()],
  ['Check that the meeting point is the south gate', 'android-group-chat', fails()],
  ['Check that my message was read by 2 people', 'android-group-chat', pass({ id: 'read_receipt' })],
  ['Check that my message was read by everyone', 'android-group-chat', fails()],
  ['Check that Chloe is typing', 'android-group-chat', pass({ id: 'typing' })],
  ['Check that Ben is typing', 'android-group-chat', fails()],
  ['Type "See you there!" in the message box', 'android-group-chat', type({ id: 'message_input' }, 'See you there!')],
  ['Send the message', 'android-group-chat', fails()],
  ['Attach a photo', 'android-group-chat', tap({ id: 'attach' })],
  ['Check that Chloe is in the group', 'android-group-chat', pass()],
  ['Check that Dan is in the group', 'android-group-chat', fails()],
  ['Check that the forecast is 14° and sunny', 'android-group-chat', pass({ text: 'Forecast says 14° and sunny' })],
  ['Check that the forecast is rainy', 'android-group-chat', fails()],
  ['Check that Ana asked who is bringing snacks', 'android-group-chat', pass({ text: "Who's bringing snacks?" })],
];

export const eighteenthBatch: CorpusCase[] = [
  ...onPlatform('android', [...appInfo, ...menu, ...chat]),
  ...onPlatform('ios', [...medications, ...home]),
];
