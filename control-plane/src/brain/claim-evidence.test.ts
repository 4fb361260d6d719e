import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findClaimEvidence } from './claim-evidence.js';
import { parseHierarchy } from './hierarchy.js';
import { decideOn } from './testing/corpus-decisions.js';

const corpusScreen = (name: string, platform: 'android' | 'ios') => {
  const parsed = parseHierarchy(readFileSync(new URL(`./corpus/screens/${name}.xml`, import.meta.url), 'utf8'), platform);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.elements;
};
/** Below the toolbar's height, so that no text is taken for the screen's title but a heading. */
const text = (t: string, id: string, y: number, x = 0) =>
  `<node index="0" text="${t}" resource-id="app:id/${id}" class="android.widget.TextView" package="app" content-desc="" clickable="false" enabled="true" bounds="[${x},${y + 600}][${x + 500},${y + 640}]" />`;
/** A label and its value on one line, in a layout of their own. */
const pair = (label: string, value: string, id: string, y: number) =>
  `<node index="0" text="" resource-id="" class="android.widget.LinearLayout" package="app" content-desc="" clickable="false" enabled="true" bounds="[0,${y + 600}][1080,${y + 640}]">${text(label, `${id}_label`, y)}${text(value, `${id}_value`, y, 540)}</node>`;
const screen = (...nodes: string[]) => {
  const parsed = parseHierarchy(
    `<hierarchy rotation="0"><node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="app" content-desc="" clickable="false" enabled="true" bounds="[0,0][1080,2400]">${nodes.join('')}</node></hierarchy>`,
  );
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.elements;
};
const idOf = (claim: string, elements: ReturnType<typeof screen>) =>
  findClaimEvidence(claim, elements)?.element.resourceId.replace(/^.*:id\//, '') ?? null;

describe('findClaimEvidence', () => {
  const pet = corpusScreen('android-pet-profile', 'android');

  it('reads a Yes / No value as what it says of its label, and names the value', () => {
    expect(idOf('Biscuit is good with kids', pet)).toBe('kids_value');
    expect(idOf('he is vaccinated', pet)).toBe('vaccinated_value');
    // "Good with cats | No": the label alone is no evidence, and the group says the opposite.
    expect(idOf('Biscuit is good with cats', pet)).toBeNull();
    expect(idOf('Biscuit is not neutered', pet)).toBeNull();
  });

  it('finds a claim in one part of a summary line, by dictionary form and the words a unit implies', () => {
    expect(idOf('Biscuit is a beagle mix', pet)).toBe('pet_summary');
    expect(idOf('Biscuit is 3 years old', pet)).toBe('pet_summary');
    expect(idOf('Biscuit is 5 years old', pet)).toBeNull();
    expect(idOf('Biscuit is a poodle mix', pet)).toBeNull();
    const ride = screen(
      text('Your driver', 'heading', 50),
      text('Arriving in 4 min', 'eta', 100),
      pair('Distance', '5.2 km', 'distance', 200),
    );
    expect(idOf('the driver arrives in 4 min', ride)).toBe('eta');
    expect(idOf('the driver arrives in 5 min', ride)).toBeNull();
    expect(idOf('the distance is 5.2 km', ride)).toBe('distance_value');
  });

  it('never passes another unit, another currency, or numbers in another order', () => {
    const run = screen(
      pair('Distance', '6.1 km', 'distance', 100),
      text('Total paid: €412.50', 'paid', 200),
      text('46.2 GB used of 64 GB', 'storage', 300),
    );
    expect(idOf('the distance is 6.1 km', run)).toBe('distance_value');
    expect(idOf('the distance is 6.1 miles', run)).toBeNull();
    expect(idOf('the total paid is $412.50', run)).toBeNull();
    expect(idOf('64 GB of 46.2 GB is used', run)).toBeNull();
  });

  it('never reads a past tense over a present one, nor a part "3 of 5" as the whole', () => {
    const subscription = screen(
      text('Subscription', 'heading', 50),
      text('Renews on 1 August', 'renewal', 100),
      text('Uploading 3 of 5 photos', 'upload', 200),
    );
    expect(idOf('the subscription renews on 1 August', subscription)).toBe('renewal');
    expect(idOf('the subscription renewed on 1 August', subscription)).toBeNull();
    expect(idOf('3 photos have been uploaded', subscription)).toBeNull();
  });

  it('takes no text that says more than the claim, nor a value without its label', () => {
    const sleep = screen(text('Sleep Goal: 8 hr', 'goal', 100), pair('Subtotal', '€50.00', 'subtotal', 200));
    expect(idOf('I slept 8 hours', sleep)).toBeNull();
    expect(idOf('the total is €50', sleep)).toBeNull();
    expect(idOf('the subtotal is €50', sleep)).toBe('subtotal_value');
  });

  it("lets the screen's topic be the claim's subject, never what the claim says of it", () => {
    const chat = screen(text('Ben', 'title_name', 100), text('Ben', 'sender', 300), text('I will bring trail mix', 'message', 340));
    expect(idOf('Ben is typing', chat)).toBeNull();
    const typing = screen(text('Ben is typing', 'title', 0), text('Ana', 'sender', 300));
    expect(idOf('Ana is typing', typing)).toBeNull();
    const unnamed = screen(text('Your profile was updated.', 'snack', 100), text('Biscuit', 'pet_name', 200));
    // A subject the screen names nowhere is dropped only before a name or a number.
    expect(idOf('the password was updated', unnamed)).toBeNull();
    expect(idOf('the dog is called Biscuit', unnamed)).toBe('pet_name');
  });

  it('refuses when two texts say it, and reads no bare name as a claim', () => {
    const twice = screen(text('Delivered on 3 May', 'a', 100), text('Delivered on 3 May', 'b', 300, 540));
    expect(idOf('the parcel was delivered on 3 May', twice)).toBeNull();
    const ticket = screen(text('Ticket QR code', 'qr', 100));
    expect(idOf('QR code', ticket)).toBeNull();
  });

  it("reads an element's id words as its label, and a verb before a measure as saying it is so, never before money", () => {
    const steps = screen(text('8,412', 'steps_value', 100), text('312 kcal', 'calories', 200), text('City Gym · €35.00', 'payment', 300));
    expect(idOf('I walked 8,412 steps', steps)).toBe('steps_value');
    expect(idOf('I walked 8,421 steps', steps)).toBeNull();
    expect(idOf('I walked 8,412 metres', steps)).toBeNull();
    expect(idOf('I burned 312 kcal', steps)).toBe('calories');
    expect(idOf('City Gym refunded €35.00', steps)).toBeNull();
  });

  it('leaves out a subject the screen names nowhere only when it is a common noun and the evidence has no other', () => {
    const job = screen(text('Job', 'heading', 50), text('Hybrid', 'work_mode', 100), text('Watchlist', 'list', 200));
    expect(idOf('the role is hybrid', job)).toBe('work_mode');
    expect(idOf('the role is remote', job)).toBeNull();
    expect(idOf('Google is on my watchlist', job)).toBeNull();
  });

  it("reads a row's first text with one part of another, never a part of another row", () => {
    const cell = (y: number, ...texts: string[]) =>
      `<node index="0" text="" resource-id="" class="android.widget.LinearLayout" package="app" content-desc="" clickable="true" enabled="true" bounds="[0,${y + 600}][1080,${y + 700}]">${texts.map((t, i) => text(t, `c${y}_${i}`, y + i * 10, i * 300)).join('')}</node>`;
    const tickets = screen(
      cell(100, 'VIP', 'Seated, includes one drink', '€60.00'),
      cell(300, 'Student', 'Valid student ID required', '€15.00'),
    );
    expect(idOf('VIP includes a drink', tickets)).toBe('c100_1');
    expect(idOf('Student includes a drink', tickets)).toBeNull();
    expect(idOf('VIP includes two drinks', tickets)).toBeNull();
    expect(idOf('VIP is standing', tickets)).toBeNull();
  });

  it("reads a noun of the verb's family by its stem, never another date or a negation", () => {
    const stay = screen(text('Free cancellation until 12 Jun', 'cancellation', 100), pair('Unlock fee', '€1.00', 'unlock', 200));
    expect(idOf('I can cancel for free until 12 Jun', stay)).toBe('cancellation');
    expect(idOf('I can cancel for free until 14 Jun', stay)).toBeNull();
    expect(idOf('I cannot cancel for free until 12 Jun', stay)).toBeNull();
    expect(idOf('unlocking costs €1.00', stay)).toBe('unlock_value');
    expect(idOf('unlocking costs €1.50', stay)).toBeNull();
  });

  it("reads verbs of having as light, a noun before a number as the screen's subject, and a measure under the topic", () => {
    const listRow = `<node index="0" text="" resource-id="" class="androidx.recyclerview.widget.RecyclerView" package="app" content-desc="" clickable="false" enabled="true" bounds="[0,1500][1080,2000]"><node index="0" text="" resource-id="" class="android.widget.LinearLayout" package="app" content-desc="" clickable="true" enabled="true" bounds="[0,1500][1080,1600]">${text('Episode 7 · 30 min', 'row_meta', 900)}${text('Downloaded', 'row_status', 940)}</node><node index="1" text="" resource-id="" class="android.widget.LinearLayout" package="app" content-desc="" clickable="true" enabled="true" bounds="[0,1600][1080,1700]">${text('Episode 8 · 31 min', 'row_meta2', 1000)}</node></node>`;
    const episode = screen(text('Episode 42 · 58 min', 'meta', 100), text('Downloaded', 'status', 200), text('Sauna access', 'tag', 300));
    expect(idOf('the episode is downloaded', episode)).toBe('status');
    expect(idOf('the episode is not downloaded', episode)).toBeNull();
    const gym = screen(text('Premium membership', 'plan', 50), text('Sauna access', 'tag', 300));
    expect(idOf('the membership includes sauna access', gym)).toBe('tag');
    expect(idOf('the membership includes pool access', gym)).toBeNull();
    // In a list, the episode a row is about is not the screen's: no episode outside the list names it.
    expect(idOf('the episode is downloaded', screen(text('Podcast', 'heading', 50), listRow))).toBeNull();
    const parcel = screen(text('Track Parcel', 'toolbar_title', -560), pair('Weight', '3.2 kg', 'weight', 100));
    expect(idOf('the parcel weighs 3.2 kg', parcel)).toBe('weight_value');
    expect(idOf('the parcel weighs 2.3 kg', parcel)).toBeNull();
    expect(idOf('the parcel weighs 3.2 lb', parcel)).toBeNull();
  });

  it('reads what the user is doing as the screen itself, never what someone else is doing', () => {
    const charging = screen(text('Charging', 'heading', 50), text('Charger 3 · 150 kW · CCS', 'charger', 100));
    expect(idOf('I am using charger 3', charging)).toBe('charger');
    expect(idOf("I'm using charger 3", charging)).toBe('charger');
    expect(idOf('I am using charger 4', charging)).toBeNull();
    expect(idOf('Ana is using charger 3', charging)).toBeNull();
  });

  it('reads the heading with the line under it, never a row or the status bar for a heading', () => {
    const album = corpusScreen('ios-album', 'ios');
    const name = (claim: string) => findClaimEvidence(claim, album)?.element.text ?? null;
    expect(name('the album is Blue Hours by Nora Vance')).toBe('Nora Vance');
    expect(name('the album is Blue Hours by Mara Ellis')).toBeNull();
    expect(name('the album is Late Tram by Nora Vance')).toBeNull();
  });

  it('keeps names in their order, reads a linking verb in any form, and names no subject by a control', () => {
    const route = screen(
      text('Boarding Pass', 'toolbar_title', -560),
      text('London Euston → Manchester Piccadilly', 'route', 100),
      `<node index="0" text="View Flight Status" resource-id="app:id/status" class="android.widget.Button" package="app" content-desc="" clickable="true" enabled="true" bounds="[0,1800][1080,1900]" />`,
    );
    expect(idOf('the journey goes from London Euston to Manchester Piccadilly', route)).toBe('route');
    expect(idOf('the journey goes from Manchester Piccadilly to London Euston', route)).toBeNull();
    // "flight" is named only by a control: the screen's flight is still the subject no text names.
    expect(idOf('the flight goes from London Euston to Manchester Piccadilly', route)).toBe('route');
  });

  it('reads who leads a class after "by" as the row\'s "with", naming the row by its words, never its time', () => {
    const classes = corpusScreen('android-gym-classes', 'android');
    const shown = (claim: string) => findClaimEvidence(claim, classes)?.element.text ?? null;
    expect(shown('Yoga Flow is taught by Priya')).toBe('with Priya');
    expect(shown('Yoga Flow is taught by Marta')).toBeNull();
    expect(shown('HIIT 30 is taught by Priya')).toBeNull();
  });

  it('reads the section heading a text sits under as a word of its family, never another text', () => {
    const job = corpusScreen('android-job-post', 'android');
    expect(idOf('5+ years of Android development are required', job)).toBe('req_1');
    expect(idOf('7+ years of Android development are required', job)).toBeNull();
    expect(idOf('5+ years of iOS development are required', job)).toBeNull();
    expect(idOf('5+ years of Android development are preferred', job)).toBeNull();
  });

  it('never reads one end of a range as the whole, but a number of another kind beside it as a further fact', () => {
    const event = screen(
      text('Design review', 'heading', 50),
      text('14:00–15:00', 'time', 100),
      text('€55,000–€65,000 a year', 'salary', 200),
      text('5.2 km in 28:14', 'run', 300),
    );
    expect(idOf('the design review is at 15:00', event)).toBeNull();
    expect(idOf('the design review is at 14:00', event)).toBeNull();
    expect(idOf('the salary is €55,000 a year', event)).toBeNull();
    expect(idOf('the distance is 5.2 km', event)).toBe('run');
  });

  it("never leaves out a subject the screen names nowhere over one list row's text", () => {
    const row = (y: number, ...texts: string[]) =>
      `<node index="0" text="" resource-id="" class="android.widget.LinearLayout" package="app" content-desc="" clickable="true" enabled="true" bounds="[0,${y + 600}][1080,${y + 700}]">${texts.map((t, i) => text(t, `r${y}_${i}`, y, i * 300)).join('')}</node>`;
    const uploads = screen(
      text('Uploads', 'heading', 50),
      row(100, 'beach.jpg', '2.1 MB', 'Done'),
      row(300, 'city.jpg', '3.4 MB', 'Failed'),
    );
    expect(idOf('the payment failed', uploads)).toBeNull();
    const detail = screen(text('Checkout', 'heading', 50), text('Failed', 'status', 100));
    expect(idOf('the payment failed', detail)).toBe('status');
  });

  it('reads the time after a noun as when it starts ("Boarding 10:35"), never when it ends, nor one end of a range', () => {
    const gate = screen(
      text('TP 662 · Gate B14', 'flight', 50),
      text('Boarding 10:35 · Departs 11:05', 'times', 100),
      text('Talk 14:00–15:00', 'talk', 200),
    );
    expect(idOf('boarding starts at 10:35', gate)).toBe('times');
    expect(idOf('boarding opens at 10:35', gate)).toBe('times');
    // Traps: another time, its end, another noun, a range's end or start.
    expect(idOf('boarding starts at 11:05', gate)).toBeNull();
    expect(idOf('boarding ends at 10:35', gate)).toBeNull();
    expect(idOf('boarding closes at 10:35', gate)).toBeNull();
    expect(idOf('the lounge opens at 10:35', gate)).toBeNull();
    expect(idOf('the talk starts at 15:00', gate)).toBeNull();
    // A plural subject's verb in its base form ("doors open") is read too.
    const doors = screen(text('Jazz at the Park', 'heading', 50), text('Sat, 14 Jun · Doors 18:30 · Riverside Park', 'info', 100));
    expect(idOf('doors open at 18:30', doors)).toBe('info');
    expect(idOf('doors open at 19:30', doors)).toBeNull();
    expect(idOf('doors close at 18:30', doors)).toBeNull();
  });
});

describe('findClaimEvidence, what there is none of', () => {
  it('reads "no equipment is needed" over "No equipment"; never without the "no", nor another thing', () => {
    const workout = screen(text('Full Body Burn', 'heading', 50), text('35 min · Intermediate · No equipment', 'summary', 100));
    expect(idOf('no equipment is needed', workout)).toBe('summary');
    expect(idOf('no equipment is required', workout)).toBe('summary');
    expect(idOf('equipment is needed', workout)).toBeNull();
    expect(idOf('no weights are needed', workout)).toBeNull();
  });
});

describe('"hasn\'t", "yet" and "each" in a check (session 16)', () => {
  it('"hasn\'t" is a negation, "yet" after one says no more, "each" after an amount is "a"', () => {
    expect(decideOn('Ensure the entry has not been submitted yet', 'android-piano-exam-entry')).toBe(
      'assert org.keynote.exams:id/status_text',
    );
    expect(decideOn("Ensure the entry hasn't been submitted", 'android-piano-exam-entry')).toBe('assert org.keynote.exams:id/status_text');
    expect(decideOn('Verify meals cost £2.60 each', 'android-school-lunch')).toBe('assert uk.schoolmeals.parent:id/week_header');
  });

  it('fails the opposite, another thing, another amount', () => {
    expect(decideOn('Ensure the entry has been submitted', 'android-piano-exam-entry')).toBe('fail');
    expect(decideOn("Ensure the entry hasn't been paid", 'android-piano-exam-entry')).toBe('fail');
    expect(decideOn('Verify meals cost £2.80 each', 'android-school-lunch')).toBe('fail');
  });
});
