/**
 * The general reading rules added for issue 25's blind batches (seventeenth on), each with
 * the trap that must keep failing: a row named by the first words of its title, a group of
 * controls named by its id, a control named by what it does, a player's state read from its
 * Play / Pause control, a label stacked over its value, a plural label and its value.
 */
import { describe, expect, it } from 'vitest';
import { type N, text, title, androidScreen as xml } from './android-test-screens.js';
import { decideOffline } from './offline-model.js';

const button = (t: string, y: number, id?: string, enabled = true, x = 780): N => ({
  cls: 'android.widget.Button',
  b: [x, y, x + 250, y + 60],
  text: t,
  id,
  click: true,
  enabled,
});
const icon = (desc: string, x: number, y: number, id: string): N => ({
  cls: 'android.widget.ImageButton',
  b: [x, y, x + 150, y + 150],
  desc,
  id,
  click: true,
});
const row = (y: number, texts: string[], enabled = true): N => ({
  cls: 'android.widget.LinearLayout',
  b: [0, y, 1080, y + 260],
  id: 'row',
  click: enabled,
  enabled,
  kids: [...texts.map((t, i) => text(t, y + 10 + i * 55, `row_text_${i}`)), button('Select', y + 180, 'select', enabled)],
});
const list = (...rows: N[]): N => ({ cls: 'androidx.recyclerview.widget.RecyclerView', b: [0, 300, 1080, 1400], id: 'list', kids: rows });

const decide = (instruction: string, screen: string) => {
  const d = decideOffline({ instruction, platform: 'android', hierarchyXml: screen });
  if (process.env.DEBUG_RULES) console.log(instruction, '→', JSON.stringify(d.action), d.reasoning);
  const a = d.action;
  const on =
    'target' in a && a.target ? ` ${a.target.value}${'showing' in a.target && a.target.showing ? `=${a.target.showing}` : ''}` : '';
  return `${a.type}${on}`;
};

describe('rows named by the first words of their title', () => {
  const cars = xml(
    title('Cars'),
    list(
      row(300, ['Fiat 500 or similar', 'Free cancellation', '€28 / day']),
      row(580, ['VW Golf or similar', 'Unlimited mileage', '€41 / day']),
      row(860, ['Tesla Model 3 or similar', 'Sold out'], false),
    ),
  );
  it('taps the row and reads its texts, only when no other text starts with the words', () => {
    // "Select" names the row's own Select button (the row itself may only open its details); another verb taps the row.
    expect(decide('Select the VW Golf', cars)).toBe('tap /FrameLayout[0]/LinearLayout[0]/RecyclerView[1]/LinearLayout[1]/Button[3]');
    expect(decide('Open the VW Golf', cars)).toBe('tap /FrameLayout[0]/LinearLayout[0]/RecyclerView[1]/LinearLayout[1]');
    expect(decide('Check that the Fiat has free cancellation', cars)).toBe('assert Free cancellation');
    expect(decide('Check that the Fiat 500 costs €28 per day', cars)).toBe('assert €28 / day');
    expect(decide('Check that the Tesla is sold out', cars)).toBe('assert Sold out');
  });
  it('never a middle word, another row, a disabled row, or words two titles start with', () => {
    expect(decide('Select the Golf', cars)).toMatch(/^fail/);
    expect(decide('Check that the VW Golf has free cancellation', cars)).toMatch(/^fail/);
    expect(decide('Check that the VW Golf costs €28 per day', cars)).toMatch(/^fail/);
    expect(decide('Select the Tesla', cars)).toMatch(/^fail/);
    const mugs = xml(title('Mugs'), list(row(300, ['Blue Mug Large', '$14.00']), row(580, ['Blue Mug Small', '$12.00'])));
    expect(decide('Select the Blue Mug', mugs)).toMatch(/^fail/);
    expect(decide('Check that the Blue Mug costs $12.00', mugs)).toMatch(/^fail/);
  });
});

describe('controls named by what they do', () => {
  const player = xml(
    text('Episode 3: The Lighthouse', 1420, 'episode_title'),
    text('Subtitles: English', 1500, 'subtitles'),
    icon('Rewind 10 seconds', 180, 1750, 'rewind'),
    icon('Pause', 460, 1750, 'play_pause'),
    icon('Forward 10 seconds', 740, 1750, 'forward'),
    {
      cls: 'com.google.android.material.chip.ChipGroup',
      b: [48, 1950, 1032, 2050],
      id: 'filters',
      kids: [button('HD', 1960, 'hd', true, 48), button('4K', 1960, 'uhd', true, 400)],
    },
    button('Next episode', 2160, 'next_episode'),
  );
  it('taps a control whose words say the action another way, or that a verb of use names', () => {
    expect(decide('Skip ahead 10 seconds', player)).toBe('tap app:id/forward');
    expect(decide('Go back 10 seconds', player)).toBe('tap app:id/rewind');
    expect(decide('Pause the video', player)).toBe('tap app:id/play_pause');
    expect(decide('Play the next episode', player)).toBe('tap app:id/next_episode');
  });
  it('never another number, a control that is not there, a name after the verb the screen does not show, or a group by its id', () => {
    expect(decide('Skip ahead 30 seconds', player)).toMatch(/^fail/);
    expect(decide('Resume playback', player)).toMatch(/^fail/);
    expect(decide('Pause the Harbour Town episode', player)).toMatch(/^fail/);
    // The control's label as the verb, before words the screen shows, is that control.
    expect(decide('Pause the Lighthouse', player)).toBe('tap app:id/play_pause');
    expect(decide('Tap Filters', player)).toMatch(/^fail/);
  });
  it("reads the player's state from the control it offers, for a title outside any list", () => {
    expect(decide('Check that episode 3 is playing', player)).toBe('assert app:id/episode_title=Episode 3: The Lighthouse');
    expect(decide('Check that the video is playing', player)).toMatch(/^assert/);
    expect(decide('Check that episode 3 is paused', player)).toMatch(/^fail/);
    expect(decide('Check that episode 4 is playing', player)).toMatch(/^fail/);
    const album = xml(title('Album'), list(row(300, ['Late Tram', '3:41'])), icon('Pause', 460, 1750, 'play_pause'));
    expect(decide('Check that Late Tram is playing', album)).toMatch(/^fail/);
  });
  it('reads a plural label with its value, never another value', () => {
    expect(decide('Check that subtitles are in English', player)).toMatch(/^assert/);
    expect(decide('Check that subtitles are in Spanish', player)).toMatch(/^fail/);
  });
});

describe('a label stacked over its value', () => {
  const transfer = xml(
    title('Send money'),
    text('You send', 240, 'send_label'),
    {
      cls: 'android.widget.LinearLayout',
      b: [48, 300, 1032, 420],
      kids: [
        { cls: 'android.widget.EditText', b: [48, 300, 760, 420], text: '1,000.00', id: 'amount', click: true },
        button('USD', 310, 'currency'),
      ],
    },
    text('Recipient gets', 540, 'receive_label'),
    {
      cls: 'android.widget.LinearLayout',
      b: [48, 600, 1032, 720],
      kids: [text('921.40', 610, 'received'), button('EUR', 610, 'receive_currency')],
    },
  );
  it('reads the label and the texts of the line below it as one row, for a claim with a number', () => {
    expect(decide('Check that I am sending 1,000 USD', transfer)).toBe('assert app:id/amount=1,000.00');
    expect(decide('Verify the recipient gets €921.40', transfer)).toBe('assert app:id/received=921.40');
  });
  it('never another amount, currency, or the other label', () => {
    expect(decide('Check that I am sending 1,000 EUR', transfer)).toMatch(/^fail/);
    expect(decide('Check that I am sending 2,000 USD', transfer)).toMatch(/^fail/);
    expect(decide('Verify the recipient gets €1,000', transfer)).toMatch(/^fail/);
    expect(decide('Verify the recipient gets 921.40 USD', transfer)).toMatch(/^fail/);
  });
});

describe('rules from the eighteenth batch', () => {
  const menu = xml(
    title('Menu'),
    list(
      {
        ...row(300, ['Margherita', '€9.50']),
        kids: [text('Margherita', 310, 'dish'), text('€9.50', 365, 'price'), icon('Add Margherita', 880, 320, 'add_1')],
      },
      {
        ...row(580, ['Diavola', '2 in basket']),
        kids: [text('Diavola', 590, 'dish'), text('2 in basket', 645, 'count'), icon('Add Diavola', 880, 600, 'add_2')],
      },
      { ...row(860, ['Tiramisu', 'Sold out today'], false), kids: [text('Tiramisu', 870, 'dish'), text('Sold out today', 925, 'status')] },
    ),
    button('View basket · 2 items · €22.00', 2160, 'view_basket', true, 48),
    { ...button('Unlock', 1500, 'unlock'), b: [780, 1500, 1030, 1560] },
    text('Front Door Lock', 1500, 'lock_name'),
    icon('Send', 900, 1700, 'send'),
  );
  const disabledSend = menu.replace(/content-desc="Send"([^>]*)enabled="true"/, 'content-desc="Send"$1enabled="false"');
  it('taps a control named with articles and where it puts things set aside, or by the first part of its label', () => {
    expect(decide('Add a Margherita to the basket', menu)).toBe('tap app:id/add_1');
    expect(decide('View the basket', menu)).toBe('tap app:id/view_basket');
    expect(decide('Unlock the front door', menu)).toBe('tap app:id/unlock');
  });
  it('never a control for a dish that has none, an object the screen does not show, or a disabled control', () => {
    expect(decide('Add Tiramisu', menu)).toMatch(/^fail/);
    expect(decide('Add a Calzone to the basket', menu)).toMatch(/^fail/);
    expect(decide('Unlock the garage door', menu)).toMatch(/^fail/);
    const send = decideOffline({ instruction: 'Send the message', platform: 'android', hierarchyXml: disabledSend }).action;
    expect(send.type === 'fail' && send.reason).toMatch(/disabled/);
  });
  it('lets a text say when ("today") or where ("in basket") beyond the claim, never another time', () => {
    expect(decide('Check that Tiramisu is sold out', menu)).toMatch(/^assert .*Sold out today$/);
    expect(decide('Check that the basket has 2 Diavola', menu)).toMatch(/^assert .*2 in basket$/);
    expect(decide('Check that the basket has 3 Diavola', menu)).toMatch(/^fail/);
    expect(decide('Check that Tiramisu is sold out tomorrow', menu)).toMatch(/^fail/);
    expect(decide('Check that Margherita is sold out', menu)).toMatch(/^fail/);
  });
  it("takes a lower-case word beside a row's words as its kind only when it is a noun, never a verb", () => {
    const payments = xml(title('Account'), list(row(300, ['City Gym', '€35.00', '26 Feb'])));
    expect(decide('Check that the City Gym payment is €35.00', payments)).toMatch(/^assert .*€35.00$/);
    expect(decide('Check that City Gym refunded €35.00 on 26 Feb', payments)).toMatch(/^fail/);
  });
  it('reads numbers written as words, and a saying verb in the past as reported speech', () => {
    const meds = xml(title('Medications'), list(row(300, ['Metformin', '1 of 2 taken']), row(580, ['Ana', "Who's bringing snacks?"])));
    expect(decide('Check that one of two Metformin doses has been taken', meds)).toMatch(/^assert .*1 of 2 taken$/);
    expect(decide('Check that two of two Metformin doses have been taken', meds)).toMatch(/^fail/);
    expect(decide('Check that Ana asked who is bringing snacks', meds)).toMatch(/^assert .*Who's bringing snacks\?$/);
    expect(decide('Check that Ana asked who is bringing drinks', meds)).toMatch(/^fail/);
  });
});

describe('rules from the nineteenth batch', () => {
  const results = xml(
    title('Berlin → Lisbon'),
    list(
      row(300, ['06:15 – 08:55', '3h 40m · Nonstop', 'SkyLine', '€89']),
      row(580, ['10:30 – 13:05', '3h 35m · Nonstop', 'AeroPort', '€124']),
    ),
  );
  it('reads a journey from a time range and durations written "3h 35m", in their order', () => {
    expect(decide('Verify the 06:15 flight lands at 08:55', results)).toMatch(/^assert .*06:15 – 08:55$/);
    expect(decide('Verify the 06:15 flight lands at 09:55', results)).toMatch(/^fail/);
    expect(decide('Verify the 08:55 flight lands at 06:15', results)).toMatch(/^fail/);
    expect(decide('Check that the AeroPort flight takes 3 hours 35 minutes', results)).toMatch(/^assert .*3h 35m · Nonstop$/);
    expect(decide('Check that the AeroPort flight takes 3 hours 40 minutes', results)).toMatch(/^fail/);
  });
  it('taps a row named by the time it starts with and a kind noun, never another time', () => {
    expect(decide('Select the 10:30 flight', results)).toBe(
      'tap /FrameLayout[0]/LinearLayout[0]/RecyclerView[1]/LinearLayout[1]/Button[4]',
    );
    expect(decide('Open the 10:30 flight', results)).toBe('tap /FrameLayout[0]/LinearLayout[0]/RecyclerView[1]/LinearLayout[1]');
    expect(decide('Select the 10:35 flight', results)).toMatch(/^fail/);
  });
  const stocks = xml(
    title('Watchlist'),
    list(
      {
        ...row(300, []),
        kids: [
          text('AAPL', 310, 'sym'),
          text('Apple Inc.', 365, 'name'),
          text('189.43', 310, 'price', 600),
          button('+1.24%', 360, 'change'),
        ],
      },
      {
        ...row(580, []),
        kids: [
          text('MSFT', 590, 'sym'),
          text('Microsoft Corporation', 645, 'name'),
          text('417.20', 590, 'price', 600),
          button('−0.38%', 640, 'change'),
        ],
      },
    ),
  );
  it('reads "+" / "−" before a percentage as up / down, and a row by a name in title case', () => {
    expect(decide('Verify AAPL is up 1.24%', stocks)).toMatch(/^assert .*\+1\.24%$/);
    expect(decide('Check that Apple gained 1.24%', stocks)).toMatch(/^assert .*\+1\.24%$/);
    expect(decide('Verify MSFT is up 0.38%', stocks)).toMatch(/^fail/);
    expect(decide('Check that Microsoft fell 0.38%', stocks)).toMatch(/^assert .*−0\.38%$/);
    expect(decide('Check that Apple is at 189.43', stocks)).toMatch(/^assert .*189\.43$/);
    expect(decide('Check that Apple is at 198.43', stocks)).toMatch(/^fail/);
  });
  const order = xml(
    title('Tickets'),
    {
      cls: 'android.widget.LinearLayout',
      b: [48, 300, 1032, 380],
      kids: [text('Subtotal', 310, 'subtotal_label'), text('€50.00', 310, 'subtotal_value', 540)],
    },
    {
      cls: 'android.widget.LinearLayout',
      b: [48, 400, 1032, 480],
      kids: [text('Total', 410, 'total_label'), text('€53.50', 410, 'total_value', 540)],
    },
    text('Seated, includes one drink', 600, 'vip'),
    button('Buy 2 tickets', 2160, 'buy', true, 48),
  );
  it("reads a label with its own value, never another label's that holds its word", () => {
    expect(decide('Check that the total is €53.50', order)).toMatch(/^assert .*€53.50$/);
    expect(decide('Check that the total is €50', order)).toMatch(/^fail/);
    expect(decide('Check that the total is €50.00', order)).toMatch(/^fail/);
    expect(decide('Check that the subtotal is €50', order)).toMatch(/^assert .*€50.00$/);
  });
  it('reads each part of a text after a comma, and taps a control named without its count', () => {
    expect(decide('Check that it includes one drink', order)).toMatch(/^assert .*includes one drink$/);
    expect(decide('Check that it includes two drinks', order)).toMatch(/^fail/);
    expect(decide('Buy the tickets', order)).toBe('tap app:id/buy');
    expect(decide('Buy the passes', order)).toMatch(/^fail/);
  });
  it('never taps the iOS app itself, named like the back button', () => {
    const ios = `<?xml version="1.0" encoding="UTF-8"?><AppiumAUT><XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Settings" label="Settings" enabled="true" visible="true" accessible="true" x="0" y="0" width="390" height="844" index="0"><XCUIElementTypeWindow type="XCUIElementTypeWindow" enabled="true" visible="true" accessible="false" x="0" y="0" width="390" height="844" index="0"><XCUIElementTypeNavigationBar type="XCUIElementTypeNavigationBar" name="Display" enabled="true" visible="true" accessible="true" x="0" y="47" width="390" height="44" index="0"><XCUIElementTypeButton type="XCUIElementTypeButton" name="Settings" label="Settings" enabled="true" visible="true" accessible="true" x="0" y="47" width="80" height="44" index="0"/><XCUIElementTypeStaticText type="XCUIElementTypeStaticText" value="Display" name="Display" label="Display" enabled="true" visible="true" accessible="true" x="120" y="58" width="150" height="22" index="1"/></XCUIElementTypeNavigationBar></XCUIElementTypeWindow></XCUIElementTypeApplication></AppiumAUT>`;
    const d = decideOffline({ instruction: 'Go back to Settings', platform: 'ios', hierarchyXml: ios }).action;
    expect(d.type === 'tap' && d.target?.value).toBe('Settings');
    expect(decideOffline({ instruction: 'Go back to the previous screen', platform: 'ios', hierarchyXml: ios }).action.type).not.toBe(
      'fail',
    );
  });
});

describe('rules from the twentieth batch', () => {
  const classRow = (y: number, time: string, name: string, spots: string, label: string): N => ({
    cls: 'android.widget.LinearLayout',
    b: [0, y, 1080, y + 200],
    id: 'class_row',
    kids: [
      text(time, y + 15, 'class_time'),
      text(name, y + 15, 'class_name', 320),
      text(spots, y + 75, 'class_spots', 320),
      button(label, y + 60, 'class_button'),
    ],
  });
  const classes = xml(
    title('Classes'),
    list(
      classRow(300, '07:00', 'Spin 45', '3 spots left', 'Book'),
      classRow(520, '12:15', 'Yoga Flow', 'You are booked', 'Cancel'),
      classRow(740, '18:30', 'HIIT 30', 'Full · 4 on waitlist', 'Join waitlist'),
      classRow(960, '20:00', 'Pilates', '9 spots left', 'Book'),
    ),
  );
  it("never reads a row's button as its state, and names the text that says the claim, not the row's name", () => {
    expect(decide('Check that I am booked into Pilates', classes)).toMatch(/^fail/);
    expect(decide('Check that I am booked into Yoga Flow', classes)).toMatch(/^assert .*You are booked$/);
    expect(decide('Check that Spin 45 starts at 07:00', classes)).toMatch(/^assert .*07:00$/);
    expect(decide('Check that Spin 45 has 3 spots left', classes)).toMatch(/^assert .*3 spots left$/);
  });
  it("taps a row's control named with its articles and the row after for", () => {
    const d = decideOffline({ instruction: 'Join the waitlist for HIIT 30', platform: 'android', hierarchyXml: classes });
    expect(d.reasoning).toMatch(/Join waitlist.*HIIT 30/);
    expect(decide('Join the waitlist for Pilates', classes)).toMatch(/^fail/);
  });
  const invoice = xml(
    title('Invoice INV-1042'),
    text('Unit 2: Food & drink', 300, 'unit'),
    list(row(400, ['Unit 2: Food & drink', 'Lesson 4 of 12'])),
    button('Continue lesson 4', 1900, 'continue', true, 48),
    button('Download PDF', 2020, 'download', true, 48),
    button('Disconnect', 2160, 'disconnect', true, 48),
  );
  it('taps a control whose label starts with the verb, or the verb whole, before words the screen shows', () => {
    expect(decide('Download the invoice', invoice)).toBe('tap app:id/download');
    expect(decide('Download the photos', invoice)).toMatch(/^fail/);
    // Only the title's words: a label that merely starts with the verb is never taken for another object.
    expect(decide('Download the lesson', invoice)).toMatch(/^fail/);
    expect(decide('Continue the lesson', invoice)).toBe('tap app:id/continue');
    expect(decide('Disconnect from the invoice', invoice)).toBe('tap app:id/disconnect');
    expect(decide('Disconnect from the VPN', invoice)).toMatch(/^fail/);
    expect(decide('Open the Food & drink unit', invoice)).toBe('tap app:id/row');
    expect(decide('Open the Food & wine unit', invoice)).toMatch(/^fail/);
  });
});

describe('"Refresh"', () => {
  it("taps the screen's own Refresh control, and pulls down where there is none", () => {
    const departures = xml(title('Departures'), icon('Refresh', 900, 80, 'refresh'), text('Updated 08:42', 400, 'updated'));
    expect(decide('Refresh', departures)).toBe('tap app:id/refresh');
    expect(decide('Refresh the list', departures)).toBe('tap app:id/refresh');
    expect(decide('Pull to refresh', departures)).toBe('swipe');
    expect(decide('Refresh', xml(title('Departures'), text('Updated 08:42', 400, 'updated')))).toBe('swipe');
    // A text saying "Refresh" is no control.
    expect(decide('Refresh', xml(title('Departures'), text('Refresh every 30 s', 400, 'hint')))).toBe('swipe');
  });
});

describe("a verb's one control acts on what the screen is about (session 14)", () => {
  const car = xml(
    title('Volta E3'),
    text('Locked · 82% · 310 km', 400, 'status'),
    button('Unlock', 600, 'unlock', true, 80),
    button('Honk', 600, 'honk', true, 420),
    button('Delete', 800, 'delete', true, 80),
    button('Open Trunk', 800, 'trunk', true, 420),
  );
  it('taps the one control that is the verb when the object is shown nowhere', () => {
    expect(decide('Unlock the car', car)).toBe('tap app:id/unlock');
    expect(decide('Honk the horn', car)).toBe('tap app:id/honk');
  });
  it('never for a name not shown, a number, an object partly shown, or a verb that loses something', () => {
    expect(decide('Unlock the Tesla', car)).toMatch(/^fail/);
    expect(decide('Unlock 2 doors', car)).toMatch(/^fail/);
    expect(decide('Unlock the trunk lid', car)).toMatch(/^fail/);
    expect(decide('Delete the account', car)).toMatch(/^fail/);
    expect(decide('Unlock it without the app', car)).toMatch(/^fail/);
    expect(decide('Unlock the car later', car)).toMatch(/^fail/);
  });
});

describe('a value of whom the screen is about: "Amara\'s balance" (session 14)', () => {
  const chip = (t: string, x: number, selected: boolean): N => ({
    cls: 'android.widget.TextView',
    b: [x, 230, x + 250, 300],
    text: t,
    id: 'child_chip',
    click: true,
    selected,
  });
  const lunch = xml(title('Lunch account'), chip('Amara', 40, true), chip('Theo', 320, false), text('Balance: £8.40', 400, 'balance'));
  it('reads the label without its owner when the chosen chip, the title or a heading names the owner', () => {
    expect(decide("Check Amara's balance is £8.40", lunch)).toBe('assert app:id/balance=Balance: £8.40');
    const titled = xml(title('Amara'), text('Balance: £8.40', 400, 'balance'));
    expect(decide("Check Amara's balance is £8.40", titled)).toBe('assert app:id/balance=Balance: £8.40');
  });
  it('never for an owner on a chip not chosen or shown nowhere, nor for another value', () => {
    expect(decide("Check Theo's balance is £8.40", lunch)).toMatch(/^fail/);
    expect(decide("Check Quillon's balance is £8.40", lunch)).toMatch(/^fail/);
    expect(decide("Check Amara's balance is £8.80", lunch)).toMatch(/^fail/);
  });
});

describe('a row named by its date written short (session 14)', () => {
  // Cards laid out without a list, each a row of its own (screen-structure.ts rowOf), dates written "Tue 18 Nov".
  const slots = xml(title('Choose a slot'), row(300, ['Tue 18 Nov', '08:00–12:00']), row(580, ['Wed 19 Nov', '12:00–16:00']));
  it('taps the Select of the one row whose date is the one said in full', () => {
    expect(decide('Select the Tuesday 18 Nov slot', slots)).toBe('tap /FrameLayout[0]/LinearLayout[0]/LinearLayout[1]/Button[2]');
    expect(decide('Select the Wednesday 19 November slot', slots)).toBe('tap /FrameLayout[0]/LinearLayout[0]/LinearLayout[2]/Button[2]');
  });
  it('never a date no row shows whole', () => {
    expect(decide('Select the Tuesday 19 Nov slot', slots)).toMatch(/^fail/);
    expect(decide('Select the Wednesday 18 Nov slot', slots)).toMatch(/^fail/);
    expect(decide('Select the Thursday 20 Nov slot', slots)).toMatch(/^fail/);
  });
});

describe('a control named by its kind, then what it says (session 14)', () => {
  const box = (t: string, y: number, id: string): N => ({
    cls: 'android.widget.CheckBox',
    b: [40, y, 1040, y + 80],
    text: t,
    id,
    click: true,
    checked: false,
  });
  const form = xml(title('Book the hall'), box('I have read the hire conditions', 400, 'conditions'), button('Continue', 600, 'continue'));
  it('reads "the box to say …", "the button labelled …" as that control', () => {
    expect(decide('Tick the box to say I have read the hire conditions', form)).toBe('tap app:id/conditions');
    expect(decide('Tap the button labelled Continue', form)).toBe('tap app:id/continue');
    expect(decide('Tap the button called "Continue"', form)).toBe('tap app:id/continue');
  });
  it('never another control or words no control says', () => {
    expect(decide('Tick the box to say I am over 18', form)).toMatch(/^fail/);
    expect(decide('Tap the button labelled Back', form)).toMatch(/^fail/);
  });
});

describe("a value written the screen's way (session 14)", () => {
  const permit = xml(
    title('Day permit'),
    text('Fishing date', 400, 'date_label', 48),
    { cls: 'android.widget.TextView', b: [600, 400, 1040, 450], text: 'Sat 12 Apr 2025', id: 'date_value' },
    text('Practice night: Thursdays 7:30 pm', 600, 'practice'),
    text('7-day average: 128/82 mmHg', 700, 'average'),
  );
  it('reads dates written short, a weekday of every week, "at" before a time and a unit after the value', () => {
    expect(decide('Make sure the fishing date is Saturday 12 April 2025', permit)).toBe('assert app:id/date_value=Sat 12 Apr 2025');
    expect(decide('Check practice night is Thursday at 7:30 pm', permit)).toBe('assert app:id/practice=Practice night: Thursdays 7:30 pm');
    expect(decide('Check the 7-day average is 128/82', permit)).toBe('assert app:id/average=7-day average: 128/82 mmHg');
    const baby = xml(title('Today'), text('Emma · 4 months', 300, 'baby'));
    expect(decide('Check Emma is 4 months old', baby)).toBe('assert app:id/baby=Emma · 4 months');
    expect(decide('Check Emma is 5 months old', baby)).toMatch(/^fail/);
    expect(decide('Check Emma is 4 years old', baby)).toMatch(/^fail/);
  });
  it('never another day, time or number, nor a value with more after it than a unit', () => {
    expect(decide('Make sure the fishing date is Sunday 12 April 2025', permit)).toMatch(/^fail/);
    expect(decide('Make sure the fishing date is Saturday 12 April 2026', permit)).toMatch(/^fail/);
    expect(decide('Make sure the fishing date is Saturday 12', permit)).toMatch(/^fail/);
    expect(decide('Check practice night is Friday at 7:30 pm', permit)).toMatch(/^fail/);
    expect(decide('Check practice night is Thursday at 7:30 am', permit)).toMatch(/^fail/);
    expect(decide('Check the 7-day average is 128/85', permit)).toMatch(/^fail/);
  });
});

describe("a row's verb with where its object goes (session 14)", () => {
  const recipe = (y: number, name: string, id: string): N => ({
    cls: 'android.widget.LinearLayout',
    b: [0, y, 1080, y + 200],
    id: 'recipe_row',
    kids: [text(name, y + 20, 'recipe_name'), button('Add', y + 100, id)],
  });
  const box = xml(title('This week'), list(recipe(300, 'Fish Pie', 'add_0'), recipe(580, 'Bean Chilli', 'add_1')));
  it('taps the Add of the row named, "to my box" being where it goes', () => {
    expect(decide('Add the Fish Pie recipe to my box', box)).toBe('tap app:id/add_0');
    expect(decide('Add the Bean Chilli to the basket', box)).toBe('tap app:id/add_1');
  });
  it('never a row not named, nor words that are no destination', () => {
    expect(decide('Add the Fish Curry recipe to my box', box)).toMatch(/^fail/);
    expect(decide('Add the Fish Pie recipe to my neighbour', box)).toMatch(/^fail/);
  });
});

describe('a row named in lower case by the end of its title (session 14)', () => {
  const dish = (y: number, name: string, id: string): N => ({
    cls: 'android.widget.LinearLayout',
    b: [0, y, 1080, y + 200],
    id: 'dish_row',
    kids: [text(name, y + 20, 'dish_name'), button('Remove', y + 100, id)],
  });
  const box = xml(
    title('Your box'),
    list(dish(300, 'Miso Glazed Salmon', 'remove_0'), dish(580, 'Smoky Bean Chilli, 2 servings', 'remove_1')),
  );
  it('taps the verb of the one row whose title ends with the words', () => {
    expect(decide('Remove the salmon from my box', box)).toBe('tap app:id/remove_0');
    expect(decide('Remove the bean chilli', box)).toBe('tap app:id/remove_1');
  });
  it('never words no title ends with, nor words another text has too', () => {
    expect(decide('Remove the trout from my box', box)).toMatch(/^fail/);
    const two = xml(title('Your box'), list(dish(300, 'Miso Glazed Salmon', 'remove_0'), dish(580, 'Salmon Fishcakes', 'remove_1')));
    expect(decide('Remove the salmon from my box', two)).toMatch(/^fail/);
    const banner = xml(
      title('Your box'),
      text('Salmon is back this week', 250, 'banner'),
      list(dish(300, 'Miso Glazed Salmon', 'remove_0'), dish(580, 'Bean Chilli', 'remove_1')),
    );
    expect(decide('Remove the salmon from my box', banner)).toMatch(/^fail/);
  });
});

describe("a label that is the instruction's first words, the rest shown nowhere (session 14)", () => {
  const grades = xml(
    title('Grades'),
    text('Maths · A', 400, 'maths'),
    button('Download report', 700, 'download', true, 80),
    button('Remind me', 900, 'remind', true, 80),
    button('Extend by 30 min', 1100, 'extend', true, 80),
  );
  it('taps "Download report" for "Download the report card"', () => {
    expect(decide('Download the report card', grades)).toBe('tap app:id/download');
  });
  it("never for words between the label's, when or how, a name or a number", () => {
    expect(decide('Remind me later', grades)).toMatch(/^fail/);
    expect(decide('Extend my booking by 30 min', grades)).toMatch(/^fail/);
    expect(decide('Download the Term 2 report', grades)).toMatch(/^fail/);
    expect(decide('Download the report for Nina', grades)).toMatch(/^fail/);
    expect(decide('Download the report 2', grades)).toMatch(/^fail/);
  });
});

describe('a state said in words by a text no one can choose (session 14)', () => {
  const seats = xml(title('Seats'), text('2 of 3 seats chosen', 400, 'count'));
  it('passes "2 of 3 seats are chosen" on the text "2 of 3 seats chosen"', () => {
    expect(decide('Check 2 of 3 seats are chosen', seats)).toBe('assert app:id/count=2 of 3 seats chosen');
  });
  it('never other numbers, the state denied, or a text without the word', () => {
    expect(decide('Check 3 of 3 seats are chosen', seats)).toMatch(/^fail/);
    expect(decide('Check 2 of 3 seats are not chosen', seats)).toMatch(/^fail/);
    expect(decide('Check 2 of 3 seats are chosen', xml(title('Seats'), text('2 of 3 seats', 400, 'count')))).toMatch(/^fail/);
  });
});

describe('"holds" is a verb of having (session 14)', () => {
  const cellar = xml(title('Cellar'), text('15 bottles · 2 ready to drink', 300, 'summary'));
  it('passes "the cellar holds 15 bottles" on "15 bottles"; never another number, nor "held", a state', () => {
    expect(decide('Check the cellar holds 15 bottles', cellar)).toBe('assert app:id/summary=15 bottles · 2 ready to drink');
    expect(decide('Check the cellar holds 16 bottles', cellar)).toMatch(/^fail/);
    expect(decide('Check 15 bottles are held in the cellar', cellar)).toMatch(/^fail/);
  });
});
