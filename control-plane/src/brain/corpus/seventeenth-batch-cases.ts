/**
 * A seventeenth batch (issue 25), blind: five screens of kinds not yet in the corpus, written
 * after the lexicon (lexicon.ts) and before the model was run on them. Sending money abroad
 * (two currencies, a rate, a fee, a total, an arrival day), car rental results (three cars, a
 * price per day and in total, a sold-out row, filter chips), iOS Maps directions (two routes,
 * travel modes, switches), iOS Health sleep (durations in "hr" / "min", stages, a goal, a
 * switch), a video player (icon controls, subtitles and quality, position and length). Tester
 * phrasing with synonyms, verbs of motion, abbreviations, other currency spellings and texts
 * that say more than the check; 35 of 76 must fail (another amount, day, route, mode, stage,
 * language or episode; a switch in the other state; two Go buttons; what is not there).
 * Run once, before any fix: 59 of 76 right (77.6 %), 1 FALSE PASS ("Tap Filters" tapped the
 * chip group whose id is "filters", a container no one can tap as a button), 0 on a wrong
 * element. Then fixed by general rules (general-rules.test.ts), so the batch is tuned now:
 * 74 of 76, none. Still missed: "I slept 7 hours 12 minutes" (the title's verb "Sleep" in
 * another form, over "TIME ASLEEP" above "7 hr 12 min") and "the episode is 47:10 long" (a
 * length with no label).
 */
import { type CorpusCase, fails, onPlatform, pass, type Row, tap } from './corpus-case.js';

const money: Row[] = [
  ['Check that I am sending 1,000 USD', 'android-money-abroad', pass({ id: 'amount_send' })],
  ['Verify the recipient gets €921.40', 'android-money-abroad', pass({ id: 'amount_receive' })],
  ['Verify the recipient receives 912.40 EUR', 'android-money-abroad', fails()],
  ['Check the exchange rate is 1 USD = 0.9214 EUR', 'android-money-abroad', pass({ id: 'rate_value' })],
  ['Check that the exchange rate is 0.9241', 'android-money-abroad', fails()],
  ['Then the fee is 4.99 USD', 'android-money-abroad', pass({ id: 'fee_value' })],
  ['Check that the fee is $5.99', 'android-money-abroad', fails()],
  ['Check that I pay $1,004.99 in total', 'android-money-abroad', pass({ id: 'total_value' })],
  ['Check that the total is $1,000', 'android-money-abroad', fails()],
  ['Verify the money arrives by Monday, 2 December', 'android-money-abroad', pass({ id: 'arrives_value' })],
  ['Verify the money arrives on Tuesday', 'android-money-abroad', fails()],
  ['Check that the rate is guaranteed for 24 hours', 'android-money-abroad', pass({ id: 'rate_note' })],
  ['Check that the rate is guaranteed for 48 hrs', 'android-money-abroad', fails()],
  ['Swap the currencies', 'android-money-abroad', tap({ id: 'swap' })],
  ['Tap GBP', 'android-money-abroad', fails()],
  ['Check that saving Anna Weber as a recipient is ticked', 'android-money-abroad', fails()],
  ['Press Continue', 'android-money-abroad', tap({ id: 'continue_button' })],
];

const cars: Row[] = [
  ['Check that the Fiat 500 costs €28 a day', 'android-car-rental', pass({ id: 'car_price', nth: 1 })],
  ['Check that the VW Golf costs €28 per day', 'android-car-rental', fails()],
  ['Verify the VW Golf is €123 in total', 'android-car-rental', pass({ id: 'car_total', nth: 2 })],
  ['Check that the rental is for 3 days', 'android-car-rental', pass({ id: 'dates' })],
  ['Check that the rental is for 4 days', 'android-car-rental', fails()],
  ['Check that the rental ends on Sunday', 'android-car-rental', fails()],
  ['Check that Automatic is selected', 'android-car-rental', pass({ id: 'chip_automatic' })],
  ['Check that the Electric filter is selected', 'android-car-rental', fails()],
  ['Select the VW Golf', 'android-car-rental', tap({ id: 'car_row', nth: 2 })],
  ['Select the Tesla Model 3', 'android-car-rental', fails()],
  ['Check that the Fiat has free cancellation', 'android-car-rental', pass({ id: 'car_perk', nth: 1 })],
  ['Check that the VW Golf has free cancellation', 'android-car-rental', fails()],
  ['Check that the Tesla is sold out', 'android-car-rental', pass({ id: 'car_status' })],
  ['Check that the Fiat 500 is sold out', 'android-car-rental', fails()],
  ['Open the map', 'android-car-rental', tap({ id: 'map_button' })],
  ['Tap Filters', 'android-car-rental', fails()],
];

const directions: Row[] = [
  ['Check that the fastest route takes 24 min', 'ios-directions', pass()],
  ['Check that the fastest route takes 29 minutes', 'ios-directions', fails()],
  ['Verify the route via Ring Road is 21 km', 'ios-directions', pass()],
  ['Verify the route via A2 is 21 km', 'ios-directions', fails()],
  ['Check that Drive is selected', 'ios-directions', pass({ id: 'Drive' })],
  ['Check that Walk is selected', 'ios-directions', fails()],
  ['Switch to Transit', 'ios-directions', tap({ id: 'Transit' })],
  ['Turn on Avoid Tolls', 'ios-directions', tap({ id: 'avoidTolls' })],
  ['Verify Avoid Highways is off', 'ios-directions', pass({ id: 'avoidHighways' })],
  ['Verify Avoid Tolls is switched on', 'ios-directions', fails()],
  ['Check that the destination is Central Station', 'ios-directions', pass()],
  ['Check that the destination is Central Square', 'ios-directions', fails()],
  ['Check that traffic is heavy', 'ios-directions', fails()],
  ['Check that the traffic is light', 'ios-directions', pass()],
  ['Tap Go', 'ios-directions', fails(/Ambiguous/)],
];

const sleep: Row[] = [
  ['Check that I slept 7 hours 12 minutes', 'ios-sleep', pass({ id: 'timeAsleep' })],
  ['Check that I slept 8 hours', 'ios-sleep', fails()],
  ['Check that bedtime was 23:10', 'ios-sleep', pass()],
  ['Verify the wake up time is 06:45', 'ios-sleep', pass()],
  ['Verify the wake up time is 07:45', 'ios-sleep', fails()],
  ['Check that deep sleep was 1 hr 4 min', 'ios-sleep', pass()],
  ['Check that REM lasted 1 hour 38 minutes', 'ios-sleep', pass()],
  ['Check that REM lasted 1 hour 4 minutes', 'ios-sleep', fails()],
  ['Check that the sleep goal is 8 hours', 'ios-sleep', pass({ id: 'sleepGoal' })],
  ['Check that the sleep goal is 7 hours', 'ios-sleep', fails()],
  ['Verify the sleep schedule is enabled', 'ios-sleep', pass({ id: 'sleepSchedule' })],
  ['Verify the sleep schedule is disabled', 'ios-sleep', fails()],
  ['Add sleep data', 'ios-sleep', tap({ id: 'addData' })],
  ['Check that I was awake for 20 min', 'ios-sleep', fails()],
];

const video: Row[] = [
  ['Check that episode 3 is playing', 'android-video-player', pass({ id: 'episode_title' })],
  ['Check that episode 4 is playing', 'android-video-player', fails()],
  ['Pause the video', 'android-video-player', tap({ id: 'play_pause' })],
  ['Resume playback', 'android-video-player', fails()],
  ['Skip forward 10 seconds', 'android-video-player', tap({ id: 'forward' })],
  ['Go back 10 seconds', 'android-video-player', tap({ id: 'rewind' })],
  ['Skip forward 30 seconds', 'android-video-player', fails()],
  ['Check that subtitles are in English', 'android-video-player', pass({ id: 'subtitle_state' })],
  ['Check that subtitles are in Spanish', 'android-video-player', fails()],
  ['Check that the quality is 1080p', 'android-video-player', pass({ id: 'quality' })],
  ['Check that the quality is 720p', 'android-video-player', fails()],
  ['Check that the episode is 47:10 long', 'android-video-player', pass({ id: 'duration' })],
  ['Play the next episode', 'android-video-player', tap({ id: 'next_episode' })],
  ['Check that this is season 3', 'android-video-player', fails()],
];

export const seventeenthBatch: CorpusCase[] = [
  ...onPlatform('android', [...money, ...cars, ...video]),
  ...onPlatform('ios', [...sleep, ...directions]),
];
