/**
 * Forty-sixth batch: six new screens, written blind: not run before commit.
 * Written by a helper of session 15 (branch s15-46): only its brief, corpus-case.ts, the
 * ElementRef interface of fixtures/cases.ts (lines 1-20, to write element references),
 * corpus.test.ts (only the import, the spread and the scored-batch list, to register the batch),
 * the head comment, first 60 lines and last 5 lines of the forty-fifth batch, and the first 60
 * lines of two of its screens (android-church-hall-hire, ios-allergy-bakery-order) were read for
 * the format, plus the file names under screens/ (ls only) to pick app kinds not yet in the
 * corpus; never the offline model, its lexicon, the rules in docs/ or the other batches, and
 * neither the model nor the corpus test was read or run. The screens were written first (by a
 * throw-away generator under /tmp, checked with a plain XML parser for well-formedness and
 * bounds), then the cases.
 *
 * Screens: a babysitter finder for Fri 13 Mar 18:30 – 23:00 (Tonight / Fri 13 Mar / Sat 14 Mar /
 * Sun 15 Mar date chips with Fri 13 Mar chosen, four sitters with rating, reviews and hourly rate:
 * Priya and Tom with Request and Message, Marta fully booked with Message only, Hannah's request
 * pending with Cancel request and Message; a children stepper at 2, a pets switch on, a bath and
 * bedtime switch off, a notes field, a £2.50 booking fee, Search / Bookings / Messages / Account
 * navigation) (android-babysitter-booking); a council bulky waste collection booking on its Book
 * tab (Book / My collections tabs, 14 Larch Close with Change, three items with prices and
 * Remove: a fridge freezer £25.00 that must be defrosted, a double mattress and a 3-seater sofa at
 * £18.00 each, Add another item, Tue 17 / Thu 19 / Tue 24 March radio buttons with Thu 19 chosen
 * and Tue 24 fully booked and disabled, a put-out-by-7am checkbox ticked, a text-me switch off,
 * an access notes field, a £61.00 total, Pay and book) (android-bulky-waste-collection); a "Leave
 * Crime Time?" dialog (the Magpie Murders meeting on Tue 17 Mar at 20:00 missed, rejoin later if
 * there is space, 11 of 12 places taken, an unticked "Also delete my 3 saved notes" checkbox, Stay
 * in club / Leave) over a book club app's list of three clubs each with Open and Leave
 * (android-leave-book-club-dialog); a hair salon booking (Cut / Cut & colour / Beard trim with
 * Cut & colour chosen, Wednesday 18 March with previous / next day, four stylists with role,
 * price and next free time, Book on three, Ros with no times and Notify me instead, a wash and
 * blow-dry switch on, a text reminder switch off, a patch test note, a notes field, a £10
 * deposit) (ios-hair-salon-booking); a household recycling centre visit booking (Hollins Lane,
 * open 8:00 – 16:00, Car / Car + trailer / Van with Car chosen, Saturday 7 March, five half-hour
 * slots: 09:00 full without a button, 09:30 with 2 spaces, 10:00 with 8, 10:30 booked by you with
 * Cancel, 11:00 with 12; a filled registration field KX21 LMV, a plasterboard/asbestos switch off,
 * a calendar switch on, 3 of 4 visits used) (ios-recycling-centre-slots); and a smoke alarm app's
 * "Remove Loft alarm?" alert (battery 8%, alerts stop for this phone and 2 other family members,
 * must be paired again to add back, Cancel / Remove) over a list of four alarms with Test on
 * three and Reconnect on the offline garage CO alarm (ios-remove-smoke-alarm-alert).
 *
 * 55 cases (27 Android, 9 of them must fail; 28 iOS, 10 must fail): 19 must fail in all: a wrong
 * price, review count, date or battery level, a claim true of another row, a false claim about a
 * switch's, checkbox's or segment's state, a control a row does not have (Request for a fully
 * booked sitter, Book for a stylist with no times or a full slot), a button behind the dialog or
 * alert, a claim the dialog's or alert's text contradicts. Two are "… is not shown" (absent).
 * Blind score before any fix: 42 of 55 (76.4 %), no false pass, none on a wrong element (scored once on main at 0fded74, after every session-15 reading; nothing tuned on it).
 */
import { absent, type CorpusCase, fails, onPlatform, pass, type Row, tap, type } from './corpus-case.js';

const sitter: Row[] = [
  ['Request Tom W.', 'android-babysitter-booking', tap({ id: 'request_button', nth: 2 })],
  ["Marta's fully booked, message her instead", 'android-babysitter-booking', tap({ id: 'message_button', nth: 3 })],
  ["Hannah still hasn't replied, cancel the request", 'android-babysitter-booking', tap({ id: 'cancel_request_button' })],
  [
    'Type "Ella is allergic to peanuts, EpiPen in the kitchen drawer" into the notes for the sitter',
    'android-babysitter-booking',
    type({ id: 'notes_field' }, 'Ella is allergic to peanuts, EpiPen in the kitchen drawer'),
  ],
  ['Check Priya charges £12 an hour', 'android-babysitter-booking', pass()],
  ['Verify the sitter is needed from 18:30 to 23:00 on Friday 13 March', 'android-babysitter-booking', pass({ id: 'booking_summary' })],
  ['Request Marta K.', 'android-babysitter-booking', fails()],
  ['Verify Tom W. has 62 reviews', 'android-babysitter-booking', fails()],
  ['Make sure bath and bedtime is switched on', 'android-babysitter-booking', fails()],
];

const bulky: Row[] = [
  ['Remove the double mattress', 'android-bulky-waste-collection', tap({ id: 'remove_button', nth: 2 })],
  ['Tuesday 17th works better for us, pick that date', 'android-bulky-waste-collection', tap({ text: 'Tue 17 March' })],
  ['Turn on the text the day before', 'android-bulky-waste-collection', tap({ id: 'reminder_switch' })],
  [
    'Enter "Side gate, code 4471" in the access notes',
    'android-bulky-waste-collection',
    type({ id: 'access_field' }, 'Side gate, code 4471'),
  ],
  ['Check the total to pay is £61', 'android-bulky-waste-collection', pass({ id: 'total_text' })],
  ['Verify the fridge freezer has to be defrosted first', 'android-bulky-waste-collection', pass({ id: 'item_note' })],
  ['Check the mattress costs £25.00', 'android-bulky-waste-collection', fails()],
  ['The collection is booked for Tuesday 24 March', 'android-bulky-waste-collection', fails()],
  ['"Collection booked" is not shown', 'android-bulky-waste-collection', absent],
];

const bookClub: Row[] = [
  ['Yes, leave Crime Time', 'android-leave-book-club-dialog', tap({ id: 'button1' })],
  ['Changed my mind, stay in the club', 'android-leave-book-club-dialog', tap({ id: 'button2' })],
  ['Tick the box to delete my saved notes as well', 'android-leave-book-club-dialog', tap({ id: 'delete_notes_checkbox' })],
  ['Check the dialog asks whether to leave Crime Time', 'android-leave-book-club-dialog', pass({ id: 'alertTitle' })],
  ["Verify I'd miss the Magpie Murders meeting on Tuesday 17 March at 8pm", 'android-leave-book-club-dialog', pass({ id: 'message' })],
  ['Open Thursday Readers', 'android-leave-book-club-dialog', fails()],
  ['Check the dialog is about leaving Sci-fi Saturdays', 'android-leave-book-club-dialog', fails()],
  ['Make sure "Also delete my 3 saved notes" is ticked', 'android-leave-book-club-dialog', fails()],
  ['The dialog says I can never rejoin', 'android-leave-book-club-dialog', fails()],
];

const salon: Row[] = [
  ['Book with Callum', 'ios-hair-salon-booking', tap({ id: 'Book', nth: 2 })],
  ['Ros has nothing today, ask to be notified', 'ios-hair-salon-booking', tap({ id: 'notifyButton' })],
  ['Change the service to just a cut', 'ios-hair-salon-booking', tap({ id: 'serviceCut' })],
  ["I don't need the wash and blow-dry, switch it off", 'ios-hair-salon-booking', tap({ id: 'washSwitch' })],
  ['Type "Patch test done on 2 March" in the notes', 'ios-hair-salon-booking', type({ id: 'notesField' }, 'Patch test done on 2 March')],
  ["Check Jade's next free time is 10:15", 'ios-hair-salon-booking', pass()],
  ['Cut & colour is the selected service', 'ios-hair-salon-booking', pass({ id: 'serviceCutColour' })],
  ['Verify Callum is £68', 'ios-hair-salon-booking', fails()],
  ['Book Ros', 'ios-hair-salon-booking', fails()],
  ['Make sure the text reminder the day before is on', 'ios-hair-salon-booking', fails()],
];

const tip: Row[] = [
  ["Book the 10 o'clock slot", 'ios-recycling-centre-slots', tap({ id: 'Book', nth: 2 })],
  ["Can't make half ten any more, cancel my slot", 'ios-recycling-centre-slots', tap({ id: 'cancelSlotButton' })],
  ["We're taking the trailer, select car + trailer", 'ios-recycling-centre-slots', tap({ id: 'vehicleTrailer' })],
  ['Replace the registration with LD19 FHA', 'ios-recycling-centre-slots', type({ id: 'regField' }, 'LD19 FHA')],
  ['There are 2 spaces left at 9:30', 'ios-recycling-centre-slots', pass()],
  ['Book the 9:00 slot', 'ios-recycling-centre-slots', fails()],
  ['Check 10:00 – 10:30 has 12 spaces left', 'ios-recycling-centre-slots', fails()],
  ['Make sure Van is selected', 'ios-recycling-centre-slots', fails()],
  ['"No slots available" is not shown', 'ios-recycling-centre-slots', absent],
];

const smokeAlarm: Row[] = [
  ['Go ahead and remove the loft alarm', 'ios-remove-smoke-alarm-alert', tap({ id: 'Remove' })],
  ['Keep the alarm, cancel', 'ios-remove-smoke-alarm-alert', tap({ id: 'Cancel' })],
  ['Check the alert is asking to remove the Loft alarm', 'ios-remove-smoke-alarm-alert', pass()],
  ['Verify the loft alarm battery is at 8%', 'ios-remove-smoke-alarm-alert', pass()],
  ['The alert says 2 other family members will stop getting alerts', 'ios-remove-smoke-alarm-alert', pass()],
  ['Test the kitchen alarm', 'ios-remove-smoke-alarm-alert', fails()],
  ['Verify the alert says the battery is at 64%', 'ios-remove-smoke-alarm-alert', fails()],
  ['Check the alert is for the garage alarm', 'ios-remove-smoke-alarm-alert', fails()],
  ["The alert says I won't need to pair it again", 'ios-remove-smoke-alarm-alert', fails()],
];

export const fortySixthBatch: CorpusCase[] = [
  ...onPlatform('android', [...sitter, ...bulky, ...bookClub]),
  ...onPlatform('ios', [...salon, ...tip, ...smokeAlarm]),
].map((c) => ({ ...c, blind: true }));
