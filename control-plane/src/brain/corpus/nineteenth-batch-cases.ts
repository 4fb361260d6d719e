/**
 * A nineteenth batch (issue 25), blind: five screens of kinds not yet in the corpus, written
 * after the eighteenth batch's fixes and before the model was run on them. Flight search
 * results (three flights, times, durations, prices, Cheapest / Fastest tags), an iOS stocks
 * watchlist (tickers, prices, changes with "+" / "−"), a step counter (steps of a goal, labels
 * over values, a switch), iOS Display & Brightness settings (a checked appearance, switches,
 * values beside labels), event tickets (ticket types with steppers, a sold-out type, totals, a
 * Buy button). Tester phrasing with synonyms, verbs of motion, abbreviations, amounts and
 * ranges written another way; 32 of 82 must fail.
 * Run once, before any fix: 54 of 82 right (65.9 %), 1 FALSE PASS ("Check that the total is
 * €50" passed on the subtotal's "€50.00" though the Total row says €53.50: an amount now read
 * as one number, "€50" as "€50.00", found by a text whose id "subtotal_value" holds the word),
 * 0 on a wrong element. Then fixed by general rules (general-rules.test.ts), so the batch is
 * tuned now: 67 of 82, none. The false pass came from a label read as a mere descriptor ("the
 * total €50" as "€50") where the label has a text of its own; main passed "the total is €50.00"
 * there already. Still missed: "all flights are nonstop" over "Nonstop only", "Sort by price"
 * for "Sort: Cheapest", "one filter is applied" for "Filters (1)", steps shown as a big number
 * over "steps of 10,000" ("I walked 8,412 steps", "my step goal is 10,000"), "steps are left"
 * for "to go", "I burned 312 kcal" and "I was active for 47 minutes" (a label over its value,
 * two plain texts: never read as a pair), "Tuesday was my best day", "Change my goal" for "Edit
 * goal" (a synonym is never a control's name), "doors open at 18:30" over "Doors 18:30", "at
 * most 6" for "Max. 6", "includes a drink" over "includes one drink", "a story says …".
 */
import { type CorpusCase, fails, onPlatform, pass, type Row, tap, type } from './corpus-case.js';

const flights: Row[] = [
  ['Check that the cheapest flight costs €89', 'android-flight-results', pass({ id: 'flight_price', nth: 1 })],
  ['Check that the cheapest flight costs €97', 'android-flight-results', fails()],
  ['Verify the 06:15 flight lands at 08:55', 'android-flight-results', pass({ id: 'flight_times', nth: 1 })],
  ['Verify the 06:15 flight arrives at 09:55', 'android-flight-results', fails()],
  ['Check that the AeroPort flight takes 3 hours 35 minutes', 'android-flight-results', pass({ id: 'flight_duration', nth: 2 })],
  ['Check that the AeroPort flight takes 3h 45m', 'android-flight-results', fails()],
  ['Check that the AeroPort flight is the cheapest', 'android-flight-results', fails()],
  ['Check that all flights are nonstop', 'android-flight-results', pass({ id: 'results_count' })],
  ['Check that there are 42 results', 'android-flight-results', pass({ id: 'results_count' })],
  ['Check that there are 24 results', 'android-flight-results', fails()],
  ['Check that the search is for 1 adult in economy', 'android-flight-results', pass({ id: 'search_summary' })],
  ['Check that the search is for 2 adults', 'android-flight-results', fails()],
  ['Check that prices include taxes', 'android-flight-results', pass({ id: 'price_note' })],
  ['Select the 10:30 flight', 'android-flight-results', tap({ id: 'flight_row', nth: 2 })],
  ['Select the 14:00 flight', 'android-flight-results', fails()],
  ['Sort by price', 'android-flight-results', tap({ id: 'sort_button' })],
  ['Check that one filter is applied', 'android-flight-results', pass({ id: 'filters_button' })],
];

const stocks: Row[] = [
  ['Check that Apple is at 189.43', 'ios-stocks', pass({ id: 'price1' })],
  ['Check that Apple is at 198.43', 'ios-stocks', fails()],
  ['Verify AAPL is up 1.24%', 'ios-stocks', pass({ id: 'change1' })],
  ['Verify MSFT is up 0.38%', 'ios-stocks', fails()],
  ['Check that Microsoft is up today', 'ios-stocks', fails()],
  ['Check that Tesla gained 3.05%', 'ios-stocks', pass({ id: 'change3' })],
  ['Check that NVIDIA trades at 131.88', 'ios-stocks', pass({ id: 'price4' })],
  ['Check that NVIDIA trades at 131.80', 'ios-stocks', fails()],
  ['Check that the market is closed', 'ios-stocks', pass()],
  ['Check that the market is open', 'ios-stocks', fails()],
  ['Open Microsoft', 'ios-stocks', tap({ id: 'stock2' })],
  ['Tap AMZN', 'ios-stocks', fails()],
  ['Edit the watchlist', 'ios-stocks', tap({ id: 'editWatchlist' })],
  ['Check that Google is on my watchlist', 'ios-stocks', fails()],
  ['Search for META', 'ios-stocks', type({ id: 'Search' }, 'META')],
  ['Check that a story says chip makers slide', 'ios-stocks', pass({ id: 'story1' })],
];

const steps: Row[] = [
  ['Check that I walked 8,412 steps today', 'android-steps', pass({ id: 'steps_value' })],
  ['Check that I walked 8412 steps', 'android-steps', pass({ id: 'steps_value' })],
  ['Check that I walked 8,421 steps', 'android-steps', fails()],
  ['Check that my step goal is 10,000', 'android-steps', pass({ id: 'steps_goal' })],
  ['Check that my step goal is 12,000', 'android-steps', fails()],
  ['Check that 1,588 steps are left to reach the goal', 'android-steps', pass({ id: 'steps_left' })],
  ['Verify the distance is 6.1 km', 'android-steps', pass({ id: 'distance_value' })],
  ['Verify the distance is 6.1 miles', 'android-steps', fails()],
  ['Check that I burned 312 kcal', 'android-steps', pass({ id: 'calories_value' })],
  ['Check that I burned 321 calories', 'android-steps', fails()],
  ['Check that I was active for 47 minutes', 'android-steps', pass({ id: 'active_value' })],
  ['Check that Tuesday was my best day', 'android-steps', pass({ id: 'best_day' })],
  ['Check that Monday was my best day', 'android-steps', fails()],
  ['Check that step goal reminders are off', 'android-steps', pass({ id: 'goal_reminders' })],
  ['Enable step goal reminders', 'android-steps', tap({ id: 'goal_reminders' })],
  ['Change my goal', 'android-steps', tap({ id: 'edit_goal' })],
];

const display: Row[] = [
  ['Check that Dark appearance is selected', 'ios-display-settings', pass({ id: 'appearanceDark' })],
  ['Check that Light mode is selected', 'ios-display-settings', fails()],
  ['Switch to Light mode', 'ios-display-settings', tap({ id: 'appearanceLight' })],
  ['Check that Automatic is off', 'ios-display-settings', pass({ id: 'automaticSwitch' })],
  ['Check that bold text is on', 'ios-display-settings', pass({ id: 'boldTextSwitch' })],
  ['Check that bold text is disabled', 'ios-display-settings', fails()],
  ['Turn off True Tone', 'ios-display-settings', tap({ id: 'trueToneSwitch' })],
  ['Check that Night Shift is off until 22:00', 'ios-display-settings', pass()],
  ['Check that Night Shift is on', 'ios-display-settings', fails()],
  ['Verify auto-lock is set to 30 seconds', 'ios-display-settings', pass()],
  ['Verify auto-lock is set to 1 minute', 'ios-display-settings', fails()],
  ['Check that Raise to Wake is enabled', 'ios-display-settings', fails()],
  ['Open Text Size', 'ios-display-settings', tap({ id: 'textSize' })],
  ['Tap Display Zoom', 'ios-display-settings', fails()],
  ['Go back to Settings', 'ios-display-settings', tap({ id: 'Settings' })],
];

const tickets: Row[] = [
  ['Check that the event is Jazz at the Park', 'android-event-tickets', pass({ id: 'event_name' })],
  ['Check that the event is on Saturday 14 June', 'android-event-tickets', pass({ id: 'event_info' })],
  ['Check that the event is on Sunday 15 June', 'android-event-tickets', fails()],
  ['Check that doors open at 18:30', 'android-event-tickets', pass({ id: 'event_info' })],
  ['Check that doors open at 19:00', 'android-event-tickets', fails()],
  ['Check that a general admission ticket costs €25', 'android-event-tickets', pass({ id: 'ticket_price', nth: 1 })],
  ['Check that a student ticket costs €25', 'android-event-tickets', fails()],
  ['Check that VIP tickets are sold out', 'android-event-tickets', pass({ id: 'ticket_status' })],
  ['Check that student tickets are sold out', 'android-event-tickets', fails()],
  ['Add one student ticket', 'android-event-tickets', tap({ desc: 'Add one Student ticket' })],
  ['Add a VIP ticket', 'android-event-tickets', fails()],
  ['Check that the service fee is €3.50', 'android-event-tickets', pass({ id: 'fee_value' })],
  ['Check that the total comes to €53.50', 'android-event-tickets', pass({ id: 'total_value' })],
  ['Check that the total is €50', 'android-event-tickets', fails()],
  ['Check that I can buy at most 6 tickets', 'android-event-tickets', pass({ id: 'limit_note' })],
  ['Check that I can buy at most 8 tickets', 'android-event-tickets', fails()],
  ['Buy the tickets', 'android-event-tickets', tap({ id: 'buy_button' })],
  ['Check that VIP includes a drink', 'android-event-tickets', pass({ id: 'ticket_description', nth: 2 })],
];

export const nineteenthBatch: CorpusCase[] = [
  ...onPlatform('android', [...flights, ...steps, ...tickets]),
  ...onPlatform('ios', [...stocks, ...display]),
];
