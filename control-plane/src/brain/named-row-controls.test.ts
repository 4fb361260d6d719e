/**
 * A row's own control named by the verb, the row named by what it shows (named-row-controls.ts):
 * "Cancel Friday's walk" taps the Friday row's "Cancel Walk". The blind thirty-sixth and
 * thirty-seventh batches' misses, and traps written after them: a row without that control,
 * a name two rows show, a name no row shows.
 */
import { describe, expect, it } from 'vitest';
import { decideOn } from './testing/corpus-decisions.js';

describe("a row's control, named by the verb", () => {
  it('taps the control of the one row the rest names, a weekday as the row writes it', () => {
    expect(decideOn("Cancel Friday's walk", 'ios-dog-walker')).toBe('tap cancelWalk_2');
    expect(decideOn('Accept the Woodhouse Ridge plot', 'ios-allotment-waiting-list')).toBe('tap accept_2');
    expect(decideOn('Leave the Chapel Allerton list', 'ios-allotment-waiting-list')).toBe('tap leave_1');
    // Rows laid out as clickable cards, not a list.
    expect(decideOn('Log an inspection for Hive 2', 'android-hive-inspections')).toBe(
      'tap /FrameLayout[0]/LinearLayout[0]/LinearLayout[6]/Button[4]',
    );
  });

  it('taps nothing for a row without that control, a name two rows show, or a name no row shows', () => {
    expect(decideOn("Cancel Monday's walk", 'ios-dog-walker')).toBe('fail');
    expect(decideOn("Cancel Jess's walk", 'ios-dog-walker')).toBe('fail');
    expect(decideOn("Cancel Thursday's walk", 'ios-dog-walker')).toBe('fail');
    expect(decideOn('Accept the Meanwood plot', 'ios-allotment-waiting-list')).toBe('fail');
    expect(decideOn('Leave the Woodhouse Ridge list', 'ios-allotment-waiting-list')).toBe('fail');
    expect(decideOn('Log an inspection for Hive 4', 'android-hive-inspections')).toBe('fail');
    expect(decideOn('Order a queen for Hive 1', 'android-hive-inspections')).toBe('fail');
    expect(decideOn('Reschedule the 09:15 check-up', 'android-dentist-recall')).toBe('fail');
  });

  it('reads the action beside a reason, before or after it', () => {
    expect(decideOn("Wednesday's walk isn't needed any more, cancel it", 'ios-dog-walker')).toBe('tap cancelWalk_1');
    expect(decideOn("We've moved house, leave the Chapel Allerton list", 'ios-allotment-waiting-list')).toBe('tap leave_1');
    expect(decideOn("Remove the lavender, it's too expensive", 'android-plant-nursery-order')).toBe(
      'tap /FrameLayout[0]/LinearLayout[0]/RecyclerView[3]/LinearLayout[0]/Button[6]',
    );
    expect(decideOn("Monday's walk isn't needed any more, cancel it", 'ios-dog-walker')).toBe('fail');
    // What follows gives a value, not a reason: the action alone would apply no code.
    expect(decideOn("Apply the promo code, it's SPRING10", 'android-plant-nursery-order')).not.toBe(
      'tap com.greenroots.nursery:id/apply_button',
    );
    expect(decideOn("Sam's walk isn't needed, cancel it", 'ios-dog-walker')).toBe('fail');
    expect(decideOn('I need the hedge trimmer, book it', 'android-allotment-plot')).toBe('fail');
    expect(decideOn("I'm done with the wheelbarrow, return it", 'android-allotment-plot')).toBe('fail');
  });

  it('"Notify me when …": the control of the one row the rest names, never one that has none', () => {
    expect(decideOn('Notify me when the hellebore is back', 'android-plant-nursery-order')).toBe(
      'tap com.greenroots.nursery:id/notify_button',
    );
    expect(decideOn('Notify me when the van is available', 'ios-car-share-booking')).toBe('tap notify_2');
    // The lavender's row and the Fiat's have no such control.
    expect(decideOn('Notify me when the lavender is back', 'android-plant-nursery-order')).toBe('fail');
    expect(decideOn('Notify me when the Fiat is available', 'ios-car-share-booking')).toBe('fail');
    // Every name of the rest is the row's: the N4 is no row, though the N3 also goes to Airport (found by changing a number).
    expect(decideOn('Notify me when the N4 to Airport is coming', 'android-bus-departures')).toBe('fail');
    // "Tell me when", "Let me know when" ask the same; the smoker is in stock and has no "Notify me".
    expect(decideOn('Tell me when the queen marking cage is back', 'ios-beekeeping-supplies')).toBe('tap notify_2');
    expect(decideOn('Let me know when the queen marking cage is back', 'ios-beekeeping-supplies')).toBe('tap notify_2');
    expect(decideOn('Tell me when the smoker is back', 'ios-beekeeping-supplies')).toBe('fail');
  });

  it('"I can\'t make the dress rehearsal": a control ending on "it", said of the row it names', () => {
    expect(decideOn("I can't make the dress rehearsal", 'ios-choir-rehearsals')).toBe('tap cantGo_2');
    expect(decideOn("I can't make the sectionals", 'ios-choir-rehearsals')).toBe('tap cantGo_1');
    // The run-through's row has no such control (it is answered already), and no row is a barn dance.
    expect(decideOn("I can't make the carols run-through", 'ios-choir-rehearsals')).toBe('fail');
    expect(decideOn("I can't make the barn dance", 'ios-choir-rehearsals')).toBe('fail');
  });

  it('"Stop the site notice emails" turns their switch off', () => {
    expect(decideOn('Stop the site notice emails', 'android-allotment-plot')).toBe('tap uk.gov.greenfield.allotments:id/notices_switch');
    expect(decideOn('Stop the rent reminders', 'android-allotment-plot')).toBe('fail');
  });

  it('several names together single out a row that shares one of them ("the 10:30 Harbour Cruise")', () => {
    expect(decideOn('Book the 10:30 Harbour Cruise', 'ios-boat-trips')).toBe('tap book_0');
    expect(decideOn('Book the 14:00 Harbour Cruise', 'ios-boat-trips')).toBe('tap book_2');
    expect(decideOn('Book the 11:30 Harbour Cruise', 'ios-boat-trips')).toBe('fail');
    expect(decideOn('Book the Harbour Cruise', 'ios-boat-trips')).toBe('fail');
  });

  it("an iOS stepper's own Increment and Decrement, and a child's tab by the child's name", () => {
    expect(decideOn('Add another adult', 'ios-boat-trips')).toBe('tap adultsIncrement');
    expect(decideOn('Remove an adult', 'ios-boat-trips')).toBe('tap adultsDecrement');
    expect(decideOn('Add another dog', 'ios-boat-trips')).toBe('fail');
    expect(decideOn("Ensure Amara's tab is selected", 'android-school-lunch')).toMatch(/^assert /);
    expect(decideOn("Ensure Theo's tab is selected", 'android-school-lunch')).toBe('fail');
    // Text in quotes is typed or found as written.
    expect(decideOn(`Enter "Sam's tab" in the promo code field`, 'android-plant-nursery-order')).toBe(
      `type "Sam's tab" into com.greenroots.nursery:id/promo_field`,
    );
  });

  it('a control named by its verb and what it acts on, for the row named after "for", "to", "on", "about"', () => {
    const tapped = (instruction: string, screen: string) => decideOn(instruction, screen).split(' ')[0];
    expect(tapped('Log a gravity reading for the oatmeal stout', 'android-brew-batch-log')).toBe('tap');
    expect(tapped('Add a note to the 10:40 reading', 'android-glucose-diary')).toBe('tap');
    expect(tapped('Message them about the extractor fan', 'android-tenant-repairs')).toBe('tap');
    expect(decideOn('Add my exemption certificate for the inhaler', 'android-pharmacy-collect')).toBe(
      'tap com.wellpoint.pharmacy:id/exemption_button',
    );
    // The 13:05 reading has "Edit note", not "Add note"; no reading at 23:10; the saison has no "Log gravity".
    expect(decideOn('Add a note to the 13:05 reading', 'android-glucose-diary')).toBe('fail');
    expect(decideOn('Add a note to the 23:10 reading', 'android-glucose-diary')).toBe('fail');
    expect(decideOn('Log a gravity reading for the saison', 'android-brew-batch-log')).toBe('fail');
    // "to" + a verb is no row ("Remind Tom to reply" tapped Marcus's "Remind", his row saying "Awaiting reply"), and a name
    // acted on is the row's (found by putting another row's name in a working step).
    expect(decideOn('Remind Tom to reply', 'android-sailing-crew-list')).toBe('fail');
    expect(decideOn('Remind Tom about the race', 'android-sailing-crew-list')).toBe('fail');
    expect(decideOn('Remind Marcus to reply', 'android-sailing-crew-list')).toBe('tap com.harbourclub.crew:id/remind_button');
    // A number and its unit name a row together: "8 berths · 68 ft"; no boat is 70 ft long.
    expect(decideOn('We need room for eight, book the 68 ft boat', 'android-canal-boat-hire')).toBe(
      'tap /FrameLayout[0]/LinearLayout[0]/LinearLayout[7]/Button[3]',
    );
    expect(decideOn('book the 70 ft boat', 'android-canal-boat-hire')).toBe('fail');
    // A verb of the same action, after "of": "drop the price" is the jeans' "Reduce price"; the scarf's row has none.
    expect(decideOn('drop the price of the jeans', 'ios-vintage-resale')).toBe('tap reducePrice_1');
    // What a row is marked as is the control's word: The Whitsun Weddings offers "Mark Found" only (forty-fourth batch).
    expect(decideOn('Mark The Whitsun Weddings as missing', 'ios-bookshop-stock')).toBe('fail');
    expect(decideOn('Mark The Whitsun Weddings as found', 'ios-bookshop-stock')).toBe('tap markFound_1');
    expect(decideOn('Mark Ariel as missing', 'ios-bookshop-stock')).toBe('tap markMissing_0');
    expect(decideOn('drop the price of the scarf', 'ios-vintage-resale')).toBe('fail');
    expect(decideOn('raise the price of the jeans', 'ios-vintage-resale')).toBe('fail');
    // An amount on the control says how much: "Pay £70.00" is the mock test's; the roundabouts lesson has none.
    expect(decideOn('Pay for the mock test', 'android-driving-lessons')).toBe('tap com.roadready.learner:id/pay_button');
    expect(decideOn('Pay for the roundabouts lesson', 'android-driving-lessons')).toBe('fail');
    // "Hive 4" is no row's, though Hive 3's row says "Varroa drop 4 a day"; batch #19 is none, though a row says "19 L".
    expect(decideOn('Log an inspection for Hive 4', 'android-hive-inspections')).toBe('fail');
    expect(decideOn('log gravity on batch #19', 'android-brew-batch-log')).toBe('fail');
    expect(decideOn('log gravity on batch #14', 'android-brew-batch-log')).toBe(
      'tap /FrameLayout[0]/LinearLayout[0]/RecyclerView[3]/LinearLayout[0]/Button[3]',
    );
  });
});

describe('a verb of the same action as the row’s control (session 15)', () => {
  it('books by the row’s Reserve, and nothing on a full room or one without it', () => {
    expect(decideOn('Book the loft dormitory', 'ios-mountain-hut-reservation')).toBe('tap reserve_2');
    expect(decideOn('Book bunk room A', 'ios-mountain-hut-reservation')).toBe('tap reserve_0');
    // Bunk room B is full (Join waiting list); the winter room opens in November.
    expect(decideOn('Book bunk room B', 'ios-mountain-hut-reservation')).toBe('fail');
    expect(decideOn('Book the winter room', 'ios-mountain-hut-reservation')).toBe('fail');
  });
});

describe('"my" slot: the row the screen marks as the user\'s (session 16)', () => {
  it('taps the verb\'s control of the one row marked "Booked by you", "You\'re going", "Borrowed by you"', () => {
    expect(decideOn('cancel my slot', 'ios-recycling-centre-slots')).toBe('tap cancelSlotButton');
    expect(decideOn("Can't make half ten any more, cancel my slot", 'ios-recycling-centre-slots')).toBe('tap cancelSlotButton');
    expect(decideOn('Cancel my place', 'ios-language-exchange')).toBe('tap cancelRsvp_1');
  });

  it('taps nothing when that row has no such control, or no row is marked', () => {
    expect(decideOn('book my slot', 'ios-recycling-centre-slots')).toBe('fail');
    expect(decideOn('Leave my session', 'ios-language-exchange')).toBe('fail');
    expect(decideOn('Cancel my request', 'android-seed-library')).toBe('fail');
    expect(decideOn('cancel my booking', 'ios-hair-salon-booking')).toBe('fail');
  });
});

describe('a row named with a plural it shows and a word for what it is (session 16)', () => {
  it('"the plum picking" is the row of "Plums · Victoria"; a full row or a fruit no row has is none', () => {
    expect(decideOn('Sign up for the plum picking', 'ios-orchard-harvest-rota')).toBe('tap signUp_0');
    expect(decideOn('Sign up for the pear picking', 'ios-orchard-harvest-rota')).toBe('fail');
    expect(decideOn('Sign up for the cherry picking', 'ios-orchard-harvest-rota')).toBe('fail');
  });
});

describe('a row named by its time and a word for what it is (forty-eighth batch)', () => {
  it('takes the one row at that time, a kind word another row shows naming none', () => {
    const prisonBreak = 'tap /FrameLayout[0]/LinearLayout[0]/RecyclerView[5]/LinearLayout[3]/Button[5]';
    expect(decideOn('Book the 19:45 slot', 'android-escape-room-booking')).toBe(prisonBreak);
    expect(decideOn('Book the quarter to eight slot', 'android-escape-room-booking')).toBe(prisonBreak);
    // Traps: the 16:00 room is fully booked (no Book); no room at 12:00; a word only another row shows still names that one.
    expect(decideOn('Book the 16:00 slot', 'android-escape-room-booking')).toBe('fail');
    expect(decideOn('Book the 12:00 slot', 'android-escape-room-booking')).toBe('fail');
    expect(decideOn('Book the 19:45 medium slot', 'android-escape-room-booking')).toBe('fail');
  });
});

describe('"the waiting list for the witch room", "the one in the vocal booth" (forty-eighth batch)', () => {
  it("is the named row's control, a word for what the row is or the waitlist said in full", () => {
    const waitlist = 'tap uk.co.lockedin.app:id/waitlist_button';
    expect(decideOn('Put us on the waiting list for the witch room', 'android-escape-room-booking')).toBe(waitlist);
    expect(decideOn('Join the waitlist for the witch room', 'android-escape-room-booking')).toBe(waitlist);
    const vocalBooth = 'tap /FrameLayout[0]/LinearLayout[0]/RecyclerView[3]/LinearLayout[2]/Button[5]';
    expect(decideOn('Cancel the one in the vocal booth', 'android-recording-studio-sessions')).toBe(vocalBooth);
    // Traps: a row with no waitlist; a room no row shows.
    expect(decideOn('Join the waiting list for Prison Break', 'android-escape-room-booking')).toBe('fail');
    expect(decideOn('Cancel the one in the drum room', 'android-recording-studio-sessions')).toBe('fail');
  });
});

describe('"the video for the first exercise" (forty-eighth batch)', () => {
  it("is the control of the row at that place, named by a word every row's id says", () => {
    expect(decideOn('Watch the video for the first exercise', 'ios-physio-exercises')).toBe(
      'tap /Application[0]/Window[0]/Other[0]/Table[4]/Cell[0]/Button[4]',
    );
    expect(decideOn('Watch the video for the second exercise', 'ios-physio-exercises')).toBe(
      'tap /Application[0]/Window[0]/Other[0]/Table[4]/Cell[1]/Button[4]',
    );
    // Traps: the last row has no video; a word no row's id or kind says picks some rows, not a place.
    expect(decideOn('Watch the video for the last exercise', 'ios-physio-exercises')).toBe('fail');
    expect(decideOn('Watch the video for the first stretch', 'ios-physio-exercises')).toBe('fail');
  });
});

describe('"Ask why the step-ups are paused" (forty-eighth batch)', () => {
  it("taps the row's control whose label asks, the question's subject naming the row", () => {
    expect(decideOn('Ask why the step-ups are paused', 'ios-physio-exercises')).toBe('tap askWhy');
    // A subject another row is (which has no "Ask why"), or no row is.
    expect(decideOn('Ask why the wall squats are paused', 'ios-physio-exercises')).toBe('fail');
    expect(decideOn('Ask why the lunges are paused', 'ios-physio-exercises')).toBe('fail');
  });
});

describe('a row by its weekday in lower case, "sign me up", "go on the waitlist" (session 17)', () => {
  it('takes the row the day and the other words name, and its control that joins', () => {
    const thursday = 'tap /FrameLayout[0]/LinearLayout[0]/LinearLayout[7]/Button[4]';
    expect(decideOn("cancel thursday's parallel parking", 'android-driving-lessons')).toBe(thursday);
    // Two Saturday rows: the other words say which.
    expect(decideOn("cancel saturday's mock test", 'android-driving-lessons')).toBe(
      'tap /FrameLayout[0]/LinearLayout[0]/LinearLayout[8]/Button[4]',
    );
    expect(decideOn('sign me up for the erg session', 'ios-rowing-club-outings')).toBe('tap join_3');
    expect(decideOn('Go on the waitlist for the double scull', 'ios-rowing-club-outings')).toBe('tap waitlist_1');
    // Traps: the completed Saturday lesson has no Cancel; "Saturday" alone is two rows; the full scull has no Join;
    // the erg session has no waitlist.
    expect(decideOn("cancel saturday's dual carriageways", 'android-driving-lessons')).toBe('fail');
    expect(decideOn("cancel saturday's lesson", 'android-driving-lessons')).toBe('fail');
    expect(decideOn('sign me up for the double scull', 'ios-rowing-club-outings')).toBe('fail');
    expect(decideOn('Go on the waitlist for the erg session', 'ios-rowing-club-outings')).toBe('fail');
  });
});

describe('"Get directions to the bus shelter stop" (session 17)', () => {
  it("opens the row's Directions, the row named by its words and a word for what it is", () => {
    const brookEnd = 'tap /Application[0]/Window[0]/Other[0]/Table[4]/Cell[3]/Button[4]';
    expect(decideOn('Get directions to the bus shelter stop', 'ios-mobile-library-stops')).toBe(brookEnd);
    expect(decideOn('Get directions to Brook End', 'ios-mobile-library-stops')).toBe(brookEnd);
    // The school visit has no Directions; no stop is at the station.
    expect(decideOn('Get directions to the Kelsey stop', 'ios-mobile-library-stops')).toBe('fail');
    expect(decideOn('Get directions to the station stop', 'ios-mobile-library-stops')).toBe('fail');
  });
});

describe('a statement is no action on a row (session 19: a check read as a tap)', () => {
  it('"Nitrox should already be ticked for the wreck" taps nothing: its first word is no verb', () => {
    expect(decideOn('Nitrox should already be ticked for the wreck', 'android-dive-centre-trips')).not.toMatch(/^tap/);
    expect(decideOn('Site info is shown for the wreck', 'android-dive-centre-trips')).not.toMatch(/^tap/);
  });
  it('an action on the row is still read', () => {
    expect(decideOn('Book the Manacles reef', 'android-dive-centre-trips')).toMatch(/^tap /);
  });
});

describe('asking to be told about one row (session 19)', () => {
  it('"Ping me if …", "Alert me if …" by the row\'s "Notify me" or "Get alerts"', () => {
    expect(decideOn('Ping me if a trailer pitch comes free', 'android-car-boot-sale-pitches')).toBe(
      'tap uk.co.ashdownbootfair.app:id/notify_button',
    );
    expect(decideOn('Alert me if cosmic bowling frees up', 'ios-bowling-lanes')).toBe('tap alerts_3');
  });
  it("never a row another row's word names: a van pitch is not the trailer's (it was tapped)", () => {
    expect(decideOn('Notify me when a van pitch comes free', 'android-car-boot-sale-pitches')).toBe('fail');
    expect(decideOn('Ping me if a car pitch comes free', 'android-car-boot-sale-pitches')).toBe('fail');
    expect(decideOn('Alert me if lane 9 frees up', 'ios-bowling-lanes')).toBe('fail');
  });
});

describe('a row named by its time, or by a day and its name apart (session 19)', () => {
  it('"Book the 11:40 with Tom" by the 11:40 row\'s Book; "Thursday\'s drift dive" by its day and its name', () => {
    expect(decideOn('Book the 11:40 with Tom', 'ios-opticians-eye-test')).toBe('tap book_1');
    expect(decideOn('Book the 11:40', 'ios-opticians-eye-test')).toBe('tap book_1');
    expect(decideOn("Add me to the waiting list for Thursday's drift dive", 'android-dive-centre-trips')).toBe(
      'tap uk.co.porthkerrisdivers.app:id/waitlist_button',
    );
  });
  it('never a row of another name, a time whose row has no such control, or a day the row does not show', () => {
    expect(decideOn('Book the 11:40 with Priya', 'ios-opticians-eye-test')).toBe('fail');
    expect(decideOn('Book the 14:00', 'ios-opticians-eye-test')).toBe('fail');
    expect(decideOn("Add me to the waiting list for Friday's drift dive", 'android-dive-centre-trips')).toBe('fail');
    expect(decideOn("Book Thursday's wreck dive", 'android-dive-centre-trips')).toBe('fail');
  });
});

describe('a row name with the small words of a hyphenated name (session 19)', () => {
  it('"the have-a-go taster" is the row "Sat 11 Oct · 14:00 · Have-a-go taster"', () => {
    expect(decideOn('Put me on the waiting list for the have-a-go taster', 'ios-archery-range-bookings')).toBe('tap waitlist_2');
  });
  it('never a row without that control', () => {
    expect(decideOn('Put me on the waiting list for the club shoot', 'ios-archery-range-bookings')).toBe('fail');
  });
});
