/**
 * Forty-seventh batch: six new screens, written blind: not run before commit.
 * Written by a helper of session 16 (branch s16-47): only its brief, corpus-case.ts, the
 * ElementRef interface of fixtures/cases.ts (to write element references), corpus.test.ts (only
 * the imports, the spread and the blind-batch table, to register the batch), the head comment,
 * first 60 lines and last 5 lines of the forty-sixth batch, and the first 60 lines of two of its
 * screens (android-babysitter-booking, ios-hair-salon-booking) were read for the format, plus the
 * file names under screens/ (ls only) to pick app kinds not yet in the corpus; never the offline
 * model, its lexicon, the rules in docs/ or the other batches, and neither the model nor the
 * corpus test was read or run. The screens were written first (by a throw-away generator under
 * /tmp, checked with a plain XML parser for well-formedness), then the cases.
 *
 * Screens: a piano tuner's upcoming visits (Upcoming / Past tabs with Upcoming chosen, "3 visits
 * booked", a Yamaha U1 upright on Tue 3 Jun at 14:30 with Gareth Lloyd for £85.00 confirmed with
 * Reschedule and Cancel, a Steinway M baby grand on Fri 13 Jun at 10:00 with Aisha Karim for
 * £120.00 awaiting confirmation with Message and Cancel, a church hall Bechstein on Mon 23 Jun at
 * 09:15 with Gareth for £95.00 incl. pitch raise confirmed with Reschedule and Cancel, an
 * on-the-way text switch on, a pitch raise switch off, a radiator checkbox ticked, an access notes
 * field, a last-tuned line, Book another tuning, Visits / My pianos / Account navigation)
 * (android-piano-tuner-visits); a community fridge's donation log (Elm Road, 4.2 °C checked at
 * 08:10 by Sam, Today / This week / All chips with Today chosen, "4 donations today · 23 items",
 * bread and milk on the shelf with Mark taken and Edit, rejected home-made rice with Remove only,
 * bananas all taken with Undo only, an allergen checkbox unticked, a fridge-full switch off, a
 * temperature reminder switch on, a handover note field, Log a donation, Log / Rota / Fridge
 * navigation) (android-community-fridge-log); a chimney sweep app's "Cancel this sweep?" dialog
 * (living room wood burner on Wed 11 Jun 08:00 – 10:00, less than 48 hours away so a £15 late
 * fee on the card ending 4417, an unticked "Offer me the next free slot instead" checkbox, Keep
 * booking / Cancel sweep) over a list of a wood burner and a Rayburn with Reschedule and Cancel
 * and a swept open fire with Download certificate (android-cancel-chimney-sweep-dialog); a dry
 * cleaning order (Standard (3 days) / Express segments with Standard chosen, a £14.50 suit with a
 * coffee stain, 5 shirts at £2.50 each with fewer / more buttons, an £18.00 wool coat missing a
 * button, a silk dress priced after inspection, each with Remove, collection Wed 4 Jun 18:00 –
 * 20:00 with Change, return Sat 7 Jun, a hang-shirts switch on, an eco clean switch off, a driver
 * instructions field, a £45.00 total, Place order) (ios-dry-cleaning-order); an ice rink's public
 * skating sessions (Today / Fri 6 Jun / Sat 7 Jun with Fri chosen, a 10:00 and a 16:30 general
 * skate at £8.50 with 42 and 9 places left and Book, a sold-out 12:00 parent & toddler with Join
 * waitlist only, a 19:30 disco with 2 tickets held and Manage, 3 skaters with fewer / more, a skate
 * hire switch on, a helmet switch off, a skate sizes field, a gloves rule, a Saturday 17:00
 * closure) (ios-ice-rink-sessions); and a mobile library van's route for the week (Route / My
 * loans with Route chosen, 2 reserved books waiting at Ashby Green, four stops: Little Harwood Mon
 * 09:30 with its Remind me switch on, Ashby Green Tue 14:00 and Brook End Fri 16:15 with theirs
 * off, each with Directions, and a Kelsey Primary school visit with neither, a cancelled Thursday
 * Pitton stop, Request a stop near me, a route-changes switch on) (ios-mobile-library-stops).
 *
 * 80 cases (41 Android, 17 of them must fail; 39 iOS, 13 must fail): 30 must fail in all: a wrong
 * price, temperature, date or time, a claim true of another row, a false claim about a switch's,
 * checkbox's or segment's state, a control a row does not have (Reschedule for the unconfirmed
 * visit, Edit for taken bananas, Book for a sold-out session, Directions for a school visit), a
 * button behind the dialog, a claim the dialog's text contradicts, a "… is not shown" of text that
 * is shown. Two are "… is not shown" (absent).
 * Blind score before any fix: 55 of 80 (68.8 %), 1 false pass, none on a wrong element (scored once on main at
 * 4bb5fb3, after every session-16 reading, none of them made on this batch). The false pass was an older reading:
 * "Check the Steinway visit is confirmed" passed over "Awaiting confirmation" (closed in a95f599). A "done" on the
 * wrong switch ("Turn on the reminder for Ashby Green" judged the first row's "Remind me", already on) counted as a
 * plain miss; closed in the same commit. After this batch's own readings: 63 of 80.
 */
import { absent, type CorpusCase, fails, onPlatform, pass, type Row, tap, type } from './corpus-case.js';

const piano: Row[] = [
  ['Reschedule the Yamaha tuning', 'android-piano-tuner-visits', tap({ id: 'reschedule_button', nth: 1 })],
  ['cancel the church hall visit, the Bechstein is being sold', 'android-piano-tuner-visits', tap({ id: 'cancel_button', nth: 3 })],
  ['Message Aisha about the Steinway', 'android-piano-tuner-visits', tap({ id: 'message_button' })],
  ['Reschedule the baby grand', 'android-piano-tuner-visits', fails()],
  ['Check the Steinway visit is confirmed', 'android-piano-tuner-visits', fails()],
  ['Verify Gareth is tuning the Yamaha on Tuesday 3 June at half past two', 'android-piano-tuner-visits', pass()],
  [
    'Make sure the church hall tuning costs £95 including the pitch raise',
    'android-piano-tuner-visits',
    pass({ text: '£95.00 incl. pitch raise' }),
  ],
  ['Check the baby grand tuning is £95', 'android-piano-tuner-visits', fails()],
  ['Gareth Lloyd is the tuner for the Steinway', 'android-piano-tuner-visits', fails()],
  ['Turn on the pitch raise for every visit', 'android-piano-tuner-visits', tap({ id: 'pitch_raise_switch' })],
  ['Verify the radiator box is unticked', 'android-piano-tuner-visits', fails()],
  [
    'Enter "Side gate, ring twice" in the access notes',
    'android-piano-tuner-visits',
    type({ id: 'access_notes' }, 'Side gate, ring twice'),
  ],
  ['3 visits are booked', 'android-piano-tuner-visits', pass({ id: 'visit_count' })],
  ['"Cancelled" is not shown', 'android-piano-tuner-visits', absent],
];

const fridge: Row[] = [
  ['Mark the milk as taken', 'android-community-fridge-log', tap({ id: 'mark_taken_button', nth: 2 })],
  ['The home-made rice was rejected, so remove it', 'android-community-fridge-log', tap({ id: 'remove_button' })],
  ['Edit the bananas entry', 'android-community-fridge-log', fails()],
  ['Verify the fridge temperature was checked at 8:10 by Sam', 'android-community-fridge-log', pass({ id: 'fridge_temp' })],
  ['Check the fridge is at 5.2 °C', 'android-community-fridge-log', fails()],
  ['Make sure 23 items were donated today', 'android-community-fridge-log', pass({ id: 'summary' })],
  ['Check the bread is use by Friday 6 June', 'android-community-fridge-log', fails()],
  ['bananas still on the shelf', 'android-community-fridge-log', fails()],
  ['Switch on the fridge-full alert for volunteers', 'android-community-fridge-log', tap({ id: 'full_alert_switch' })],
  ['Ensure the daily temperature reminder is off', 'android-community-fridge-log', fails()],
  ["Show this week's donations", 'android-community-fridge-log', tap({ text: 'This week' })],
  [
    'Write "Milk running low, ask Co-op" in the note for the next volunteer',
    'android-community-fridge-log',
    type({ id: 'handover_note' }, 'Milk running low, ask Co-op'),
  ],
  ['"Home-cooked food not accepted" is not shown', 'android-community-fridge-log', fails()],
  ['The donation log for the Elm Road fridge is open', 'android-community-fridge-log', pass()],
];

const sweep: Row[] = [
  ['Cancel sweep', 'android-cancel-chimney-sweep-dialog', tap({ id: 'button1' })],
  ['Yes, cancel the wood burner sweep', 'android-cancel-chimney-sweep-dialog', tap({ id: 'button1' })],
  ['Actually, keep the booking', 'android-cancel-chimney-sweep-dialog', tap({ id: 'button2' })],
  ["Tick 'offer me the next free slot'", 'android-cancel-chimney-sweep-dialog', tap({ id: 'rebook_checkbox' })],
  ['Check the late cancellation fee is £15', 'android-cancel-chimney-sweep-dialog', pass({ id: 'message' })],
  ["Check I'm charged £25 for cancelling late", 'android-cancel-chimney-sweep-dialog', fails()],
  ['The dialog is asking about the Kitchen Rayburn', 'android-cancel-chimney-sweep-dialog', fails()],
  ['Verify the fee goes on the card ending 4417', 'android-cancel-chimney-sweep-dialog', pass({ id: 'message' })],
  ['Reschedule the Rayburn instead', 'android-cancel-chimney-sweep-dialog', fails()],
  ['Download the certificate for the bedroom open fire', 'android-cancel-chimney-sweep-dialog', fails()],
  ['Make sure the sweep is more than 48 hours away', 'android-cancel-chimney-sweep-dialog', fails()],
  ['The rebook box should be ticked', 'android-cancel-chimney-sweep-dialog', fails()],
  ["Check it's the Wednesday 11 June sweep, 8 till 10 in the morning", 'android-cancel-chimney-sweep-dialog', pass({ id: 'message' })],
];

const dryCleaning: Row[] = [
  ['Remove the wool coat', 'ios-dry-cleaning-order', tap({ id: 'Remove', nth: 3 })],
  ['add one more shirt', 'ios-dry-cleaning-order', tap({ id: 'shirtsPlus' })],
  ['Check there are five shirts on the order', 'ios-dry-cleaning-order', pass()],
  ['Verify the coat costs £14.50', 'ios-dry-cleaning-order', fails()],
  ['Make sure the total is £45', 'ios-dry-cleaning-order', pass({ id: 'totalLabel' })],
  ['Switch to express', 'ios-dry-cleaning-order', tap({ id: 'speedExpress' })],
  ['Check express next-day cleaning is selected', 'ios-dry-cleaning-order', fails()],
  ['Turn on eco clean', 'ios-dry-cleaning-order', tap({ id: 'ecoSwitch' })],
  ['Verify the shirts will be folded', 'ios-dry-cleaning-order', fails()],
  [
    "Type 'Leave with the concierge' in the driver instructions",
    'ios-dry-cleaning-order',
    type({ id: 'driverNotes' }, 'Leave with the concierge'),
  ],
  ['Collection is Wednesday the 4th between 6 and 8 pm', 'ios-dry-cleaning-order', pass({ id: 'collectionLabel' })],
  ['Check our clothes come back on Friday 6 June', 'ios-dry-cleaning-order', fails()],
  ['Check the note on the coat says a button is missing', 'ios-dry-cleaning-order', pass({ id: 'itemNote_2' })],
];

const iceRink: Row[] = [
  ['Book the half four general skate', 'ios-ice-rink-sessions', tap({ id: 'Book', nth: 2 })],
  ['put us on the waitlist for parent and toddler', 'ios-ice-rink-sessions', tap({ id: 'waitlistButton' })],
  ['Book the parent & toddler session', 'ios-ice-rink-sessions', fails()],
  ['Manage my disco tickets', 'ios-ice-rink-sessions', tap({ id: 'manageButton' })],
  ['Check there are 9 places left at 16:30', 'ios-ice-rink-sessions', pass()],
  ['Verify 42 places are left for the 16:30 skate', 'ios-ice-rink-sessions', fails()],
  ['I have two tickets for the disco on ice', 'ios-ice-rink-sessions', pass()],
  ['Friday 6 June is the selected day', 'ios-ice-rink-sessions', pass({ id: 'dayFri' })],
  ['Add another skater', 'ios-ice-rink-sessions', tap({ id: 'skatersPlus' })],
  ['Make sure helmet hire is switched on', 'ios-ice-rink-sessions', fails()],
  ['Enter UK 5, UK 7, UK 10 as the skate sizes', 'ios-ice-rink-sessions', type({ id: 'skateSizesField' }, 'UK 5, UK 7, UK 10')],
  ['Check gloves are optional', 'ios-ice-rink-sessions', fails()],
  ['The rink shuts at 5pm on Saturday for ice hockey', 'ios-ice-rink-sessions', pass({ id: 'closureNote' })],
];

const mobileLibrary: Row[] = [
  ['Turn on the reminder for Ashby Green', 'ios-mobile-library-stops', tap({ id: 'reminderSwitch_1' })],
  ["remind me about friday's stop", 'ios-mobile-library-stops', tap({ id: 'reminderSwitch_3' })],
  ['Check the Brook End reminder is on', 'ios-mobile-library-stops', fails()],
  ['Verify the Little Harwood reminder is on', 'ios-mobile-library-stops', pass({ id: 'reminderSwitch_0' })],
  ['Get directions to the bus shelter stop', 'ios-mobile-library-stops', tap({ id: 'directionsButton', nth: 3 })],
  ['Directions to Kelsey school please', 'ios-mobile-library-stops', fails()],
  ['Check the van is at Ashby Green on Tuesday 3 June from 2 till quarter to 3', 'ios-mobile-library-stops', pass()],
  ['Verify the Little Harwood stop starts at 10:30', 'ios-mobile-library-stops', fails()],
  ['Make sure my reserved books are waiting at Little Harwood', 'ios-mobile-library-stops', fails()],
  ["Thursday's stop at Pitton is cancelled", 'ios-mobile-library-stops', pass({ id: 'cancelledNotice' })],
  ['Show my loans', 'ios-mobile-library-stops', tap({ id: 'segLoans' })],
  ['ensure route change alerts are off', 'ios-mobile-library-stops', fails()],
  ['"Van 3" is not shown', 'ios-mobile-library-stops', absent],
];

export const fortySeventhBatch: CorpusCase[] = [
  ...onPlatform('android', [...piano, ...fridge, ...sweep]),
  ...onPlatform('ios', [...dryCleaning, ...iceRink, ...mobileLibrary]),
].map((c) => ({ ...c, blind: true }));
