/**
 * Forty-first batch: six new screens, written blind: not run before commit.
 * Written by a helper of session 12 (branch s12-41): only its brief, corpus-case.ts, the
 * ElementRef interface of fixtures/cases.ts (to write element references), corpus.test.ts (to
 * register the batch), the head comment and first 60 lines of the thirty-fifth batch and the first
 * 60 lines of two of its screens (android-boiler-service, ios-subscriptions-tracker) were read for
 * the format, plus the file names under screens/ to pick app kinds not yet in the corpus; never
 * the offline model, its lexicon, the rules in docs/ or the other batches and screens, and neither
 * the model nor the corpus test was read or run. The screens were written first, then the cases
 * as a tester of each app would write them.
 *
 * Screens: a home-brewing batch log on its Fermenting tab (three batches with volumes, OG and
 * gravity, the stout stuck and marked Needs attention, Log gravity on two and Mark yeast pitched on
 * the saison, temperature alerts on, dry-hop reminder off) (android-brew-batch-log); a pharmacy
 * click-and-collect order ready to collect (code 7341, collect by Sat 14 June, three items, a
 * Leaflet button on the two medicines and Add exemption on the prescription, £18.87 paid, an
 * unticked someone-else-collects box, a reminder switch that is off) (android-pharmacy-collect); a
 * tenant repair request portal on its Open tab (three requests, only the tap one with Reschedule,
 * the other two with Add photo, all with Message, an emergency Call now, email updates on, entry
 * when out off) (android-tenant-repairs); a child's swimming lesson progress card on Freddie's
 * segment (stage 4, 2 of 5 skills, two achieved with dates, two with Watch video, one not started,
 * a 25 m badge, reminders on, grandparents sharing off) (ios-swim-progress); a bee-keeping
 * supplies shop on its Tools segment (five products with prices and stock, the queen cage out of
 * stock with Notify me instead of Add to basket, a basket of 2, an in-stock-only switch that is
 * off) (ios-beekeeping-supplies); and a veg-box "Skip the box for Thu 20 Mar?" alert over the
 * deliveries list, with Keep Delivery / Skip Box (ios-skip-veg-box-alert).
 *
 * 106 cases (57 Android, 18 of them must fail; 49 iOS, 18 must fail): 36 must fail in all: a
 * wrong number, price, date or code, a claim true of another row, a false claim about a tab's, a
 * segment's, a switch's or a checkbox's state, a tap on a control a row does not have, a control
 * on no screen, a button asked for in the alert that is only behind it, a claim the alert's text
 * contradicts, a negation of a thing that is shown.
 * Blind score before any fix: 79 of 106 (74.5 %), 1 false pass, none on a wrong element (scored once on main after 198cf44 and cd8290f, session 12).
 */
import { absent, type CorpusCase, fails, onPlatform, pass, type Row, tap, type } from './corpus-case.js';

const brew: Row[] = [
  ['Go to the Conditioning tab', 'android-brew-batch-log', tap({ desc: 'Conditioning' })],
  ['Log a gravity reading for the oatmeal stout', 'android-brew-batch-log', tap({ id: 'log_gravity_button', nth: 2 })],
  ['log gravity on batch #14', 'android-brew-batch-log', tap({ id: 'log_gravity_button', nth: 1 })],
  ['I just pitched the yeast in the saison, mark it', 'android-brew-batch-log', tap({ id: 'pitch_button' })],
  ['Open the Citra pale ale', 'android-brew-batch-log', tap({ id: 'batch_row', has: '#14 Citra Pale Ale' })],
  ['Turn on the dry hop reminder', 'android-brew-batch-log', tap({ id: 'dry_hop_switch' })],
  ['Temperature alerts keep waking me up, switch them off', 'android-brew-batch-log', tap({ id: 'temp_alerts_switch' })],
  ['Check the stout needs attention', 'android-brew-batch-log', pass({ id: 'batch_status' })],
  ['Verify three batches are fermenting', 'android-brew-batch-log', pass({ id: 'summary_text' })],
  ['Make sure the pale ale was brewed on 2 March', 'android-brew-batch-log', pass({ text: 'Brewed 2 Mar · 23 L · OG 1.052' })],
  ['The Fermenting tab is selected', 'android-brew-batch-log', pass({ desc: 'Fermenting' })],
  ['Check temperature alerts are on', 'android-brew-batch-log', pass({ id: 'temp_alerts_switch' })],
  ['"Batch bottled" is not shown', 'android-brew-batch-log', absent],
  ["Check the stout's OG is 1.052", 'android-brew-batch-log', fails()],
  ['Verify 4 batches are fermenting', 'android-brew-batch-log', fails()],
  ['Check the dry hop reminder is switched on', 'android-brew-batch-log', fails()],
  ['Log gravity for the Elderflower Saison', 'android-brew-batch-log', fails()],
  ['Make sure the saison needs attention', 'android-brew-batch-log', fails()],
  ['"Needs attention" is not shown', 'android-brew-batch-log', fails()],
];

const pharmacy: Row[] = [
  ['Open the leaflet for the cetirizine', 'android-pharmacy-collect', tap({ id: 'leaflet_button', nth: 2 })],
  ['read the ibuprofen leaflet', 'android-pharmacy-collect', tap({ id: 'leaflet_button', nth: 1 })],
  ['Get directions to the pharmacy', 'android-pharmacy-collect', tap({ id: 'directions_button' })],
  ["I'm away this weekend, extend the collection", 'android-pharmacy-collect', tap({ id: 'extend_button' })],
  ['Tick that someone else will collect', 'android-pharmacy-collect', tap({ id: 'proxy_checkbox' })],
  ['Add my exemption certificate for the inhaler', 'android-pharmacy-collect', tap({ id: 'exemption_button' })],
  ['Check the collection code is 7341', 'android-pharmacy-collect', pass({ id: 'code_text' })],
  ['Verify the order is ready to collect', 'android-pharmacy-collect', pass({ id: 'status_text' })],
  ['Make sure the total paid is £18.87', 'android-pharmacy-collect', pass({ id: 'total_text' })],
  ['I have until Saturday 14 June to pick it up', 'android-pharmacy-collect', pass({ id: 'collect_by_text' })],
  ['Check two packs of ibuprofen are in the order', 'android-pharmacy-collect', pass({ text: '2 × £2.49' })],
  ['The pharmacy is open until 6pm today', 'android-pharmacy-collect', pass({ id: 'hours_text' })],
  ['"Order cancelled" is not shown', 'android-pharmacy-collect', absent],
  ['Check the collection code is 7314', 'android-pharmacy-collect', fails()],
  ['Verify the cetirizine costs £4.98', 'android-pharmacy-collect', fails()],
  ['Check the day-before reminder is on', 'android-pharmacy-collect', fails()],
  ['Open the leaflet for the inhaler', 'android-pharmacy-collect', fails()],
  ['Make sure I can collect until Friday 13 June', 'android-pharmacy-collect', fails()],
  ['"Ready to collect" is not shown', 'android-pharmacy-collect', fails()],
];

const repairs: Row[] = [
  ['Reschedule the kitchen tap repair', 'android-tenant-repairs', tap({ id: 'reschedule_button' })],
  ['Add a photo of the damp patch', 'android-tenant-repairs', tap({ id: 'add_photo_button', nth: 2 })],
  ['add photo to the extractor fan request', 'android-tenant-repairs', tap({ id: 'add_photo_button', nth: 1 })],
  ['Message them about the extractor fan', 'android-tenant-repairs', tap({ id: 'message_button', nth: 2 })],
  ['Open the damp patch request', 'android-tenant-repairs', tap({ id: 'request_row', has: 'Damp patch on bedroom ceiling' })],
  ['Show the closed requests', 'android-tenant-repairs', tap({ desc: 'Closed (5)' })],
  ['I smell gas, call the emergency line', 'android-tenant-repairs', tap({ id: 'call_button' })],
  ["Allow contractors in when I'm not home", 'android-tenant-repairs', tap({ id: 'entry_switch' })],
  ['Check the plumber is booked for Thu 13 Feb', 'android-tenant-repairs', pass({ text: 'Plumber booked: Thu 13 Feb, 8:00 – 12:00' })],
  ['The damp patch is marked urgent', 'android-tenant-repairs', pass({ text: 'Urgent · awaiting inspection' })],
  ['Make sure there are 3 open requests', 'android-tenant-repairs', pass({ desc: 'Open (3)' })],
  ['The repairs screen for Flat 3, 18 Harbour Road is shown', 'android-tenant-repairs', pass()],
  ['"Repair completed" is not shown', 'android-tenant-repairs', absent],
  ['Reschedule the extractor fan repair', 'android-tenant-repairs', fails()],
  ['Check the kitchen tap is waiting for parts', 'android-tenant-repairs', fails()],
  ['Verify the plumber comes on Fri 14 Feb', 'android-tenant-repairs', fails()],
  ['Make sure contractors can let themselves in when I am out', 'android-tenant-repairs', fails()],
  ['Check the Closed tab is selected', 'android-tenant-repairs', fails()],
  ['The extractor fan was reported on 3 Feb', 'android-tenant-repairs', fails()],
];

const swim: Row[] = [
  ["Switch to Isla's progress", 'ios-swim-progress', tap({ id: 'child_isla' })],
  ['Watch the video for treading water', 'ios-swim-progress', tap({ id: 'video_2' })],
  ["Freddie's off sick next week, report it", 'ios-swim-progress', tap({ id: 'absenceButton' })],
  ['Book a make-up lesson', 'ios-swim-progress', tap({ id: 'makeUpButton' })],
  ['Let the grandparents see his progress', 'ios-swim-progress', tap({ id: 'shareGrandparentsSwitch' })],
  ['Check Freddie is in stage 4', 'ios-swim-progress', pass({ id: 'stageLabel' })],
  ['Verify 2 of 5 skills are achieved', 'ios-swim-progress', pass({ id: 'progressLabel' })],
  ['Front crawl was achieved on 4 February', 'ios-swim-progress', pass({ id: 'skillStatus_0' })],
  ['Make sure the next lesson is on Tuesday 11 March', 'ios-swim-progress', pass({ id: 'nextLessonLabel' })],
  ['He got his 25 metre badge', 'ios-swim-progress', pass({ id: 'badgeLabel' })],
  ["Freddie's progress screen is shown", 'ios-swim-progress', pass()],
  ['"Stage complete" is not shown', 'ios-swim-progress', absent],
  ['Check backstroke was achieved on 4 Feb', 'ios-swim-progress', fails()],
  ['Verify he is working on the surface dive', 'ios-swim-progress', fails()],
  ['Watch the video for surface dive', 'ios-swim-progress', fails()],
  ['Check sharing with grandparents is turned on', 'ios-swim-progress', fails()],
  ["Make sure Isla's tab is selected", 'ios-swim-progress', fails()],
  ['Check 3 of 5 skills are achieved', 'ios-swim-progress', fails()],
  ['"Achieved 4 Feb" is not shown', 'ios-swim-progress', fails()],
];

const bees: Row[] = [
  ['Add the hive tool to the basket', 'ios-beekeeping-supplies', tap({ id: 'add_0' })],
  ['add smoker to basket', 'ios-beekeeping-supplies', tap({ id: 'add_1' })],
  ['Tell me when the queen marking cage is back', 'ios-beekeeping-supplies', tap({ id: 'notify_2' })],
  ['Search for "foundation sheets"', 'ios-beekeeping-supplies', type({ id: 'searchField' }, 'foundation sheets')],
  ['Switch to Clothing', 'ios-beekeeping-supplies', tap({ id: 'cat_clothing' })],
  ['Only show things that are in stock', 'ios-beekeeping-supplies', tap({ id: 'inStockSwitch' })],
  ['Check the Tools segment is selected', 'ios-beekeeping-supplies', pass({ id: 'cat_tools' })],
  ['Verify the smoker costs £24', 'ios-beekeeping-supplies', pass({ id: 'productPrice_1' })],
  ['There are only two smokers left', 'ios-beekeeping-supplies', pass({ id: 'productStock_1' })],
  ['Make sure the queen marking cage is out of stock', 'ios-beekeeping-supplies', pass({ id: 'productStock_2' })],
  ['Check the basket has 2 items', 'ios-beekeeping-supplies', pass({ id: 'basketButton' })],
  ['"Added to basket" is not shown', 'ios-beekeeping-supplies', absent],
  ['Add the queen marking cage to the basket', 'ios-beekeeping-supplies', fails()],
  ['Check the frame grip is £6.20', 'ios-beekeeping-supplies', fails()],
  ['Verify Hives is selected', 'ios-beekeeping-supplies', fails()],
  ['Check the hive tool is out of stock', 'ios-beekeeping-supplies', fails()],
  ['Make sure only in-stock items are shown', 'ios-beekeeping-supplies', fails()],
  ['"Out of stock" is not shown', 'ios-beekeeping-supplies', fails()],
];

const vegAlert: Row[] = [
  ['Confirm skipping the box', 'ios-skip-veg-box-alert', tap({ id: 'Skip Box' })],
  ['tap Keep Delivery in the alert', 'ios-skip-veg-box-alert', tap({ id: 'Keep Delivery' })],
  ['Changed my mind, keep the delivery', 'ios-skip-veg-box-alert', tap({ id: 'Keep Delivery' })],
  [
    "Check the alert says I won't be charged £18.50",
    'ios-skip-veg-box-alert',
    pass({ type: 'StaticText', text: "You won't be charged £18.50 for this delivery. Your next box arrives on Thu 27 Mar." }),
  ],
  [
    'Verify the skip is for Thursday 20 March',
    'ios-skip-veg-box-alert',
    pass({ type: 'StaticText', text: 'Skip the box for Thu 20 Mar?' }),
  ],
  [
    'The next box will come on 27 March',
    'ios-skip-veg-box-alert',
    pass({ type: 'StaticText', text: "You won't be charged £18.50 for this delivery. Your next box arrives on Thu 27 Mar." }),
  ],
  ['"Box skipped" is not shown', 'ios-skip-veg-box-alert', absent],
  ["Check the alert says I won't be charged £21.30", 'ios-skip-veg-box-alert', fails()],
  ['Tap Pause deliveries', 'ios-skip-veg-box-alert', fails()],
  ['Tap Edit box', 'ios-skip-veg-box-alert', fails()],
  ['Verify the next box arrives Thu 3 Apr', 'ios-skip-veg-box-alert', fails()],
  ['"Skip the box for Thu 20 Mar?" is not shown', 'ios-skip-veg-box-alert', fails()],
];

export const fortyFirstBatch: CorpusCase[] = [
  ...onPlatform('android', [...brew, ...pharmacy, ...repairs]),
  ...onPlatform('ios', [...swim, ...bees, ...vegAlert]),
].map((c) => ({ ...c, blind: true }));
