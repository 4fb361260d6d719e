/**
 * Forty-fifth batch: six new screens, written blind: not run before commit.
 * Written by a helper of session 12 (branch s12-45): only its brief, corpus-case.ts, the
 * ElementRef interface of fixtures/cases.ts (to write element references), corpus.test.ts (to
 * register the batch), the head comment and first 60 lines of the thirty-fifth batch and the first
 * 60 lines of two of its screens (android-boiler-service, ios-subscriptions-tracker) were read for
 * the format, plus the file names under screens/ to pick app kinds not yet in the corpus; never
 * the offline model, its lexicon, the rules in docs/ or the other batches, and neither the model
 * nor the corpus test was read or run. The screens were written first, then the cases.
 *
 * Screens: a church hall room hire on its Rooms tab (Rooms / My bookings tabs, Saturday 14 March
 * 2026 10:00 – 14:00 with Change date, four rooms with seats and hourly prices, the kitchen
 * unavailable and without Book, a tables-and-chairs switch on, a piano switch off, a purpose
 * field, a £50.00 deposit, an unticked conditions checkbox) (android-church-hall-hire); a
 * falconry experience booking (Sat 7 Feb / Sun 8 Feb / Sat 14 Feb chips with the first chosen,
 * four experiences with prices, Falconer for a day sold out with Join waitlist instead of Choose,
 * 2 participants with add / remove, an age checkbox ticked, a photo package unticked, Continue)
 * (android-falconry-experience); a "Delete MOT reminder?" dialog for the Honda PCX 125 (WR19 KXP,
 * due 3 Apr 2026) with Keep / Delete over a moped owner's vehicle list of three with Edit and
 * Add vehicle (android-delete-moped-mot-dialog); an allergy-aware bakery order (an allergy
 * profile of no nuts and no sesame, Morning / Afternoon collection with Morning chosen, Friday 20
 * March, four items with allergens, price, quantity, Decrease / Increase / Remove, the seeded
 * rye flagged as conflicting, an allergen-safe box switch on, a text-me switch off, a note
 * field, a £29.40 subtotal, Place order, Menu / Order / Account tabs) (ios-allergy-bakery-order);
 * an astronomy society observing log (Kielder Observatory, 14 objects this month, All / Planets /
 * Deep sky with All chosen, four entries with date, time, seeing and instrument, Edit on each,
 * Share on two, the Orion Nebula a draft with Delete draft, Saturn already shared, red light mode
 * on, auto-share off, Log / Sky tonight / Members tabs) (ios-astronomy-observing-log); and a dog
 * show app's "Withdraw Juno from Open Bitch?" alert (a £8.50 fee not refunded after 6 March, Keep
 * Entry / Withdraw) over a list of three entries each with Withdraw, Add entry and Print ring
 * passes (ios-withdraw-dog-show-entry-alert).
 *
 * 108 cases (53 Android, 19 of them must fail; 55 iOS, 19 must fail): 38 must fail in all: a
 * wrong price, count, date, fee or seeing, a claim true of another row, a false claim about a
 * tab's, chip's, segment's, switch's or checkbox's state, a control a row does not have, a control
 * on no screen, a button behind the dialog or alert, a claim the dialog's text contradicts, a
 * negation of a thing that is shown.
 * Blind score before any fix: 80 of 108 (74.1 %), 2 false passes, 1 on a wrong element (scored once on main at 1ee4af2, after every session-12 reading).
 */
import { absent, type CorpusCase, fails, onPlatform, pass, type Row, tap, type } from './corpus-case.js';

const hall: Row[] = [
  ['Book the committee room', 'android-church-hall-hire', tap({ id: 'book_button', nth: 2 })],
  ['book main hall', 'android-church-hall-hire', tap({ id: 'book_button', nth: 1 })],
  ["We'd like the garden room for the party, book it", 'android-church-hall-hire', tap({ id: 'book_button', nth: 3 })],
  ['Open My bookings', 'android-church-hall-hire', tap({ desc: 'My bookings' })],
  ['Tick the box to say I have read the hall hire conditions', 'android-church-hall-hire', tap({ id: 'conditions_checkbox' })],
  ['Turn on use of the piano', 'android-church-hall-hire', tap({ id: 'piano_switch' })],
  ["We'll set out our own tables, so switch that off", 'android-church-hall-hire', tap({ id: 'tables_switch' })],
  ['Type "Brownies pack meeting" into purpose of hire', 'android-church-hall-hire', type({ id: 'purpose_field' }, 'Brownies pack meeting')],
  ['Check the main hall costs £28 an hour', 'android-church-hall-hire', pass()],
  ['Verify the refundable deposit is £50.00', 'android-church-hall-hire', pass({ id: 'deposit_text' })],
  ['The Rooms tab is selected', 'android-church-hall-hire', pass({ desc: 'Rooms' })],
  ['Make sure the hire is on Saturday 14 March from 10 till 2', 'android-church-hall-hire', pass({ id: 'date_text' })],
  ['check the kitchen cannot be had on this date', 'android-church-hall-hire', pass({ id: 'room_status' })],
  ['"Booking confirmed" is not shown', 'android-church-hall-hire', absent],
  ['Check the committee room seats 20', 'android-church-hall-hire', fails()],
  ['Verify the deposit is £75.00', 'android-church-hall-hire', fails()],
  ['Book the kitchen', 'android-church-hall-hire', fails()],
  ['Make sure the piano is switched on', 'android-church-hall-hire', fails()],
  ['Check the garden room is £28.00 an hour', 'android-church-hall-hire', fails()],
  ['Verify the My bookings tab is selected', 'android-church-hall-hire', fails()],
  ['Tap Pay now', 'android-church-hall-hire', fails()],
];

const falconry: Row[] = [
  ['Choose the hawk walk', 'android-falconry-experience', tap({ id: 'choose_button', nth: 2 })],
  ['pick owl encounter', 'android-falconry-experience', tap({ id: 'choose_button', nth: 1 })],
  [
    'Grandad only wants to watch, so choose the flying display tickets',
    'android-falconry-experience',
    tap({ id: 'choose_button', nth: 3 }),
  ],
  ['Join the waitlist for Falconer for a day', 'android-falconry-experience', tap({ id: 'waitlist_button' })],
  ['Select Sunday 8 February', 'android-falconry-experience', tap({ text: 'Sun 8 Feb' })],
  ['Add another participant', 'android-falconry-experience', tap({ desc: 'Add participant' })],
  ['One of us dropped out, remove a participant', 'android-falconry-experience', tap({ desc: 'Remove participant' })],
  ['Check there are 2 participants', 'android-falconry-experience', pass({ id: 'participants_count' })],
  ['Falconer for a day is sold out', 'android-falconry-experience', pass({ id: 'experience_status' })],
  ['Verify Sat 7 Feb is the chosen date', 'android-falconry-experience', pass({ text: 'Sat 7 Feb' })],
  ['Make sure we meet at the visitor centre a quarter of an hour before', 'android-falconry-experience', pass({ id: 'meeting_text' })],
  ['the box saying everyone is 12 or over is ticked', 'android-falconry-experience', pass({ id: 'age_checkbox' })],
  ['Check the hawk walk is £65 a head', 'android-falconry-experience', pass()],
  ['"Payment failed" is not shown', 'android-falconry-experience', absent],
  ['Check the owl encounter is £54.00 per person', 'android-falconry-experience', fails()],
  ['Choose Falconer for a day', 'android-falconry-experience', fails()],
  ['Verify the photo package is included', 'android-falconry-experience', fails()],
  ['Make sure Sun 8 Feb is selected', 'android-falconry-experience', fails()],
  ['Check the hawk walk is sold out', 'android-falconry-experience', fails()],
  ['"Sold out" is not shown', 'android-falconry-experience', fails()],
];

const moped: Row[] = [
  ['Tap Delete in the dialog', 'android-delete-moped-mot-dialog', tap({ text: 'Delete' })],
  ['Keep the reminder', 'android-delete-moped-mot-dialog', tap({ text: 'Keep' })],
  ["Yes delete it, I've sold the PCX", 'android-delete-moped-mot-dialog', tap({ text: 'Delete' })],
  ['Check the dialog asks to delete the MOT reminder', 'android-delete-moped-mot-dialog', pass({ id: 'alertTitle' })],
  ['Verify the reminder being deleted is for WR19 KXP', 'android-delete-moped-mot-dialog', pass({ id: 'message' })],
  ['"Reminder deleted" is not shown', 'android-delete-moped-mot-dialog', absent],
  ['Tap Add vehicle', 'android-delete-moped-mot-dialog', fails()],
  ['Edit the Vespa', 'android-delete-moped-mot-dialog', fails()],
  ['Check the dialog is about the Vespa Primavera', 'android-delete-moped-mot-dialog', fails()],
  ['Verify the MOT is due on 3 May 2026', 'android-delete-moped-mot-dialog', fails()],
  ['Tap Snooze in the dialog', 'android-delete-moped-mot-dialog', fails()],
  ['"Delete MOT reminder?" is not shown', 'android-delete-moped-mot-dialog', fails()],
];

const bakery: Row[] = [
  ['Remove the seeded rye, it has sesame in it', 'ios-allergy-bakery-order', tap({ id: 'remove_1' })],
  ['Add one more brownie', 'ios-allergy-bakery-order', tap({ id: 'inc_2' })],
  ['Take one carrot cake slice off', 'ios-allergy-bakery-order', tap({ id: 'dec_3' })],
  ["I can't get there in the morning, choose Afternoon", 'ios-allergy-bakery-order', tap({ id: 'collectionAfternoon' })],
  ['Turn on text me when it is ready', 'ios-allergy-bakery-order', tap({ id: 'readySwitch' })],
  [
    'Type "Please write Happy 7th Sam on the box" in the note for the baker',
    'ios-allergy-bakery-order',
    type({ id: 'noteField' }, 'Please write Happy 7th Sam on the box'),
  ],
  ['Place the order', 'ios-allergy-bakery-order', tap({ id: 'placeOrderButton' })],
  ['Check the subtotal is £29.40', 'ios-allergy-bakery-order', pass({ id: 'subtotalLabel' })],
  ['the brownies are free from gluten and nuts', 'ios-allergy-bakery-order', pass({ id: 'allergens_2' })],
  ['Verify there are 4 brownies in the order', 'ios-allergy-bakery-order', pass()],
  ['Make sure the seeded rye is flagged against my allergies', 'ios-allergy-bakery-order', pass({ id: 'warning_1' })],
  ['Morning collection is selected', 'ios-allergy-bakery-order', pass({ id: 'collectionMorning' })],
  ['Check the order will be packed in a separate allergen-safe box', 'ios-allergy-bakery-order', pass({ id: 'safeBoxSwitch' })],
  ['Verify collection is on Friday 20 March', 'ios-allergy-bakery-order', pass({ id: 'collectionDateLabel' })],
  ['"Order placed" is not shown', 'ios-allergy-bakery-order', absent],
  ['Check the subtotal is £24.90', 'ios-allergy-bakery-order', fails()],
  ['Verify the sourdough loaf conflicts with my allergy profile', 'ios-allergy-bakery-order', fails()],
  ['Make sure text me when ready is switched on', 'ios-allergy-bakery-order', fails()],
  ['Afternoon collection is selected', 'ios-allergy-bakery-order', fails()],
  ['Check the carrot cake slice is £3.50', 'ios-allergy-bakery-order', fails()],
  ['"Conflicts with your allergy profile" is not shown', 'ios-allergy-bakery-order', fails()],
];

const astronomy: Row[] = [
  ['Edit the Andromeda entry', 'ios-astronomy-observing-log', tap({ id: 'edit_1' })],
  ['share my Jupiter observation', 'ios-astronomy-observing-log', tap({ id: 'share_0' })],
  ['The Orion Nebula sketch was rubbish, delete that draft', 'ios-astronomy-observing-log', tap({ id: 'deleteDraft_2' })],
  ['Open the Saturn entry', 'ios-astronomy-observing-log', tap({ id: 'entry_3' })],
  ['Show only planets', 'ios-astronomy-observing-log', tap({ id: 'filterPlanets' })],
  ["It's daylight now, switch off red light mode", 'ios-astronomy-observing-log', tap({ id: 'redLightSwitch' })],
  ['Check the seeing for Saturn was 5/5', 'ios-astronomy-observing-log', pass()],
  ['Verify 14 objects were logged this month', 'ios-astronomy-observing-log', pass({ id: 'monthSummaryLabel' })],
  ['Make sure the observing site is Kielder Observatory', 'ios-astronomy-observing-log', pass({ id: 'siteLabel' })],
  ['The Orion Nebula entry is still a draft', 'ios-astronomy-observing-log', pass({ id: 'badge_2' })],
  ['Check all entries are being shown, not just planets', 'ios-astronomy-observing-log', pass({ id: 'filterAll' })],
  ['The observing log screen is shown', 'ios-astronomy-observing-log', pass()],
  ['Verify Andromeda was observed with 10×50 binoculars', 'ios-astronomy-observing-log', pass()],
  ['"No entries yet" is not shown', 'ios-astronomy-observing-log', absent],
  ['Check Jupiter was observed with 10×50 binoculars', 'ios-astronomy-observing-log', fails()],
  ['Verify 41 objects were logged this month', 'ios-astronomy-observing-log', fails()],
  ['Share the Orion Nebula entry', 'ios-astronomy-observing-log', fails()],
  ['Make sure auto-share with the society is on', 'ios-astronomy-observing-log', fails()],
  ['Check the Planets filter is selected', 'ios-astronomy-observing-log', fails()],
  ['Verify the Jupiter seeing was 2/5', 'ios-astronomy-observing-log', fails()],
  ['"Draft" is not shown', 'ios-astronomy-observing-log', fails()],
];

const dogShow: Row[] = [
  ['Tap Withdraw in the alert', 'ios-withdraw-dog-show-entry-alert', tap({ id: 'Withdraw' })],
  ['Keep the entry', 'ios-withdraw-dog-show-entry-alert', tap({ id: 'Keep Entry' })],
  ["Juno's gone lame, confirm the withdrawal", 'ios-withdraw-dog-show-entry-alert', tap({ id: 'Withdraw' })],
  [
    'Check the alert is about withdrawing Juno',
    'ios-withdraw-dog-show-entry-alert',
    pass({ id: 'Withdraw Juno from Open Bitch?', type: 'StaticText' }),
  ],
  [
    'Verify the entry fee is £8.50',
    'ios-withdraw-dog-show-entry-alert',
    pass({ id: 'Your £8.50 entry fee will not be refunded after 6 March.' }),
  ],
  [
    "make sure it says the fee isn't refunded after 6 March",
    'ios-withdraw-dog-show-entry-alert',
    pass({ id: 'Your £8.50 entry fee will not be refunded after 6 March.' }),
  ],
  ['"Entry withdrawn" is not shown', 'ios-withdraw-dog-show-entry-alert', absent],
  ['Tap Withdraw next to Biscuit', 'ios-withdraw-dog-show-entry-alert', fails()],
  ['Check the alert is about Pepper', 'ios-withdraw-dog-show-entry-alert', fails()],
  ['Verify the entry fee is £5.80', 'ios-withdraw-dog-show-entry-alert', fails()],
  ['Tap Refund in the alert', 'ios-withdraw-dog-show-entry-alert', fails()],
  ['Check the fee will be refunded', 'ios-withdraw-dog-show-entry-alert', fails()],
  ['Print ring passes', 'ios-withdraw-dog-show-entry-alert', fails()],
];

export const fortyFifthBatch: CorpusCase[] = [
  ...onPlatform('android', [...hall, ...falconry, ...moped]),
  ...onPlatform('ios', [...bakery, ...astronomy, ...dogShow]),
].map((c) => ({ ...c, blind: true }));
