/**
 * Forty-third batch: six new screens, written blind: not run before commit.
 * Written by a helper of session 12 (branch s12-43): only the brief, corpus-case.ts, the
 * ElementRef interface of fixtures/cases.ts (to write element references), corpus.test.ts (to
 * register the batch), the head comment and first 60 lines of the thirty-fifth batch and the first
 * 60 lines of two screens (android-boiler-service, ios-subscriptions-tracker) were read for the
 * format, plus the file names under screens/ to pick app kinds not yet in the corpus; never the
 * offline model, its lexicon, the rules in docs/ or the other batches, and neither the model nor
 * the corpus test was read or run. The screens were written first, then the cases.
 *
 * Screens: a farm shop's Christmas pre-order on the Meat tab (five products, a turkey and two
 * packs of pigs in blankets in the order with Remove, a gammon and a stuffing with Add, a sold-out
 * beef rib with no button, a substitutions switch that is off, a day-before reminder that is on,
 * butcher's notes, 3 items for £82.00, a £20.00 deposit) (android-farm-shop-preorder); a Grade 5
 * piano exam entry in draft (List A and B pieces with Change, List C not chosen with Choose,
 * face-to-face / recorded radio buttons with face-to-face chosen, an unticked access-arrangements
 * box, a ticked confirmation box, a teacher's reference field, a £78.00 fee, Save draft / Pay and
 * submit) (android-piano-exam-entry); a window cleaner's "Skip 3 Oak Close this time?" dialog over
 * the Thursday round of four houses (Keep on round / Skip clean, a ticked "Text the customer"
 * box; Mark cleaned, Skip, Undo and Start round only behind it) (android-skip-window-clean-dialog);
 * a mountain hut reservation at Rifugio Vajolet (17–19 July, Dormitory / Private room with
 * Dormitory chosen, a guests stepper at 3, four rooms: two with Reserve, a full one with Join
 * waiting list, a winter room with no button, vegetarian meals on, packed lunch off, €348.00 in
 * all) (ios-mountain-hut-reservation); a dog grooming salon's queue for the day (five dogs with
 * breed, service, time, price and status, each with its own button: Ready for pickup, Start,
 * Start, Mark arrived, Rebook; Queue / Finished with Queue chosen, £155.00 expected takings,
 * text-owners on, walk-ins off) (ios-dog-grooming-queue); and a rowing club's outings for this
 * week (an amber river flag, four outings: one with Join, a full one with Waitlist, one the user
 * is in with Leave, an erg session with Join; reminders and indoor sessions on, cox-only alerts
 * off) (ios-rowing-club-outings).
 *
 * 110 cases (54 Android, 20 of them must fail; 56 iOS, 20 must fail): 40 must fail in all: a
 * wrong price, total, fee, date, time, height or grade, a claim true of another row, a false
 * claim about a switch's, a segment's, a checkbox's or a radio button's state, a control a row
 * does not have (Add on a sold-out product, Reserve on the winter room, Start on a dog not yet
 * arrived, Join on a full outing, Leave on an outing the user is not in, Remove on an exam
 * piece), a control on no screen, a button behind the dialog, a negation of what is shown.
 * Blind score before any fix: 88 of 110 (80.0 %), no false pass, 1 on a wrong element (scored once on main at 6a7161d, after the session-12 readings of the fortieth to forty-second batches).
 */
import { absent, type CorpusCase, fails, onPlatform, pass, type Row, tap, type } from './corpus-case.js';

const farmShop: Row[] = [
  ['Add the gammon joint to my order', 'android-farm-shop-preorder', tap({ id: 'add_button', nth: 1 })],
  ['add stuffing', 'android-farm-shop-preorder', tap({ id: 'add_button', nth: 2 })],
  ["We've got plenty of pigs in blankets already, remove them", 'android-farm-shop-preorder', tap({ id: 'remove_button', nth: 2 })],
  ['Go to the Bakery tab', 'android-farm-shop-preorder', tap({ desc: 'Bakery' })],
  ['Allow substitutions', 'android-farm-shop-preorder', tap({ id: 'substitutions_switch' })],
  [
    'Type "Please leave the giblets out" in the notes for the butcher',
    'android-farm-shop-preorder',
    type({ id: 'butcher_notes_field' }, 'Please leave the giblets out'),
  ],
  ['Review the pre-order', 'android-farm-shop-preorder', tap({ id: 'review_button' })],
  ['Check the basket shows 3 items for £82.00', 'android-farm-shop-preorder', pass({ id: 'basket_total' })],
  ['Verify collection is on Saturday 20 December', 'android-farm-shop-preorder', pass({ id: 'collection_text' })],
  ['Make sure the beef rib is sold out', 'android-farm-shop-preorder', pass({ id: 'product_status', text: 'Sold out' })],
  ['the deposit to pay now is £20', 'android-farm-shop-preorder', pass({ id: 'deposit_text' })],
  ['"Order placed" is not shown', 'android-farm-shop-preorder', absent],
  ['Check the basket total is £73.00', 'android-farm-shop-preorder', fails()],
  ['Verify the gammon is sold out', 'android-farm-shop-preorder', fails()],
  ['Add the beef rib on the bone', 'android-farm-shop-preorder', fails()],
  ['Make sure substitutions are allowed', 'android-farm-shop-preorder', fails()],
  ['Check orders must be in by Sat 20 Dec', 'android-farm-shop-preorder', fails()],
  ['Verify the turkey costs £46.00', 'android-farm-shop-preorder', fails()],
];

const pianoExam: Row[] = [
  ['Choose a List C piece', 'android-piano-exam-entry', tap({ id: 'choose_button' })],
  ['Change the List B piece', 'android-piano-exam-entry', tap({ id: 'change_button', nth: 2 })],
  ['Switch to a recorded exam', 'android-piano-exam-entry', tap({ id: 'recorded_radio' })],
  ['tick access arrangements needed', 'android-piano-exam-entry', tap({ id: 'access_checkbox' })],
  ["Enter the teacher's reference TR-40917", 'android-piano-exam-entry', type({ id: 'teacher_field' }, 'TR-40917')],
  ['Save it as a draft for now', 'android-piano-exam-entry', tap({ id: 'save_draft_button' })],
  ['Pay and submit the entry', 'android-piano-exam-entry', tap({ id: 'submit_button' })],
  ['Check the entry fee is £78', 'android-piano-exam-entry', pass({ id: 'fee_text' })],
  ['Verify the candidate is Amelia Hart, Grade 5 Piano', 'android-piano-exam-entry', pass({ id: 'candidate_text' })],
  ['Ensure the entry has not been submitted yet', 'android-piano-exam-entry', pass({ id: 'status_text' })],
  ['The exam entry screen is shown', 'android-piano-exam-entry', pass({ id: 'toolbar_title' })],
  ['Check the entry fee is £87.00', 'android-piano-exam-entry', fails()],
  ['Verify this is a Grade 6 entry', 'android-piano-exam-entry', fails()],
  ['Remove the List A piece', 'android-piano-exam-entry', fails()],
  ['Check access arrangements are ticked', 'android-piano-exam-entry', fails()],
  ['Verify the List B piece is Minuet in G', 'android-piano-exam-entry', fails()],
  ['Make sure the spring session runs 9–21 April 2027', 'android-piano-exam-entry', fails()],
  ['"Draft" is not shown', 'android-piano-exam-entry', fails()],
];

const skipCleanDialog: Row[] = [
  ['Tap Skip clean', 'android-skip-window-clean-dialog', tap({ id: 'button1' })],
  ['Confirm skipping 3 Oak Close', 'android-skip-window-clean-dialog', tap({ id: 'button1' })],
  ['Keep it on the round', 'android-skip-window-clean-dialog', tap({ id: 'button2' })],
  ["Changed my mind, don't skip it", 'android-skip-window-clean-dialog', tap({ id: 'button2' })],
  ['untick Text the customer', 'android-skip-window-clean-dialog', tap({ id: 'notify_checkbox' })],
  ['Check the dialog asks to skip 3 Oak Close', 'android-skip-window-clean-dialog', pass({ id: 'alertTitle' })],
  ["Verify Mrs Okafor won't be charged", 'android-skip-window-clean-dialog', pass({ id: 'message' })],
  ['Make sure the next clean moves to 11 December', 'android-skip-window-clean-dialog', pass({ id: 'message' })],
  ['Text the customer is ticked', 'android-skip-window-clean-dialog', pass({ id: 'notify_checkbox' })],
  ['The skip clean dialog is shown', 'android-skip-window-clean-dialog', pass({ id: 'alertTitle' })],
  ['"Clean skipped" is not shown', 'android-skip-window-clean-dialog', absent],
  ['Tap Start round', 'android-skip-window-clean-dialog', fails()],
  ['Mark 12 Elm Road as cleaned', 'android-skip-window-clean-dialog', fails()],
  ['Verify the next clean moves to 18 Dec', 'android-skip-window-clean-dialog', fails()],
  ['Check the Text the customer box is unticked', 'android-skip-window-clean-dialog', fails()],
  ['Tap Delete customer in the dialog', 'android-skip-window-clean-dialog', fails()],
  ['Check the dialog is about skipping 7 Oak Close', 'android-skip-window-clean-dialog', fails()],
  ['Verify Mrs Okafor will still be charged', 'android-skip-window-clean-dialog', fails()],
];

const mountainHut: Row[] = [
  ['Reserve beds in Bunk room A', 'ios-mountain-hut-reservation', tap({ id: 'reserve_0' })],
  ['Book the loft dormitory', 'ios-mountain-hut-reservation', tap({ id: 'reserve_2' })],
  ['Join the waiting list for bunk room B', 'ios-mountain-hut-reservation', tap({ id: 'waitlist_1' })],
  ['Switch to private room', 'ios-mountain-hut-reservation', tap({ id: 'Private room' })],
  ['Add one more guest', 'ios-mountain-hut-reservation', tap({ id: 'guestsIncrement' })],
  ['We want a packed lunch for the trail, turn it on', 'ios-mountain-hut-reservation', tap({ id: 'packedLunchSwitch' })],
  ['request reservation', 'ios-mountain-hut-reservation', tap({ id: 'requestReservationButton' })],
  ['Check the stay is 17 to 19 July, two nights', 'ios-mountain-hut-reservation', pass({ id: 'datesLabel' })],
  ['Verify the total is €348 for 3 guests', 'ios-mountain-hut-reservation', pass({ id: 'totalLabel' })],
  ['Ensure vegetarian meals are switched on', 'ios-mountain-hut-reservation', pass({ id: 'vegetarianSwitch' })],
  ['Dormitory is selected', 'ios-mountain-hut-reservation', pass({ id: 'Dormitory' })],
  ['Bunk room A has 4 beds free', 'ios-mountain-hut-reservation', pass({ id: 'roomDetail_0' })],
  ['Check the total is €384', 'ios-mountain-hut-reservation', fails()],
  ['Verify Bunk room B has beds free', 'ios-mountain-hut-reservation', fails()],
  ['Reserve the winter room', 'ios-mountain-hut-reservation', fails()],
  ['Check packed lunch is on', 'ios-mountain-hut-reservation', fails()],
  ['Verify the hut is at 2,423 m', 'ios-mountain-hut-reservation', fails()],
  ['Check the loft dormitory costs €58 a night', 'ios-mountain-hut-reservation', fails()],
];

const dogGrooming: Row[] = [
  ['Start Pepper', 'ios-dog-grooming-queue', tap({ id: 'start_1' })],
  ["Luna's next, start her groom", 'ios-dog-grooming-queue', tap({ id: 'start_2' })],
  ['Biscuit can be collected now, mark him ready', 'ios-dog-grooming-queue', tap({ id: 'ready_0' })],
  ['Mark Otis as arrived', 'ios-dog-grooming-queue', tap({ id: 'arrived_3' })],
  ['Rebook Mabel', 'ios-dog-grooming-queue', tap({ id: 'rebook_4' })],
  ['Show the finished dogs', 'ios-dog-grooming-queue', tap({ id: 'Finished' })],
  ['Turn on walk-ins', 'ios-dog-grooming-queue', tap({ id: 'walkInsSwitch' })],
  ['Check Biscuit is in the bath', 'ios-dog-grooming-queue', pass({ id: 'dogStatus_0' })],
  ["Verify Luna's bath and brush is at 11:15", 'ios-dog-grooming-queue', pass({ id: 'dogDetail_2' })],
  ['Make sure owners get a text when their dog is ready', 'ios-dog-grooming-queue', pass({ id: 'textOwnersSwitch' })],
  ['check expected takings are £155', 'ios-dog-grooming-queue', pass({ id: 'takingsLabel' })],
  ["Today's queue is shown", 'ios-dog-grooming-queue', pass({ id: "Today's queue", type: 'StaticText' })],
  ['Five dogs are booked today', 'ios-dog-grooming-queue', pass({ id: 'queueSummaryLabel' })],
  ['Check Pepper is in the bath', 'ios-dog-grooming-queue', fails()],
  ['Verify Otis is booked for a full groom', 'ios-dog-grooming-queue', fails()],
  ['Start Otis', 'ios-dog-grooming-queue', fails()],
  ['Check walk-ins are accepted', 'ios-dog-grooming-queue', fails()],
  ['Verify expected takings are £205.00', 'ios-dog-grooming-queue', fails()],
  ["Check Mabel's groom is at 13:00", 'ios-dog-grooming-queue', fails()],
  ['Confirm the Finished segment is selected', 'ios-dog-grooming-queue', fails()],
];

const rowingClub: Row[] = [
  ['Join the Saturday 07:30 outing', 'ios-rowing-club-outings', tap({ id: 'join_0' })],
  ['sign me up for the erg session', 'ios-rowing-club-outings', tap({ id: 'join_3' })],
  ["I can't make Sunday's eight, leave it", 'ios-rowing-club-outings', tap({ id: 'leave_2' })],
  ['Go on the waitlist for the double scull', 'ios-rowing-club-outings', tap({ id: 'waitlist_1' })],
  ['Show next week', 'ios-rowing-club-outings', tap({ id: 'Next week' })],
  ['Turn on cox-only alerts', 'ios-rowing-club-outings', tap({ id: 'coxAlertsSwitch' })],
  ['Check the river is on an amber flag', 'ios-rowing-club-outings', pass({ id: 'riverStatusLabel' })],
  ["Verify I'm in seat 5 of the eight on Sunday", 'ios-rowing-club-outings', pass({ id: 'outingSeats_2' })],
  ['Make sure Ellen Mary has 3 of its 5 seats taken', 'ios-rowing-club-outings', pass({ id: 'outingSeats_0' })],
  ['Ensure outing reminders are on', 'ios-rowing-club-outings', pass({ id: 'remindersSwitch' })],
  ['"Outing cancelled" is not shown', 'ios-rowing-club-outings', absent],
  ['Check the double scull has seats free', 'ios-rowing-club-outings', fails()],
  ['Join the Kingfisher outing', 'ios-rowing-club-outings', fails()],
  ['Verify the river is on a green flag', 'ios-rowing-club-outings', fails()],
  ['Check cox-only alerts are on', 'ios-rowing-club-outings', fails()],
  ['Verify the erg session is on Tue 2 Dec at 19:30', 'ios-rowing-club-outings', fails()],
  ['Leave the Saturday 07:30 outing', 'ios-rowing-club-outings', fails()],
  ['Check Next week is selected', 'ios-rowing-club-outings', fails()],
];

export const fortyThirdBatch: CorpusCase[] = [
  ...onPlatform('android', [...farmShop, ...pianoExam, ...skipCleanDialog]),
  ...onPlatform('ios', [...mountainHut, ...dogGrooming, ...rowingClub]),
].map((c) => ({ ...c, blind: true }));
