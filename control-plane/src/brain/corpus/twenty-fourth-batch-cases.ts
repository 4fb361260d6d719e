/**
 * A twenty-fourth batch (issue 25), blind until tuned on: a dev set written by the model helper before the general
 * claim and verb rules of that round were written, to measure them on screens they were not
 * made from: a recipe (a summary line, label | value facts, tags, icon buttons), a bike ride in
 * progress (label | value facts, a summary line, an icon button, two buttons) and an iOS hotel
 * stay (dates and guests on summary lines, a table of label | value cells, three buttons).
 * Scored once before any rule of this round: 41 of 51 right (80.4 %), 0 false passes, 0 on a wrong
 * element; after the first general rules (claim-evidence.ts, verb-controls.ts, made from the
 * twenty-first batch) and before tuning on it: 44 of 51 (86.3 %), 0 false passes. Tuned on since
 * (its misses only named, as in the test output): 49 of 51.
 */
import { type CorpusCase, fails, onPlatform, pass, type Row, tap } from './corpus-case.js';

const recipe: Row[] = [
  ['Check that the recipe serves 4', 'android-recipe-detail', pass({ id: 'summary' })],
  ['Check that the recipe serves 6', 'android-recipe-detail', fails()],
  ['Check that it takes 45 minutes', 'android-recipe-detail', pass({ id: 'summary' })],
  ['Check that the recipe is easy', 'android-recipe-detail', pass({ id: 'summary' })],
  ['Check that the recipe is hard', 'android-recipe-detail', fails()],
  ['Check that a serving has 520 kcal', 'android-recipe-detail', pass({ id: 'calories_value' })],
  ['Check that a serving has 620 calories', 'android-recipe-detail', fails()],
  ['Check that prep time is 15 minutes', 'android-recipe-detail', pass({ id: 'prep_value' })],
  ['Check that cooking takes 30 min', 'android-recipe-detail', pass({ id: 'cook_value' })],
  ['Check that cooking takes 40 min', 'android-recipe-detail', fails()],
  ['Check that the recipe is by Marta Silva', 'android-recipe-detail', pass({ id: 'author' })],
  ['Check that the recipe is rated 4.7', 'android-recipe-detail', pass({ id: 'rating' })],
  ['Check that the recipe has 300 reviews', 'android-recipe-detail', fails()],
  ['Check that the recipe is gluten free', 'android-recipe-detail', pass({ id: 'tag_gluten' })],
  ['Check that the recipe is vegan', 'android-recipe-detail', fails()],
  ['Save the recipe', 'android-recipe-detail', tap({ id: 'save' })],
  ['Start cooking', 'android-recipe-detail', tap({ id: 'start_button' })],
  ['Share the recipe', 'android-recipe-detail', tap({ id: 'share' })],
  ['Print the recipe', 'android-recipe-detail', fails()],
];

const bike: Row[] = [
  ['Check that I am riding bike 4821', 'android-bike-ride', pass({ id: 'bike_id' })],
  ['Check that the battery is at 72%', 'android-bike-ride', pass({ id: 'battery' })],
  ['Check that the battery is at 27%', 'android-bike-ride', fails()],
  ['Check that the bike has 31 km of range left', 'android-bike-ride', pass({ id: 'battery' })],
  ['Check that the ride has lasted 12:35', 'android-bike-ride', pass({ id: 'ride_time_value' })],
  ['Check that I have ridden 3.4 km', 'android-bike-ride', pass({ id: 'distance_value' })],
  ['Check that I have ridden 4.3 km', 'android-bike-ride', fails()],
  ['Check that unlocking costs €1.00', 'android-bike-ride', pass({ id: 'unlock_value' })],
  ['Check that each minute costs €0.25', 'android-bike-ride', pass({ id: 'per_minute_value' })],
  ['Check that each minute costs €0.30', 'android-bike-ride', fails()],
  ['Check that the ride is paused', 'android-bike-ride', fails()],
  ['Check that helmets are required', 'android-bike-ride', fails()],
  ['End the ride', 'android-bike-ride', tap({ id: 'end_ride' })],
  ['Ring the bell', 'android-bike-ride', tap({ id: 'bell' })],
  ['Report damage on the bike', 'android-bike-ride', tap({ id: 'report' })],
];

const hotel: Row[] = [
  ['Check that the hotel is Casa Azul', 'ios-hotel-stay', pass({ id: 'hotelName' })],
  ['Check that I check in on Fri 14 Jun', 'ios-hotel-stay', pass({ id: 'dates' })],
  ['Check that check-out is on Sun 16 Jun', 'ios-hotel-stay', pass({ id: 'dates' })],
  ['Check that check-out is on Mon 17 Jun', 'ios-hotel-stay', fails()],
  ['Check that the stay is 2 nights', 'ios-hotel-stay', pass({ id: 'guests' })],
  ['Check that the stay is 3 nights', 'ios-hotel-stay', fails()],
  ['Check that breakfast is included', 'ios-hotel-stay', pass()],
  ['Check that parking is included', 'ios-hotel-stay', fails()],
  ['Check that the room has a sea view', 'ios-hotel-stay', pass()],
  ['Check that the total is €312.00', 'ios-hotel-stay', pass()],
  ['Check that I paid €321.00', 'ios-hotel-stay', fails()],
  ['Check that I can cancel for free until 12 Jun', 'ios-hotel-stay', pass({ id: 'cancellation' })],
  ['Check that cancellation is not free', 'ios-hotel-stay', fails()],
  ['Check that 3 adults are staying', 'ios-hotel-stay', fails()],
  ['Get directions to the hotel', 'ios-hotel-stay', tap({ id: 'directions' })],
  ['Contact the hotel', 'ios-hotel-stay', tap({ id: 'contact' })],
  ['Cancel my booking', 'ios-hotel-stay', tap({ id: 'cancelBooking' })],
];

export const twentyFourthBatch: CorpusCase[] = [...onPlatform('android', [...recipe, ...bike]), ...onPlatform('ios', hotel)];
