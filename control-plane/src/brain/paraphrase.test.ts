import { describe, expect, it } from 'vitest';
import { parseHierarchy } from './hierarchy.js';
import { findParaphrase } from './paraphrase.js';
import { decideOn } from './testing/corpus-decisions.js';

const node = (text: string, id: string, bounds: string) =>
  `<node index="0" text="${text}" resource-id="app:id/${id}" class="android.widget.TextView" package="app" content-desc="" clickable="false" enabled="true" bounds="${bounds}" />`;
const screen = (...nodes: string[]) => {
  const parsed = parseHierarchy(
    `<hierarchy rotation="0"><node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="app" content-desc="" clickable="false" enabled="true" bounds="[0,0][1080,2400]">${nodes.join('')}</node></hierarchy>`,
  );
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.elements;
};
const row = (...texts: string[]) =>
  `<node index="0" text="" resource-id="app:id/row" class="android.widget.LinearLayout" package="app" content-desc="" clickable="true" enabled="true" bounds="[0,200][1080,400]">${texts.map((t, i) => node(t, `t${i}`, `[0,${210 + i * 40}][1080,${240 + i * 40}]`)).join('')}</node>`;

const said = (claim: string, elements: ReturnType<typeof screen>, reported = false) =>
  findParaphrase(claim, elements, reported)?.element.text ?? null;

describe('findParaphrase', () => {
  const dialog = screen(node('Remove Mug Warmer from your cart? You can add it again later.', 'message', '[0,100][1080,180]'));
  it('passes a reported claim whose content words the text says, in other verb forms', () => {
    expect(said('the dialog asks whether to remove the Mug Warmer from the cart', dialog)).toMatch(/^Remove Mug Warmer/);
    expect(said('item can be added again later', dialog, true)).toMatch(/^Remove Mug Warmer/);
  });
  it('never passes a negation on one side, another word, or another number', () => {
    expect(said('item cannot be added again later', dialog, true)).toBeNull();
    expect(said('the dialog asks to remove the French Press', dialog)).toBeNull();
    const saved = screen(node('Your profile was updated.', 'snack', '[0,100][1080,180]'), row('Deep Focus', '42 songs · 2 hr 30 min'));
    expect(said('profile was not updated', saved)).toBeNull();
    expect(said('Deep Focus has 40 songs', saved)).toBeNull();
    expect(said('Deep Focus has 42 songs', saved)).toBe('42 songs · 2 hr 30 min');
  });
  it('does not take a fragment of a text for the text unless the claim reports it', () => {
    const error = screen(node('Invalid email or password', 'error', '[0,100][1080,180]'));
    expect(said('Invalid email', error)).toBeNull();
    expect(said('a message says Invalid email', error)).toBeNull();
  });
  it('across a row takes whole texts only, and one lower-case noun naming the row', () => {
    const list = screen(
      row('English (United Kingdom)', 'States and regions'),
      `<node index="1" text="" resource-id="app:id/row2" class="android.widget.LinearLayout" package="app" content-desc="" clickable="true" enabled="true" bounds="[0,500][1080,700]">${node('Evening Wind Down', 'title', '[0,510][1080,540]')}${node('12 songs · 48 min', 'sub', '[0,550][1080,580]')}</node>`,
    );
    expect(said('English United States', list)).toBeNull();
    expect(said('the Evening Wind Down playlist lasts 48 min', list)).toBe('12 songs · 48 min');
    expect(said('the Evening Wind Down Remix lasts 48 min', list)).toBeNull();
  });

  const titled = (title: string, ...nodes: string[]) =>
    screen(
      `<node index="0" text="" resource-id="app:id/toolbar" class="androidx.appcompat.widget.Toolbar" package="app" content-desc="" clickable="false" enabled="true" bounds="[0,0][1080,150]">${node(title, 'toolbar_title', '[40,40][600,110]')}</node>`,
      ...nodes,
    );
  it('reads a verb in another tense, and never another number or a negation through it', () => {
    const order = titled(
      'Order #4821',
      node('Arriving Thursday, 14 March', 'eta', '[0,300][1080,360]'),
      node('Shipped', 'status', '[0,400][1080,460]'),
    );
    expect(said('the order arrives on Thursday, 14 March', order)).toBe('Arriving Thursday, 14 March');
    expect(said('the order arrives on Thursday, 15 March', order)).toBeNull();
    expect(said('the order never arrives on Thursday, 14 March', order)).toBeNull();
    // Not yet is not done: a present tense never reads an -ed form.
    expect(said('the order ships', order)).toBeNull();
  });
  it("leaves out the screen title's words only as the claim's subject or place, never another subject", () => {
    const order = titled('Order #4821', node('Shipped', 'status', '[0,300][1080,360]'), node('2 items', 'count', '[0,400][1080,460]'));
    expect(said('the order has shipped', order)).toBe('Shipped');
    expect(said('2 items are in the order', order)).toBe('2 items');
    expect(said('the refund has shipped', order)).toBeNull();
    expect(said('3 items are in the order', order)).toBeNull();
    expect(said('2 items are in the cart', order)).toBeNull();
    // A name that merely starts with a title word is not a claim about the screen.
    const sheet = titled('Sort by', node('Price', 'price', '[0,300][1080,360]'));
    expect(said('Sort by price', sheet)).toBeNull();
  });
  it("reads an owner's name on either side, and each sentence apart for its negation", () => {
    const van = screen(node("Sam's van is 3 stops away", 'stops', '[0,100][1080,180]'));
    expect(said('the van is 3 stops away', van)).toBe("Sam's van is 3 stops away");
    expect(said("Sam's van is 4 stops away", van)).toBeNull();
    expect(said("Tom's van is 3 stops away", van)).toBeNull();
    const alert = screen(node('These photos will be deleted from all your devices. This cannot be undone.', 'msg', '[0,100][1080,180]'));
    expect(said('the photos will be deleted from all my devices', alert, true)).toMatch(/^These photos/);
    expect(said('the photos can be undone', alert, true)).toBeNull();
    expect(said('the photos will not be deleted from all my devices', alert, true)).toBeNull();
  });

  it('reads each part of a text apart, and lets a text leave out the noun a number counts', () => {
    const booking = titled(
      'Booking #A17',
      node('2 guests · 3 nights', 'summary', '[0,300][1080,360]'),
      node('3 unread', 'unread', '[0,400][1080,460]'),
    );
    expect(said('the booking is for 2 guests', booking)).toBe('2 guests · 3 nights');
    expect(said('the booking is for 2 guests and 4 nights', booking)).toBeNull();
    expect(said('the booking is for 3 guests', booking)).toBeNull();
    expect(said('3 emails are unread', booking)).toBe('3 unread');
    expect(said('4 emails are unread', booking)).toBeNull();
    expect(said('3 emails are read', booking)).toBeNull();
    expect(said('3 emails failed', booking)).toBeNull();
    // The number counts something else there: "videos" is not "photos".
    const videos = screen(node('Delete 3 videos from this album?', 'msg', '[0,100][1080,180]'));
    expect(said('the alert says 3 photos will be deleted', videos)).toBeNull();
    expect(said('the alert says 3 videos will be deleted', videos)).toBe('Delete 3 videos from this album?');
  });

  it("never reads a control's words as a state, though they still name the control", () => {
    const button = `<node index="0" text="Pause upload" resource-id="app:id/pause" class="android.widget.Button" package="app" content-desc="" clickable="true" enabled="true" bounds="[0,500][1080,600]" />`;
    const upload = screen(button, node('Uploading 3 of 5 photos', 'progress', '[0,100][1080,180]'));
    expect(said('the upload is paused', upload)).toBeNull();
    expect(said('upload paused', upload)).toBeNull();
    expect(said('pause upload button', upload)).toBe('Pause upload');
    expect(said('3 of 5 photos are uploading', upload)).toBe('Uploading 3 of 5 photos');
  });

  it('reads contractions whole, and a passive after "be" as the present, never a past', () => {
    const summary = screen(node('You’ll get a summary every Monday.', 'note', '[0,100][1080,180]'));
    expect(said('I will get a summary every Monday', summary)).toBe('You’ll get a summary every Monday.');
    expect(said('I will get a summary every Friday', summary)).toBeNull();
    expect(said('I will not get a summary every Monday', summary)).toBeNull();
    const dialog = screen(node('This removes 24 searches from this device. Your saved places stay.', 'msg', '[0,100][1080,180]'));
    expect(said('24 searches will be removed', dialog, true)).toMatch(/^This removes 24 searches/);
    expect(said('42 searches will be removed', dialog, true)).toBeNull();
    expect(said('24 searches removed', dialog, true)).toBeNull();
  });

  it('leaves out a subject the screen names nowhere, never one it names or one that picks which', () => {
    const tracking = titled(
      'Track order',
      node('Out for delivery', 'status', '[0,300][1080,360]'),
      node('Picked up at 9:14', 'pickup', '[0,400][1080,460]'),
      node('2 guests · 3 nights', 'stay', '[0,500][1080,560]'),
    );
    expect(said('the parcel is out for delivery', tracking)).toBe('Out for delivery');
    expect(said('the parcel was picked up at 9:14', tracking)).toBe('Picked up at 9:14');
    expect(said('the stay is for 3 nights', tracking)).toBe('2 guests · 3 nights');
    // Another number, a negation, another state: still no.
    expect(said('the parcel was picked up at 9:41', tracking)).toBeNull();
    expect(said('the parcel is not out for delivery', tracking)).toBeNull();
    expect(said('the parcel is out for collection', tracking)).toBeNull();
    expect(said('the stay is for 4 nights', tracking)).toBeNull();
    // A word that picks one of several is never left out: the screen does not say which parcel.
    expect(said('the second parcel is out for delivery', tracking)).toBeNull();
    expect(said('the last parcel was picked up at 9:14', tracking)).toBeNull();
    // The screen names two parcels: the subject is named, so it must be matched.
    const two = screen(
      row('Parcel A', 'Out for delivery'),
      `<node index="1" text="" resource-id="app:id/row2" class="android.widget.LinearLayout" package="app" content-desc="" clickable="true" enabled="true" bounds="[0,500][1080,700]">${node('Parcel B', 'b', '[0,510][1080,540]')}${node('Delivered', 'bs', '[0,550][1080,580]')}</node>`,
    );
    expect(said('the parcel is out for delivery', two)).toBeNull();
  });

  it('reads the start and the end of a time range, never another time or the other end', () => {
    const event = titled('Event', node('Tuesday, 12 March · 14:00–15:00', 'time', '[0,300][1080,360]'));
    expect(said('the event starts at 14:00', event)).toBe('Tuesday, 12 March · 14:00–15:00');
    expect(said('the event ends at 15:00', event)).toBe('Tuesday, 12 March · 14:00–15:00');
    expect(said('the event starts at 15:00', event)).toBeNull();
    expect(said('the event ends at 14:00', event)).toBeNull();
    expect(said('the event starts at 14:30', event)).toBeNull();
    expect(said('the event does not start at 14:00', event)).toBeNull();
    // A range of counts has no start time.
    const stock = titled('Event', node('2–4 seats', 'seats', '[0,300][1080,360]'));
    expect(said('the event starts at 2', stock)).toBeNull();
  });

  it('never leaves an unnamed subject out over a bare status word', () => {
    const order = titled('Track order', node('Shipped', 'status', '[0,300][1080,360]'));
    expect(said('the refund has shipped', order)).toBeNull();
    expect(said('the parcel has shipped', order)).toBeNull();
  });

  it('reads each clause of "X does A and does B" apart, with its own subject and negation', () => {
    const alert = screen(node('Version 5.2 adds offline maps and fixes a crash when sharing photos.', 'msg', '[0,100][1080,180]'));
    expect(said('the alert says version 5.2 adds offline maps', alert)).toMatch(/^Version 5.2/);
    expect(said('version 5.2 fixes a crash when sharing photos', alert)).toMatch(/^Version 5.2/);
    expect(said('the alert says version 5.3 adds offline maps', alert)).toBeNull();
    expect(said('version 5.2 removes offline maps', alert)).toBeNull();
    expect(said('version 5.2 does not add offline maps', alert)).toBeNull();
    const mixed = screen(node('Version 5.2 adds offline maps and does not fix the crash.', 'msg', '[0,100][1080,180]'));
    expect(said('version 5.2 fixes the crash', mixed)).toBeNull();
  });

  it('reads a relative clause as what was done to its noun, never another number or verb', () => {
    const prompt = screen(node('Enter the 6-digit code we sent to +44 7700 900123', 'prompt', '[0,100][1080,180]'));
    expect(said('the code was sent to +44 7700 900123', prompt)).toMatch(/^Enter the 6-digit/);
    expect(said('the code was sent to +44 7700 900124', prompt)).toBeNull();
    expect(said('the code was not sent to +44 7700 900123', prompt)).toBeNull();
    expect(said('the code was emailed to +44 7700 900123', prompt)).toBeNull();
    expect(said('the link was sent to +44 7700 900123', prompt)).toBeNull();
  });

  it("reads a claim on the screen's heading as said by the heading and one other text, never by texts of a list", () => {
    const event = titled(
      'Event',
      node('Design review', 'name', '[0,300][1080,360]'),
      node('Tuesday, 12 March · 14:00–15:00', 'time', '[0,400][1080,460]'),
      node('Room 4B', 'room', '[0,500][1080,560]'),
    );
    expect(said('the design review is on Tuesday, 12 March', event)).toBe('Tuesday, 12 March · 14:00–15:00');
    expect(said('the design review is in Room 4B', event)).toBe('Room 4B');
    expect(said('the design review is on Wednesday, 13 March', event)).toBeNull();
    expect(said('the design review is not in Room 4B', event)).toBeNull();
    expect(said('the design review is in Room 4B on Tuesday', event)).toBeNull();
    // Dates above names, one after another: a name is no heading of the date below it.
    const agenda = titled(
      'Agenda',
      node('Tuesday', 'd1', '[0,300][1080,360]'),
      node('Design review', 'n1', '[0,400][1080,460]'),
      node('Wednesday', 'd2', '[0,500][1080,560]'),
      node('Standup', 'n2', '[0,600][1080,660]'),
    );
    expect(said('the design review is on Wednesday', agenda)).toBeNull();
    expect(said('the standup is on Tuesday', agenda)).toBeNull();
  });

  it('keeps "from A to B" in its order, and lets "I am" frame a claim', () => {
    const ticket = screen(
      node('London Euston → Manchester Piccadilly', 'route', '[0,100][1080,180]'),
      node('Gold member', 'tier', '[0,200][1080,260]'),
    );
    expect(said('the trip is from London Euston to Manchester Piccadilly', ticket)).toBe('London Euston → Manchester Piccadilly');
    expect(said('the trip is from Manchester Piccadilly to London Euston', ticket)).toBeNull();
    expect(said('I am a Gold member', ticket)).toBe('Gold member');
    expect(said('I am a Platinum member', ticket)).toBeNull();
    expect(said('I am not a Gold member', ticket)).toBeNull();
    // A place word stands for nothing only before a word the text has: "checked in" is not "Checked".
    expect(said('checked in', screen(node('Checked', 'state', '[0,100][1080,180]')))).toBeNull();
  });

  it('keeps two numbers of a claim in their order in one text', () => {
    const storage = screen(node('46.2 GB used of 64 GB', 'summary', '[0,100][1080,180]'));
    expect(said('46.2 GB of 64 GB is used', storage)).toBe('46.2 GB used of 64 GB');
    expect(said('64 GB of 46.2 GB is used', storage)).toBeNull();
  });

  it('reads no label beside its value alone, and names the value of the pair', () => {
    const pair = (label: string, value: string, id: string, y: number) =>
      `<node index="0" text="" resource-id="" class="android.widget.LinearLayout" package="app" content-desc="" clickable="false" enabled="true" bounds="[0,${y}][1080,${y + 80}]">${node(label, `${id}_label`, `[0,${y}][500,${y + 60}]`)}${node(value, `${id}_value`, `[540,${y}][1080,${y + 60}]`)}</node>`;
    const plant = screen(
      node('Monstera', 'name', '[0,300][1080,360]'),
      pair('Pet safe', 'No', 'pet', 500),
      pair('Light', 'Bright, indirect', 'light', 600),
    );
    expect(said('the plant is pet safe', plant)).toBeNull();
    expect(findParaphrase('it needs bright, indirect light', plant)?.element.resourceId).toBe('app:id/light_value');
  });
});

describe('findParaphrase, an image and a text that say the same', () => {
  it("takes the text: an image's label only describes a picture", () => {
    const image = `<node index="0" text="" resource-id="app:id/bike_photo" class="android.widget.ImageView" package="app" content-desc="E-bike" clickable="false" enabled="true" bounds="[0,100][1080,300]" />`;
    const bike = screen(image, node('E-bike · Bike 4821', 'bike_type', '[0,300][1080,340]'));
    expect(findParaphrase('the bike is an e-bike', bike)?.element.resourceId).toBe('app:id/bike_type');
  });
});

describe('findParaphrase, a weekday beside a date', () => {
  it('may be left out when the claim gives the date, never when it names another weekday or date', () => {
    const loan = screen(row('The Overstory', 'Richard Powers', 'Due Thu 4 Dec'));
    expect(said('The Overstory is due on 4 December', loan)).toBe('Due Thu 4 Dec');
    expect(said('The Overstory is due on Thursday 4 December', loan)).toBe('Due Thu 4 Dec');
    expect(said('The Overstory is due on 5 December', loan)).toBeNull();
    expect(said('The Overstory is due on Friday 4 December', loan)).toBeNull();
    // Without its date the weekday is what the text says: "due on Thursday" is not said by "Due Thu".
    expect(said('The Overstory is due on 4 December', screen(row('The Overstory', 'Richard Powers', 'Due Thu')))).toBeNull();
  });
});

describe('findParaphrase, a masked card number', () => {
  it('reads "ending 4821" as the number after the mask, never another number or card', () => {
    const order = screen(node('Paid with Visa •••• 4821', 'payment', '[0,700][1080,740]'));
    expect(said('I paid with the Visa ending 4821', order)).toBe('Paid with Visa •••• 4821');
    expect(said('I paid with the Visa ending in 4821', order)).toBe('Paid with Visa •••• 4821');
    expect(said('I paid with the Visa ending 4812', order)).toBeNull();
    expect(said('I paid with the Mastercard ending 4821', order)).toBeNull();
    // A duration after "ends in" is no masked number.
    const trial = screen(node('Trial 14 days', 'trial', '[0,700][1080,740]'));
    expect(said('the trial ends in 14 days', trial)).toBeNull();
  });
});

describe('findParaphrase, a person by title and surname', () => {
  it('reads "Dr. Okafor" for "Dr. Amara Okafor", never another surname, title or a given name alone', () => {
    const doctor = screen(
      node('Book appointment', 'title', '[0,100][1080,180]'),
      node('Dr. Amara Okafor', 'doctor_name', '[0,700][1080,740]'),
    );
    expect(said('the appointment is with Dr. Okafor', doctor)).toBe('Dr. Amara Okafor');
    expect(said('the appointment is with Dr. Okoro', doctor)).toBeNull();
    expect(said('the appointment is with Mr. Okafor', doctor)).toBeNull();
    expect(said('the appointment is with Dr. Amara', doctor)).toBeNull();
    expect(said('the appointment is with Okafor', doctor)).toBeNull();
  });
});

describe("the text a row's claim points at (forty-second batch)", () => {
  it('is the one saying the predicate, not the one naming the subject', () => {
    // The row: "Sat 27 Jun", "09:00 – 11:00 · Mock test", "Awaiting payment".
    expect(decideOn('The mock test is still awaiting payment', 'android-driving-lessons')).toBe('assert Awaiting payment');
  });
});

describe('a kind of measure named for its number, a cause in other words (session 17)', () => {
  const fridge = screen(node('Fridge 4.2 °C · checked at 08:10 by Sam', 'fridge_temp', '[0,100][1080,180]'));
  it('reads "the fridge temperature" for a number in degrees, and "because of" for "due to"', () => {
    expect(said('the fridge temperature was checked at 8:10 by Sam', fridge)).toMatch(/^Fridge 4.2/);
    expect(said('the fridge temperature is 4.2 °C', fridge)).toMatch(/^Fridge 4.2/);
    const disruption = 'assert com.citytransit.live:id/disruption_text';
    expect(decideOn('Check line 12 is diverted because of roadworks on Hill Street', 'android-bus-departures')).toBe(disruption);
    expect(decideOn('Check line 12 is diverted owing to roadworks on Hill Street', 'android-bus-departures')).toBe(disruption);
  });
  it('never names a kind no number of the text is in, nor passes another time, person or place', () => {
    expect(said('the fridge weight was checked at 8:10 by Sam', fridge)).toBeNull();
    expect(said('the fridge temperature was checked at 8:20 by Sam', fridge)).toBeNull();
    expect(said('the fridge temperature was checked at 8:10 by Tom', fridge)).toBeNull();
    const unitless = screen(node('Fridge checked at 08:10 by Sam', 'fridge_temp', '[0,100][1080,180]'));
    expect(said('the fridge temperature was checked at 8:10 by Sam', unitless)).toBeNull();
    expect(decideOn('Check line 12 is diverted because of roadworks on Mill Street', 'android-bus-departures')).toBe('fail');
    expect(decideOn('Check line 12 is not diverted because of roadworks on Hill Street', 'android-bus-departures')).toBe('fail');
    expect(decideOn('Check line 7 is diverted because of roadworks on Hill Street', 'android-bus-departures')).toBe('fail');
  });
});

describe('a subject the screen names nowhere, over a list of named rows (forty-eighth batch)', () => {
  it("is never said by one row's text, unless the row's title names it in another number", () => {
    // The false pass of the batch, scored blind: "4 places left" is the raspberries' row.
    expect(decideOn('Check the strawberry slot has 4 places left', 'ios-pick-your-own-slots')).toBe('fail');
    expect(decideOn('Check the blueberry slot has 4 places left', 'ios-pick-your-own-slots')).toBe('fail');
    // "Kelvedon Wonder pea" is "the peas": its row's text still says it.
    expect(decideOn('The peas are due back on 30 September', 'android-seed-library')).toMatch(/^assert /);
    expect(decideOn('The peas are due back on 30 October', 'android-seed-library')).toBe('fail');
  });
});

describe('the checked filter chip is what a list shows (session 17)', () => {
  it('may be named by a claim about a row, never a chip not checked or another price', () => {
    expect(decideOn('Verify E10 costs €1.689 at Shell Riverside', 'android-fuel-prices')).toBe('assert €1.689');
    expect(decideOn('Verify Diesel costs €1.689 at Shell Riverside', 'android-fuel-prices')).toBe('fail');
    expect(decideOn('Verify E10 costs €1.649 at Shell Riverside', 'android-fuel-prices')).toBe('fail');
  });
});
