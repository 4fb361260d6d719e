/**
 * Forty-eighth batch: six new screens, written blind: not run before commit.
 * Written by a helper of session 17 (branch s17-48): only its brief, corpus-case.ts, the
 * ElementRef interface of fixtures/cases.ts (to write element references), corpus.test.ts (only
 * the imports, the spread and the blind-batch table, to register the batch), the head comment,
 * first 60 lines and last 5 lines of the forty-seventh batch, and the first 60 lines of two of its
 * screens (android-piano-tuner-visits, ios-dry-cleaning-order) were read for the format, plus the
 * file names under screens/ (ls only) to pick app kinds not yet in the corpus; never the offline
 * model, its lexicon, the rules in docs/ or the other batches, and neither the model nor the
 * corpus test was read or run. The screens were written first (by a throw-away generator under
 * /tmp, checked with xmllint for well-formedness), then the cases; a throw-away script checked that
 * every expected element reference names one element of its screen (nth in document order).
 *
 * Screens: an escape room's booking page (Today / Sat 14 Jun / Sun 15 Jun chips with Saturday
 * chosen, 4 players with fewer / more, four rooms on Saturday: the Vanishing Curator at 11:00 for
 * £88 available with Book only, Submarine 7 at 13:30 for £96 with one slot left, Book and Details,
 * the fully booked Witch's Cottage at 16:00 for £80 with Join waitlist and Details, Prison Break
 * at 19:45 for £104 over 16s only with Book and Details, a team photo switch off, a day-before
 * reminder switch on, an under-16 checkbox unticked, a safety rules checkbox ticked, a team name
 * field, a £20.00 voucher balance, Continue to payment, Rooms / My bookings / Leaderboard
 * navigation) (android-escape-room-booking); a band's recording studio sessions (Upcoming / Past
 * tabs with Upcoming chosen, "3 sessions booked · 8 hours", Room A live room Thu 19 Jun 18:00 –
 * 21:00 with Priya Shah for £135.00 paid with Extend and Cancel, Room C rehearsal Sat 21 Jun
 * 10:00 – 14:00 with no engineer for £64.00 with £32.00 due, Pay balance and Cancel, Room B vocal
 * booth Tue 24 Jun 19:30 – 20:30 with Tom Reyes for £40.00 pending approval with Cancel only,
 * backline checkboxes: drum kit ticked, bass amp and extra vocal mic unticked, a multitrack switch
 * off, a share-with-the-band switch on, an engineer notes field, a loyalty card at 6 of 10 hours,
 * Book a room, Sessions / Rooms / Profile navigation) (android-recording-studio-sessions); a skip
 * hire app's "Cancel the mini skip?" dialog (the 4-yard mini skip due Thu 12 Jun, the £40.00 road
 * permit can't be refunded, £195.00 back to the card ending 8832, an unticked "Keep the permit for
 * a later date" checkbox, Keep skip / Cancel skip) over a list of a 6-yard builder's skip with
 * Extend hire and Cancel, the mini skip with Change date and Cancel, and a finished wait & load
 * with Receipt only (android-cancel-skip-hire-dialog); a pick-your-own farm's slots (Fri 20 Jun /
 * Sat 21 Jun / Sun 22 Jun segments with Saturday chosen, strawberries £4.20 per kg in field 3 at
 * 10:00 – 12:00 with 18 places and Book, raspberries £7.50 per kg in field 5 at 13:00 – 15:00 with
 * 4 places and Book, full gooseberries £3.80 per kg in field 1 at 09:00 – 11:00 with Notify me
 * only, broad beans £2.90 per kg open all day with Directions only, 3 pickers with fewer / more, a
 * borrow-punnets switch off, a pay-at-the-farm-shop switch on, a car registration field, Reserve
 * places, Pick / Farm shop / Visits tabs) (ios-pick-your-own-slots); a physiotherapy app's
 * exercises for today (Morning / Evening segments with Morning chosen, knee rehab week 3 of 6, "2 of
 * 4 done", straight leg raises 3 × 10 done at 08:12 and heel slides 2 × 15 done at 08:20 each with
 * Undo and Watch video, wall squats 3 × 30 seconds not done yet with Mark done and Watch video,
 * step-ups paused by the physio with Ask why only, Mild / Moderate / Severe pain segments with
 * Moderate chosen, an 18:30 evening reminder switch on, a share-my-log-with-Jo switch off, a "How
 * did it feel?" field, next appointment Tue 24 Jun 15:45 with Jo Mensah, Message Jo)
 * (ios-physio-exercises); and a guitar repair shop's "Cancel the Stratocaster setup?" alert (the
 * drop-off on Wed 18 Jun at 10:00, a £20.00 deposit back within 5 working days, Keep booking /
 * Cancel setup) over a list of the Stratocaster setup with Change and Cancel, a Martin D-28 crack
 * repair waiting for parts with Message luthier, and a Yamaha C40 restring ready with Pay &
 * collect (ios-cancel-guitar-setup-alert).
 *
 * 80 cases (41 Android, 19 of them must fail; 39 iOS, 13 must fail): 32 must fail in all: a wrong
 * price, time, refund card, count or loyalty figure, a claim true of another row (the witch room's
 * price for the curator, the raspberries' places for the strawberries, Priya for the vocal booth),
 * a false claim about a switch's, checkbox's, chip's or segment's state, a control a row does not
 * have (Book for the fully booked room and the full gooseberries, Details for the curator, Extend
 * for the rehearsal, a video for the paused step-ups), buttons behind the dialog and the alert, a
 * claim the dialog's or alert's text contradicts, a "… is not shown" of text that is shown. Three
 * are "… is not shown" (absent).
 * Blind score before any fix: 59 of 80 (73.8 %), 1 false pass, none on a wrong element (scored once on main at
 * 3be8ac3, after the session-17 readings of 04304fd, none of them made on this batch). The false pass: "Check the
 * strawberry slot has 4 places left" passed on the raspberries' row "4 places left", reading "strawberry slot" as a
 * subject the screen names nowhere (the row is "Strawberries"); closed in the next commit.
 */
import { absent, type CorpusCase, fails, onPlatform, pass, type Row, tap, type } from './corpus-case.js';

const escapeRoom: Row[] = [
  ['Book the earliest game of the day', 'android-escape-room-booking', tap({ id: 'book_button', nth: 1 })],
  ['Book the quarter to eight slot', 'android-escape-room-booking', tap({ id: 'book_button', nth: 3 })],
  ['Put us on the waiting list for the witch room', 'android-escape-room-booking', tap({ id: 'waitlist_button' })],
  ["Book the Witch's Cottage", 'android-escape-room-booking', fails()],
  ['Open the details for the Vanishing Curator', 'android-escape-room-booking', fails()],
  ['Open the details for the half past one room', 'android-escape-room-booking', tap({ id: 'details_button', nth: 1 })],
  ['Today should be the chosen day', 'android-escape-room-booking', fails()],
  ['Enter Clueless in Leeds as our team name', 'android-escape-room-booking', type({ id: 'team_name' }, 'Clueless in Leeds')],
  ['Turn on the team photo', 'android-escape-room-booking', tap({ id: 'photo_switch' })],
  ['Make sure the day-before reminder is switched off', 'android-escape-room-booking', fails()],
  ['Check that the under-16 box is ticked', 'android-escape-room-booking', fails()],
  ['Verify Submarine 7 is £96 for the four of us', 'android-escape-room-booking', pass({ text: '£96 for 4 players' })],
  ['Check Prison Break starts at half past seven', 'android-escape-room-booking', fails()],
  ['The curator room costs £80', 'android-escape-room-booking', fails()],
  ["Check that 'Fully booked' is not shown", 'android-escape-room-booking', fails()],
];

const studio: Row[] = [
  ["Extend Thursday's session", 'android-recording-studio-sessions', tap({ id: 'extend_button' })],
  ['Cancel the one for Saturday', 'android-recording-studio-sessions', tap({ id: 'cancel_button', nth: 2 })],
  ['Cancel the one in the vocal booth', 'android-recording-studio-sessions', tap({ id: 'cancel_button', nth: 3 })],
  ['Pay what is left on Room C', 'android-recording-studio-sessions', tap({ id: 'pay_button' })],
  ['Extend the rehearsal in Room C', 'android-recording-studio-sessions', fails()],
  ['Verify the vocal booth booking is confirmed', 'android-recording-studio-sessions', fails()],
  ['The Saturday session runs from ten till two', 'android-recording-studio-sessions', pass({ text: 'Sat 21 Jun · 10:00 – 14:00' })],
  ["Check Thursday's session finishes at 10pm", 'android-recording-studio-sessions', fails()],
  ['Make sure Priya is engineering the vocal booth', 'android-recording-studio-sessions', fails()],
  ['Add the bass amp', 'android-recording-studio-sessions', tap({ id: 'bass_amp_checkbox' })],
  ['Check the extra vocal mic is included', 'android-recording-studio-sessions', fails()],
  ['Verify bookings are shared with the band', 'android-recording-studio-sessions', pass({ id: 'share_switch' })],
  [
    "Write 'Bring a spare snare skin' in the engineer notes",
    'android-recording-studio-sessions',
    type({ id: 'engineer_notes' }, 'Bring a spare snare skin'),
  ],
  ['Check I have 7 of 10 loyalty hours', 'android-recording-studio-sessions', fails()],
  ['Open past sessions', 'android-recording-studio-sessions', tap({ desc: 'Past' })],
];

const skipDialog: Row[] = [
  ['Keep the skip', 'android-cancel-skip-hire-dialog', tap({ text: 'Keep skip' })],
  ['Yes, cancel the mini skip', 'android-cancel-skip-hire-dialog', tap({ text: 'Cancel skip' })],
  ['Tick the box to keep the permit for later', 'android-cancel-skip-hire-dialog', tap({ id: 'keep_permit_checkbox' })],
  ['Check we get £195 back', 'android-cancel-skip-hire-dialog', pass({ id: 'message' })],
  ['Verify the permit fee is refunded too', 'android-cancel-skip-hire-dialog', fails()],
  ['Check the money goes back to the card ending 8823', 'android-cancel-skip-hire-dialog', fails()],
  ["Extend the hire on the builder's skip", 'android-cancel-skip-hire-dialog', fails()],
  ['Download the receipt for the wait and load', 'android-cancel-skip-hire-dialog', fails()],
  ['Make sure the keep-permit box is not ticked', 'android-cancel-skip-hire-dialog', pass({ id: 'keep_permit_checkbox' })],
  ["The dialog is about cancelling the builder's skip", 'android-cancel-skip-hire-dialog', fails()],
  ["Check 'Cancellation fee' is not shown", 'android-cancel-skip-hire-dialog', absent],
];

const pickYourOwn: Row[] = [
  ['The raspberry slot looks good, book it', 'ios-pick-your-own-slots', tap({ id: 'Book', nth: 2 })],
  ['Let me know when the gooseberries have space', 'ios-pick-your-own-slots', tap({ id: 'notifyMe' })],
  ['Book the gooseberries', 'ios-pick-your-own-slots', fails()],
  ['Get directions to the broad beans field', 'ios-pick-your-own-slots', tap({ id: 'Directions' })],
  ['Pick Sunday instead', 'ios-pick-your-own-slots', tap({ id: 'daySun' })],
  ['Verify Friday is the selected day', 'ios-pick-your-own-slots', fails()],
  ['Raspberries are £7.50 a kilo', 'ios-pick-your-own-slots', pass({ id: 'cropPrice_1' })],
  ['Check strawberries cost £4.50 per kg', 'ios-pick-your-own-slots', fails()],
  ['Check the strawberry slot has 4 places left', 'ios-pick-your-own-slots', fails()],
  ['Make sure gooseberry picking starts at 9 in the morning', 'ios-pick-your-own-slots', pass({ id: 'cropSlot_2' })],
  ['Turn on borrowing punnets', 'ios-pick-your-own-slots', tap({ id: 'punnetSwitch' })],
  ['Paying at the farm shop should be on', 'ios-pick-your-own-slots', pass({ id: 'payAtShopSwitch' })],
  ['Enter AB12 CDE as the car reg', 'ios-pick-your-own-slots', type({ id: 'carReg' }, 'AB12 CDE')],
  ["Check 'Cherries' is not shown", 'ios-pick-your-own-slots', absent],
];

const physio: Row[] = [
  ['Mark the wall squats as done', 'ios-physio-exercises', tap({ id: 'Mark done' })],
  ['Undo the heel slides', 'ios-physio-exercises', tap({ id: 'Undo', nth: 2 })],
  ['Watch the video for the first exercise', 'ios-physio-exercises', tap({ id: 'Watch video', nth: 1 })],
  ['Watch the step-ups video', 'ios-physio-exercises', fails()],
  ['Check wall squats are three sets of 30 seconds', 'ios-physio-exercises', pass({ id: 'exDose_2' })],
  ['Check the leg raises were done at 8:12 this morning', 'ios-physio-exercises', pass({ id: 'exStatus_0' })],
  ['Check 3 of the 4 exercises are done', 'ios-physio-exercises', fails()],
  ['Check I rated the pain as mild', 'ios-physio-exercises', fails()],
  ['Make sure the evening reminder is set for half six', 'ios-physio-exercises', pass({ id: 'eveningReminder' })],
  ['Check my log is shared with Jo', 'ios-physio-exercises', fails()],
  [
    "Type 'A bit stiff on the stairs' in the how did it feel box",
    'ios-physio-exercises',
    type({ id: 'feelNote' }, 'A bit stiff on the stairs'),
  ],
  ['Check the next appointment is Tuesday at quarter to four', 'ios-physio-exercises', pass({ id: 'nextAppointment' })],
  ['Verify my next appointment is at 3.15pm', 'ios-physio-exercises', fails()],
  ['Ask why the step-ups are paused', 'ios-physio-exercises', tap({ id: 'askWhy' })],
];

const guitarMessage =
  'Your drop-off on Wed 18 Jun at 10:00 will be cancelled. The £20.00 deposit goes back to your card within 5 working days.';

const guitarAlert: Row[] = [
  ['Keep the booking', 'ios-cancel-guitar-setup-alert', tap({ id: 'Keep booking' })],
  ['Cancel the Stratocaster setup', 'ios-cancel-guitar-setup-alert', tap({ id: 'Cancel setup' })],
  ['It says the £20 deposit will be refunded', 'ios-cancel-guitar-setup-alert', pass({ id: guitarMessage })],
  ['Check the deposit is £25', 'ios-cancel-guitar-setup-alert', fails()],
  ['Verify the money is back within 5 working days', 'ios-cancel-guitar-setup-alert', pass({ id: guitarMessage })],
  ['The alert is about the Martin', 'ios-cancel-guitar-setup-alert', fails()],
  ['Pay and collect the Yamaha', 'ios-cancel-guitar-setup-alert', fails()],
  ['Message the luthier about the Martin', 'ios-cancel-guitar-setup-alert', fails()],
  ["Make sure it's the Wednesday 10 o'clock drop-off being cancelled", 'ios-cancel-guitar-setup-alert', pass({ id: guitarMessage })],
  ["Check 'Deposit is non-refundable' is not shown", 'ios-cancel-guitar-setup-alert', absent],
  [
    'Check the title asks to cancel the Stratocaster setup',
    'ios-cancel-guitar-setup-alert',
    pass({ id: 'Cancel the Stratocaster setup?', type: 'StaticText' }),
  ],
];

export const fortyEighthBatch: CorpusCase[] = [
  ...onPlatform('android', [...escapeRoom, ...studio, ...skipDialog]),
  ...onPlatform('ios', [...pickYourOwn, ...physio, ...guitarAlert]),
].map((c) => ({ ...c, blind: true }));
