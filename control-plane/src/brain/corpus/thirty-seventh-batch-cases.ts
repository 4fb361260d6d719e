/**
 * Thirty-seventh batch: six new screens, written blind: not run before commit.
 * Written by a helper of session 11 (branch s11-37): only the brief, corpus-case.ts, the ElementRef
 * interface of fixtures/cases.ts (to write element references; the grep that found it also printed
 * the 30 lines after it, the Expected type and its helpers), corpus.test.ts where batches are
 * registered (to register this one), the head comment and first 60 lines of the thirty-fifth batch
 * and the first 60 lines of two of its screens (android-boiler-service, ios-subscriptions-tracker)
 * were read for the format, plus the file names under screens/ to pick app kinds not yet in the
 * corpus; never the offline model, its lexicon, the rules in docs/ or the other batches. The model
 * was never read or run and the corpus test was never run. The screens were written first (with a
 * throwaway generator outside the repo), then the cases as a tester of each app would write them.
 *
 * Screens: a council allotment app on the My plot tab (plot 14B on Hollybank Road, £42.00 a year
 * paid until 31 Mar 2027, a passed inspection, four shared tools: two with Book, a strimmer on
 * loan with Return, a hedge trimmer unavailable with no button, site-notice emails on, co-worker
 * access off) (android-allotment-plot), a beekeeper's apiary log (Hives / Harvest / Treatments
 * tabs, 23.5 kg of honey, 6°C, three hives each with Log inspection, Hive 2 queenless with Needs
 * check and Order queen, frost alerts off, an Add hive button) (android-hive-inspections), a canal
 * boat's "End mooring early?" dialog over the mooring at Bath Top Lock (a £17.00 refund for 2
 * unused nights within 5 days, a ticked lock-keeper checkbox, Keep mooring / End now, with Extend
 * stay and End mooring behind it) (android-end-mooring-dialog), a choir's rehearsals (Alto part
 * chosen, 9 of 11 attended, three rehearsals, one already Going with Change, two with I'm going /
 * Can't make it, a £12.00 carol concert with Buy tickets, two scores, a reminder switch on and a
 * lift switch off) (ios-choir-rehearsals), a pottery studio's pieces (In progress / Finished,
 * 4 of 6 shelf spaces, a cone 6 glaze firing on Fri 4 Dec, four pieces each in another state with
 * its own button or none, £3.50 a piece, ready notifications on, photo sharing off)
 * (ios-pottery-kiln) and an astronomy society's "Return telescope early?" alert over two loans
 * (the telescope goes to Priya Shah, drop-off by 8 pm on Sunday, Not Now / Return, Extend and
 * Return early behind it) (ios-return-telescope-alert).
 *
 * 107 cases (54 Android, 20 of them must fail; 53 iOS, 20 must fail): 40 must fail in all: a
 * wrong rent, weight, temperature, refund, count, fee or time, a claim true of another row, a
 * false claim about a tab's, segment's, switch's or checkbox's state, a tap on a control a row
 * does not have, a control on no screen, a button asked for that is only behind the dialog or the
 * alert, a claim the dialog's text contradicts, a negation of a thing that is shown.
 * Blind score before any fix: 82/107 (76.6 %), 2 false passes, 2 on a wrong element (the model of main at 931c618, run once by the lead).
 */
import { absent, type CorpusCase, fails, onPlatform, pass, type Row, tap } from './corpus-case.js';

const allotment: Row[] = [
  ['Book the rotavator', 'android-allotment-plot', tap({ id: 'book_button', nth: 1 })],
  ['I need the wheelbarrow, book it', 'android-allotment-plot', tap({ id: 'book_button', nth: 2 })],
  ["I'm done with the strimmer, return it", 'android-allotment-plot', tap({ id: 'return_button' })],
  ['Open the Tools tab', 'android-allotment-plot', tap({ desc: 'Tools' })],
  ['Let a co-worker tend my plot', 'android-allotment-plot', tap({ id: 'coworker_switch' })],
  ['Stop the site notice emails', 'android-allotment-plot', tap({ id: 'notices_switch' })],
  ['The shed lock is broken, report a problem', 'android-allotment-plot', tap({ id: 'report_button' })],
  ['Check the plot is 14B on Hollybank Road', 'android-allotment-plot', pass({ id: 'plot_title' })],
  ['Make sure the rent is paid up to 31 March 2027', 'android-allotment-plot', pass({ id: 'rent_text' })],
  ['The plot passed its last inspection', 'android-allotment-plot', pass({ id: 'inspection_text' })],
  ['Check the strimmer is due back on Saturday 5 Dec', 'android-allotment-plot', pass({ id: 'tool_status', nth: 2 })],
  ['My plot tab is selected', 'android-allotment-plot', pass({ desc: 'My plot' })],
  ['The My allotment screen is shown', 'android-allotment-plot', pass({ id: 'toolbar_title' })],
  ['"Rent overdue" is not shown', 'android-allotment-plot', absent],
  ['Check rent is £24.00 a year', 'android-allotment-plot', fails()],
  ['Verify the rotavator is on loan to me', 'android-allotment-plot', fails()],
  ['Book the hedge trimmer', 'android-allotment-plot', fails()],
  ['Return the wheelbarrow', 'android-allotment-plot', fails()],
  ['Check co-worker access is turned on', 'android-allotment-plot', fails()],
  ['Verify the Notices tab is selected', 'android-allotment-plot', fails()],
  ['Check the last inspection was on 21 Sep 2026', 'android-allotment-plot', fails()],
];

const hives: Row[] = [
  ['Log an inspection for Hive 2', 'android-hive-inspections', tap({ id: 'log_button', nth: 2 })],
  ['log inspection on the nuc', 'android-hive-inspections', tap({ id: 'log_button', nth: 3 })],
  ['The Carniolan hive has lost its queen, order a new one', 'android-hive-inspections', tap({ id: 'order_queen_button' })],
  ['Open Hive 1', 'android-hive-inspections', tap({ id: 'hive_row', has: 'Hive 1 · Buckfast' })],
  ['Add a new hive', 'android-hive-inspections', tap({ desc: 'Add hive' })],
  ['Switch to the Harvest tab', 'android-hive-inspections', tap({ desc: 'Harvest' })],
  ['Turn frost alerts on', 'android-hive-inspections', tap({ id: 'frost_switch' })],
  ['Check honey so far this year is 23.5 kg', 'android-hive-inspections', pass({ id: 'honey_text' })],
  ['Hive 2 needs checking', 'android-hive-inspections', pass({ id: 'hive_badge' })],
  ['Verify the queen was seen in Hive 1', 'android-hive-inspections', pass({ id: 'hive_detail', nth: 1 })],
  ["It's too cold to open the hives today", 'android-hive-inspections', pass({ id: 'weather_text' })],
  ['"Swarm alert" is not displayed', 'android-hive-inspections', absent],
  ['Check honey this year is 32.5 kg', 'android-hive-inspections', fails()],
  ['Verify queen cells were found in Hive 3', 'android-hive-inspections', fails()],
  ['Order a queen for Hive 1', 'android-hive-inspections', fails()],
  ['Check frost alerts are on', 'android-hive-inspections', fails()],
  ['Verify Hive 2 was inspected on 22 Nov', 'android-hive-inspections', fails()],
  ["Check it's 9°C today", 'android-hive-inspections', fails()],
  ["Verify Hive 2 doesn't need a check", 'android-hive-inspections', fails()],
];

const mooring: Row[] = [
  ['Tap End now', 'android-end-mooring-dialog', tap({ id: 'android:id/button1' })],
  ['Keep the mooring', 'android-end-mooring-dialog', tap({ id: 'android:id/button2' })],
  ['Actually we want to stay, tap Keep mooring in the dialog', 'android-end-mooring-dialog', tap({ id: 'android:id/button2' })],
  ['untick let the lock keeper know', 'android-end-mooring-dialog', tap({ id: 'lock_keeper_checkbox' })],
  ['Check the dialog asks to end the mooring early', 'android-end-mooring-dialog', pass({ id: 'android:id/alertTitle' })],
  ['Verify the 2 unused nights are refunded', 'android-end-mooring-dialog', pass({ id: 'android:id/message' })],
  ['Refund is £17.00', 'android-end-mooring-dialog', pass({ id: 'android:id/message' })],
  ['Make sure the lock keeper will be told', 'android-end-mooring-dialog', pass({ id: 'lock_keeper_checkbox' })],
  ['Tap Extend stay', 'android-end-mooring-dialog', fails()],
  ['Check the refund is £25.50', 'android-end-mooring-dialog', fails()],
  ['Verify the refund comes within 10 days', 'android-end-mooring-dialog', fails()],
  ['Check let the lock keeper know is unticked', 'android-end-mooring-dialog', fails()],
  ['Tap Cancel booking', 'android-end-mooring-dialog', fails()],
  ['"End mooring early?" is not shown', 'android-end-mooring-dialog', fails()],
];

const choir: Row[] = [
  ['RSVP yes to the sectionals on 8 Dec', 'ios-choir-rehearsals', tap({ id: 'going_1' })],
  ["I can't make the dress rehearsal", 'ios-choir-rehearsals', tap({ id: 'cantGo_2' })],
  ['Buy tickets for the carol concert', 'ios-choir-rehearsals', tap({ id: 'buyTickets_3' })],
  ['Download the alto part for In the Bleak Midwinter', 'ios-choir-rehearsals', tap({ id: 'download_0' })],
  ['Switch to the tenor part', 'ios-choir-rehearsals', tap({ id: 'Tenor' })],
  ['Turn on Offer a lift', 'ios-choir-rehearsals', tap({ id: 'liftSwitch' })],
  ['Something came up, change my answer for Tuesday 1 December', 'ios-choir-rehearsals', tap({ id: 'changeRsvp_0' })],
  ["Check I'm going to the 1 Dec rehearsal", 'ios-choir-rehearsals', pass({ id: 'rsvpStatus_0' })],
  ['Verify attendance is 9 out of 11', 'ios-choir-rehearsals', pass({ id: 'attendanceLabel' })],
  ['Make sure the dress rehearsal says to wear black', 'ios-choir-rehearsals', pass({ id: 'rehearsalDetail_2' })],
  ['Alto is selected', 'ios-choir-rehearsals', pass({ id: 'Alto' })],
  ['The rehearsals screen is shown', 'ios-choir-rehearsals', pass()],
  ['"Rehearsal cancelled" is not shown', 'ios-choir-rehearsals', absent],
  ['Check attendance is 10 of 11', 'ios-choir-rehearsals', fails()],
  ['Verify In the Bleak Midwinter is downloaded', 'ios-choir-rehearsals', fails()],
  ['Buy tickets for the sectionals', 'ios-choir-rehearsals', fails()],
  ['Check Offer a lift is on', 'ios-choir-rehearsals', fails()],
  ['Verify Soprano is selected', 'ios-choir-rehearsals', fails()],
  ['Check the carol concert is on Sat 12 Dec', 'ios-choir-rehearsals', fails()],
  ['"Bathwick Community Choir" is not shown', 'ios-choir-rehearsals', fails()],
];

const kiln: Row[] = [
  ['Book a glaze firing for the speckled mug', 'ios-pottery-kiln', tap({ id: 'bookGlaze_0' })],
  ["Cancel the planter's bisque firing", 'ios-pottery-kiln', tap({ id: 'cancelFiring_2' })],
  ['pay and collect the tea bowls', 'ios-pottery-kiln', tap({ id: 'payCollect_3' })],
  ['Show finished pieces', 'ios-pottery-kiln', tap({ id: 'Finished' })],
  ['Open the serving bowl', 'ios-pottery-kiln', tap({ type: 'Cell', has: 'Serving bowl' })],
  ['Turn off the ready notifications', 'ios-pottery-kiln', tap({ id: 'readySwitch' })],
  ['Check 4 of 6 shelf spaces are used', 'ios-pottery-kiln', pass({ id: 'shelfLabel' })],
  ['Verify the next glaze firing is Friday 4 December at cone 6', 'ios-pottery-kiln', pass({ id: 'nextFiringLabel' })],
  ['The serving bowl will be ready on 30 Nov', 'ios-pottery-kiln', pass({ id: 'pieceStatus_1' })],
  ['Make sure £7.00 is due on the tea bowls', 'ios-pottery-kiln', pass({ id: 'pieceStatus_3' })],
  ['Sharing photos with the studio is off', 'ios-pottery-kiln', pass({ id: 'photoSwitch' })],
  ['"Kiln fault" is not shown', 'ios-pottery-kiln', absent],
  ['Check shelf space is 5 of 6 used', 'ios-pottery-kiln', fails()],
  ['Book a glaze firing for the serving bowl', 'ios-pottery-kiln', fails()],
  ['Verify the speckled mug is ready to collect', 'ios-pottery-kiln', fails()],
  ['Check the ready notifications are off', 'ios-pottery-kiln', fails()],
  ['Verify Finished is selected', 'ios-pottery-kiln', fails()],
  ['Tap Delete piece', 'ios-pottery-kiln', fails()],
  ['Check the firing fee is £5.30 per piece', 'ios-pottery-kiln', fails()],
  ['The hanging planter is not listed', 'ios-pottery-kiln', fails()],
];

const telescope: Row[] = [
  ['Tap Return in the alert', 'ios-return-telescope-alert', tap({ id: 'Return' })],
  ['not now', 'ios-return-telescope-alert', tap({ id: 'Not Now' })],
  ['Confirm returning the telescope early', 'ios-return-telescope-alert', tap({ id: 'Return' })],
  ["Changed my mind, I'll keep it for now", 'ios-return-telescope-alert', tap({ id: 'Not Now' })],
  ['Check the alert asks to return the telescope early', 'ios-return-telescope-alert', pass()],
  [
    'Verify Priya Shah is next in line for it',
    'ios-return-telescope-alert',
    pass({
      type: 'StaticText',
      text: 'The Dobsonian 8-inch goes to Priya Shah, first of 3 members waiting. Drop it at the clubhouse by 8 pm on Sunday.',
    }),
  ],
  [
    'Drop-off is at the clubhouse by 8 pm Sunday',
    'ios-return-telescope-alert',
    pass({
      type: 'StaticText',
      text: 'The Dobsonian 8-inch goes to Priya Shah, first of 3 members waiting. Drop it at the clubhouse by 8 pm on Sunday.',
    }),
  ],
  ['Check 3 members are waiting', 'ios-return-telescope-alert', pass()],
  ['Tap Extend on the star atlas', 'ios-return-telescope-alert', fails()],
  ['Return the star atlas early', 'ios-return-telescope-alert', fails()],
  ['Check the telescope goes to Tom Reed', 'ios-return-telescope-alert', fails()],
  ['Verify drop-off is by 9 pm', 'ios-return-telescope-alert', fails()],
  ['"Return telescope early?" is not shown', 'ios-return-telescope-alert', fails()],
];

export const thirtySeventhBatch: CorpusCase[] = [
  ...onPlatform('android', [...allotment, ...hives, ...mooring]),
  ...onPlatform('ios', [...choir, ...kiln, ...telescope]),
].map((c) => ({ ...c, blind: true }));
