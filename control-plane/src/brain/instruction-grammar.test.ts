import { describe, expect, it } from 'vitest';
import { type Intent, parseInstruction } from './instruction-grammar.js';
import { findQuoted, parseTargetPhrase, type TargetPhrase } from './target-phrase.js';
import { decideOn } from './testing/corpus-decisions.js';

const tap = (target: TargetPhrase): Intent => ({ kind: 'tap', target });
/** A tap whose verb may be a control's own first word ("Open" of "Open compartment"). */
const tapBy = (verb: string, target: TargetPhrase): Intent => ({ kind: 'tap', target, verb });

describe('parseInstruction', () => {
  const table: Array<[string, Intent]> = [
    ['Tap the Login button', tap({ text: 'Login', role: 'button', variants: ['Login button'] })],
    ["tap on 'Sign in'", tap({ text: 'Sign in', literal: true })],
    ['Tap on "Sign in" button', tap({ text: 'Sign in', literal: true, role: 'button' })],
    ['Click Continue', tap({ text: 'Continue' })],
    ['press OK.', tap({ text: 'OK' })],
    ['Then tap Next', tap({ text: 'Next' })],
    ['Open Settings tab', tapBy('open', { text: 'Settings', role: 'tab', variants: ['Settings tab'] })],
    ['Go to the Profile tab', tapBy('go to', { text: 'Profile', role: 'tab', variants: ['Profile tab'] })],
    ['Select the second item', tapBy('select', { text: '', role: 'item', ordinal: 2, variants: ['second item'] })],
    ['Tap the last result', tap({ text: '', role: 'item', ordinal: -1, variants: ['last result'] })],
    ['Tap item 3', tap({ text: '', role: 'item', ordinal: 3, variants: ['item 3'] })],
    [
      'Tap the 2nd Add to cart button',
      tap({ text: 'Add to cart', role: 'button', ordinal: 2, variants: ['2nd Add to cart button', '2nd Add to cart'] }),
    ],
    [
      'Enter john@example.com in the Email field',
      { kind: 'type', text: 'john@example.com', field: { text: 'Email', role: 'field', variants: ['Email field'] } },
    ],
    ['Type secret into password', { kind: 'type', text: 'secret', field: { text: 'password', role: 'field' } }],
    ['Fill in the username with bob', { kind: 'type', text: 'bob', field: { text: 'username', role: 'field' } }],
    ['Set the quantity to 3', { kind: 'type', text: '3', field: { text: 'quantity', role: 'field' } }],
    ['Enter bob as the username', { kind: 'type', text: 'bob', field: { text: 'username', role: 'field' } }],
    [
      'Type "sign in now" into the Notes field',
      { kind: 'type', text: 'sign in now', field: { text: 'Notes', role: 'field', variants: ['Notes field'] } },
    ],
    ['Type "hello"', { kind: 'type', text: 'hello', field: null }],
    ['Type hello world', { kind: 'type', text: 'hello world', field: null }],
    ['Search for red shoes', { kind: 'type', text: 'red shoes', field: { text: 'Search', role: 'search' } }],
    ['Scroll down', { kind: 'scroll', direction: 'down' }],
    ['scroll up a bit', { kind: 'scroll', direction: 'up' }],
    ['Scroll', { kind: 'scroll', direction: 'down' }],
    ['Scroll to the top', { kind: 'scroll', direction: 'up' }],
    ['Scroll the list down', { kind: 'scroll', direction: 'down' }],
    ['Scroll down until Privacy Policy is visible', { kind: 'scrollUntilVisible', direction: 'down', target: { text: 'Privacy Policy' } }],
    ['Scroll to Log out', { kind: 'scrollUntilVisible', direction: 'down', target: { text: 'Log out' } }],
    ['Swipe left', { kind: 'swipe', direction: 'left' }],
    ['Swipe the card to the right', { kind: 'swipe', direction: 'right' }],
    ['Pull to refresh', { kind: 'swipe', direction: 'down' }],
    ['Refresh', { kind: 'refresh' }],
    ['Refresh the list', { kind: 'refresh' }],
    ['Go back', { kind: 'back' }],
    ['Press the back button', { kind: 'back' }],
    ['Navigate back to the previous screen', { kind: 'back' }],
    ['Wait 3 seconds', { kind: 'wait', seconds: 3 }],
    ['Wait for 2 s', { kind: 'wait', seconds: 2 }],
    ['wait a second', { kind: 'wait', seconds: 1 }],
    ['Wait 500ms', { kind: 'wait', seconds: 0.5 }],
    ['Wait 10 minutes', { kind: 'wait', seconds: 300 }],
    ['Wait for the spinner to disappear', { kind: 'waitFor', target: { text: 'spinner' }, visible: false }],
    ['Wait until Welcome appears', { kind: 'waitFor', target: { text: 'Welcome' }, visible: true }],
    ['Check that Welcome is shown', { kind: 'assert', target: { text: 'Welcome' }, visible: true }],
    [
      "Verify the error message 'Invalid password' appears",
      { kind: 'assert', target: { text: 'Invalid password', literal: true, role: 'text' }, visible: true },
    ],
    ['Make sure Logout is not visible', { kind: 'assert', target: { text: 'Logout' }, visible: false }],
    ["Ensure the banner isn't displayed", { kind: 'assert', target: { text: 'banner' }, visible: false }],
    ['Welcome, John! should be visible', { kind: 'assert', target: { text: 'Welcome, John' }, visible: true }],
    ['The error disappears', { kind: 'assert', target: { text: 'error' }, visible: false }],
    [
      'There is no Delete button',
      {
        kind: 'assert',
        target: { text: 'Delete', role: 'button', variants: ['Delete button'], denies: 'there is a Delete button' },
        visible: false,
      },
    ],
    ['Verify the screen shows Order confirmed', { kind: 'assert', target: { text: 'Order confirmed' }, visible: true }],
    ['Check Welcome', { kind: 'assert', target: { text: 'Welcome', sentence: true }, visible: true }],
    [
      'I see the Home screen',
      { kind: 'assert', target: { text: 'Home', role: 'screen', variants: ['Home screen'], sentence: true }, visible: true },
    ],
    ['Check that Products is shown', { kind: 'assert', target: { text: '', role: 'item', variants: ['Products'] }, visible: true }],
    ['Dark mode is on', { kind: 'assertState', target: { text: 'Dark mode' }, state: 'on' }],
    [
      'Verify the Remember me checkbox is unchecked',
      { kind: 'assertState', target: { text: 'Remember me', role: 'toggle', variants: ['Remember me checkbox'] }, state: 'off' },
    ],
    [
      'the Log in button should be disabled',
      { kind: 'assertState', target: { text: 'Log in', role: 'button', variants: ['Log in button'] }, state: 'disabled' },
    ],
    [
      'The Settings screen is open',
      { kind: 'assert', target: { text: 'Settings', role: 'screen', variants: ['Settings screen'] }, visible: true },
    ],
    [
      "I'm on the Checkout page",
      { kind: 'assert', target: { text: 'Checkout', role: 'screen', variants: ['Checkout page'] }, visible: true },
    ],
    ['Confirm the dialog', { kind: 'confirm' }],
    [
      'The version should be 3.2.1',
      { kind: 'assertValue', label: { text: 'version' }, value: '3.2.1', said: 'The version should be 3.2.1', stated: true },
    ],
    ['Check that the total is $48.50', { kind: 'assertValue', label: { text: 'total' }, value: '$48.50', said: 'the total is $48.50' }],
    [
      'Check that Order #10234 is Delivered',
      { kind: 'assertValue', label: { text: 'Order #10234' }, value: 'Delivered', said: 'Order #10234 is Delivered' },
    ],
    [
      'Check that $4.99 is shown next to Product 1',
      {
        kind: 'assert',
        visible: true,
        target: { text: '$4.99', near: { relation: 'row', anchor: { text: '', role: 'item', ordinal: 1, variants: ['Product 1'] } } },
      },
    ],
    [
      'Verify the Email field contains ann@example.com',
      { kind: 'assertField', field: { text: 'Email', role: 'field', variants: ['Email field'] }, value: 'ann@example.com' },
    ],
    ['The Name field is empty', { kind: 'assertField', field: { text: 'Name', role: 'field', variants: ['Name field'] }, value: '' }],
    [
      'Red Mug is shown in the Name field',
      { kind: 'assertField', field: { text: 'Name', role: 'field', variants: ['Name field'] }, value: 'Red Mug' },
    ],
    ['Is Build 4521 shown?', { kind: 'assert', target: { text: 'Build 4521' }, visible: true }],
    [
      'The Orders tab should not be selected',
      { kind: 'assertState', target: { text: 'Orders', role: 'tab', variants: ['Orders tab'] }, state: 'unselected' },
    ],
    ['Tap OK in the dialog', { kind: 'tap', target: { text: 'OK', container: 'dialog', whole: 'OK in the dialog' } }],
    [
      'Check the Remember me checkbox',
      { kind: 'toggle', target: { text: 'Remember me', role: 'toggle', variants: ['Remember me checkbox'] }, desired: 'on' },
    ],
    ['Uncheck Remember me', { kind: 'toggle', target: { text: 'Remember me', role: 'toggle' }, desired: 'off' }],
    ['Turn on notifications', { kind: 'toggle', target: { text: 'notifications', role: 'toggle' }, desired: 'on' }],
    ['Turn Wi-Fi off', { kind: 'toggle', target: { text: 'Wi-Fi', role: 'toggle' }, desired: 'off' }],
    ['Enable dark mode', { kind: 'toggle', target: { text: 'dark mode', role: 'toggle' }, desired: 'on' }],
    ['Disable location', { kind: 'toggle', target: { text: 'location', role: 'toggle' }, desired: 'off' }],
    [
      'Toggle the Airplane mode switch',
      { kind: 'toggle', target: { text: 'Airplane mode', role: 'toggle', variants: ['Airplane mode switch'] }, desired: null },
    ],
    ['Allow the notification permission', { kind: 'permission', answer: 'allow' }],
    ['Grant camera access', { kind: 'permission', answer: 'allow' }],
    ['Allow', { kind: 'permission', answer: 'allow' }],
    ["Don't allow notifications", { kind: 'permission', answer: 'deny' }],
    ['Deny the location permission', { kind: 'permission', answer: 'deny' }],
    ['Allow while using the app', { kind: 'permission', answer: 'whileUsing' }],
    ['Allow only this time', { kind: 'permission', answer: 'once' }],
    ['Dismiss the dialog', { kind: 'dismiss' }],
    ['Close the popup', { kind: 'dismiss' }],
    ['Accept cookies', { kind: 'cookies', accept: true }],
    ['Accept all cookies', { kind: 'cookies', accept: true }],
    ['Reject the cookies', { kind: 'cookies', accept: false }],
    ['Open https://example.com/sale', { kind: 'openLink', url: 'https://example.com/sale' }],
    ['Open the link myapp://orders/7', { kind: 'openLink', url: 'myapp://orders/7' }],
    ['Go to www.example.com', { kind: 'openLink', url: 'https://www.example.com' }],
    ['Launch the app', { kind: 'launch' }],
    ['Restart the app', { kind: 'restart' }],
    ['Kill and reopen the app', { kind: 'restart' }],
  ];

  it.each(table)('%j', (text, intent) => {
    expect(parseInstruction(text)).toEqual(intent);
  });

  it.each(['Sing a song', 'Login', '', 'The Login button', 'The Settings screen'])('does not guess at %j', (text) => {
    expect(parseInstruction(text).kind).toBe('unknown');
  });
});

describe('Gherkin outcomes and expected results', () => {
  const kind = (i: string) => parseInstruction(i).kind;
  it('reads a statement after Then / And / But / "Expected:" as a check, and an action there as the action', () => {
    expect(kind('Then the parcel is out for delivery')).toBe('assertValue');
    expect(kind('And the event starts at 14:00')).toBe('assert');
    expect(kind('Expected: the plan is Premium')).toBe('assertValue');
    expect(kind('expected result: order confirmed')).toBe('assert');
    expect(kind('Then tap Next')).toBe('tap');
    expect(kind('And I tap Save')).toBe('tap');
    expect(kind('When I tap Save')).toBe('tap');
    expect(kind('And I wonder why')).toBe('unknown');
  });
  it('reads an expectation with "should" as a check, and "tick" as ticking a box', () => {
    expect(kind('The reference should be Rent March')).toBe('assertValue');
    expect(parseInstruction('tick "Save Maria Lopez as a payee"')).toMatchObject({ kind: 'toggle', desired: 'on' });
    expect(parseInstruction('untick Remember me')).toMatchObject({ kind: 'toggle', desired: 'off' });
  });
  it('reads a statement with its subject and verb as a check, without "Then" too; never a name starting with "And"', () => {
    expect(kind('the event starts at 14:00')).toBe('assert');
    expect(kind('The plan is Premium')).toBe('assertValue');
    expect(kind('the parcel was sent by Zalando')).toBe('assert');
    expect(kind('The rider gets a €2.65 tip')).toBe('assert');
    expect(parseInstruction('i should be on the log in screen')).toMatchObject({ kind: 'assert', target: { role: 'screen' } });
    // An action starts with its verb: never read as a statement.
    expect(kind('Open the plan')).toBe('tap');
    expect(kind('Then I tap Save')).toBe('tap');
    // No verb after the subject: no statement.
    expect(kind('The Login button')).toBe('unknown');
    // A name as the subject, with no article: only before a form of "be", "have" or a verb that states a fact.
    expect(kind('Cherokee Purple is out of stock')).toBe('assertValue');
    expect(kind('Hive 2 needs checking')).toBe('assert');
    expect(kind('Spotify Family costs £19.99 a month')).toBe('assert');
    expect(kind('Book tickets for Saturday')).toBe('unknown');
    expect(kind('Notify me when the hellebore is back')).toBe('unknown');
    expect(kind('Sam was rude, tick the box to report him too')).toBe('toggle');
    const andrew = parseInstruction('Andrew is shown');
    expect(andrew.kind === 'assert' && andrew.target.text).toBe('Andrew');
  });
});

describe('parseTargetPhrase', () => {
  it.each<[string, TargetPhrase]>([
    ['the First name field', { text: 'name', role: 'field', ordinal: 1, variants: ['First name field', 'First name'] }],
    ['Delete item?', { text: 'Delete item?' }],
    ['Delete item', { text: 'Delete', role: 'item', variants: ['Delete item'] }],
    ['"Don\'t Allow"', { text: "Don't Allow", literal: true }],
    ['the "OK" button in the dialog', { text: 'OK', literal: true, role: 'button', container: 'dialog' }],
    ['row #4', { text: '', role: 'item', ordinal: 4, variants: ['row #4'] }],
    ['Terms of Service link', { text: 'Terms of Service', role: 'link', variants: ['Terms of Service link'] }],
  ])('%j', (raw, phrase) => {
    expect(parseTargetPhrase(raw)).toEqual(phrase);
  });

  it('finds quotes without mistaking apostrophes for them', () => {
    expect(findQuoted("Don't tap 'Delete' now")).toEqual({ quoted: 'Delete', before: "Don't tap", after: 'now' });
    expect(findQuoted("Don't do it")).toBeNull();
    expect(findQuoted('Say “hello”')).toEqual({ quoted: 'hello', before: 'Say', after: '' });
  });
});

describe('typing "as our team name" (forty-eighth batch)', () => {
  it('takes the field after "as" and a determiner, the value whole even with " in " in it', () => {
    const typed = parseInstruction('Enter Clueless in Leeds as our team name');
    expect(typed).toMatchObject({ kind: 'type', text: 'Clueless in Leeds', field: { text: 'team name' } });
    expect(parseInstruction('Enter Clueless as your team name')).toMatchObject({ kind: 'type', text: 'Clueless' });
    // Without a determiner after "as" the field is still the one after "in".
    expect(parseInstruction('Enter 2 in the quantity field as well')).toMatchObject({ kind: 'type', text: '2' });
  });
});

describe('"It says …" (session 17)', () => {
  it('reports what the screen says, as "the screen says …" does; another amount fails', () => {
    expect(decideOn('It says the £20 deposit goes back to your card', 'ios-cancel-guitar-setup-alert')).toMatch(/^assert /);
    expect(decideOn('It says the £30 deposit goes back to your card', 'ios-cancel-guitar-setup-alert')).toBe('fail');
    expect(parseInstruction('It says Saved').kind).not.toBe('unknown');
  });
});

describe('"The raspberry slot looks good, book it" (forty-eighth batch)', () => {
  it('reads "it" as the thing the reason says looks, seems or sounds so', () => {
    expect(decideOn('The raspberry slot looks good, book it', 'ios-pick-your-own-slots')).toBe(
      'tap /Application[0]/Window[0]/Other[0]/Table[3]/Cell[1]/Button[4]',
    );
    // No blueberry row; the gooseberries are full (no Book).
    expect(decideOn('The blueberry slot looks good, book it', 'ios-pick-your-own-slots')).toBe('fail');
    expect(decideOn('The gooseberry slot looks good, book it', 'ios-pick-your-own-slots')).toBe('fail');
  });
});

describe('"the box" with no name is no field (session 18)', () => {
  it('reads "the box is delivered on Thursday" as a sentence, "the email box contains …" as a field', () => {
    expect(parseInstruction('Verify the box is delivered on Thursday 11 December')).toMatchObject({
      kind: 'assert',
      target: { text: 'box is delivered on Thursday 11 December', sentence: true },
    });
    expect(parseInstruction('Check the email box contains ann@example.com')).toMatchObject({
      kind: 'assertField',
      field: { text: 'email' },
      value: 'ann@example.com',
    });
  });
});

describe('"Put Gareth Hughes down as the lead paddler" (fiftieth batch)', () => {
  it('types the name into the field after "as"', () => {
    expect(parseInstruction('Put Gareth Hughes down as the lead paddler')).toEqual({
      kind: 'type',
      text: 'Gareth Hughes',
      field: { text: 'lead paddler', role: 'field' },
    });
  });
  it('never types "me" for a tester putting themselves down', () => {
    expect(parseInstruction('Put me down as the contact')).not.toMatchObject({ kind: 'type', text: 'me' });
  });
});

describe('"Actually, keep it" (fiftieth batch)', () => {
  it("asks the controls about the action, a word of changing one's mind set aside", () => {
    expect(parseInstruction('Actually, keep it')).toMatchObject({ kind: 'unknown', said: 'keep it' });
  });
  it('still reads a reason that names what "it" is', () => {
    expect(parseInstruction("I don't need the interior vacuum, switch it off")).toMatchObject({ kind: 'toggle', desired: 'off' });
  });
});

describe('requests and second thoughts (session 20)', () => {
  it('reads "Could you …?" as the action asked for', () => {
    expect(parseInstruction('Could you tap Save?')).toMatchObject({ kind: 'tap', target: { text: 'Save' } });
    expect(parseInstruction('Can we please check that Paid is shown')).toMatchObject({ kind: 'assert', visible: true });
    expect(parseInstruction('Could you tap Save?')).not.toMatchObject({ kind: 'unknown' });
  });
  it('sets "never mind" and "hang on" aside as words of changing one\'s mind', () => {
    expect(parseInstruction('Never mind, keep it')).toMatchObject({ kind: 'unknown', said: 'keep it' });
    expect(parseInstruction('Hang on, keep it')).toMatchObject({ kind: 'unknown', said: 'keep it' });
  });
});

describe('fields named first, values popped in, things taken out, extras for someone (session 20)', () => {
  it('types into the field named before the verb', () => {
    expect(parseInstruction('Under dietary needs, put "No nuts, please"')).toMatchObject({
      kind: 'type',
      text: 'No nuts, please',
      field: { text: 'dietary needs' },
    });
    expect(parseInstruction('In the gate code put: 4471#')).toMatchObject({ kind: 'type', text: '4471#', field: { text: 'gate code' } });
  });
  it('types what is popped in as a field', () => {
    expect(parseInstruction('Pop LD19 FHA in as the registration')).toMatchObject({
      kind: 'type',
      text: 'LD19 FHA',
      field: { text: 'registration' },
    });
  });
  it('reads taking a thing out of the basket as removing it, and an extra for someone as the extra', () => {
    expect(parseInstruction('Take the hammock out of the basket')).toMatchObject({ kind: 'unknown', said: 'remove the hammock' });
    expect(parseInstruction('Add another towel for my sister')).toMatchObject({ kind: 'unknown', said: 'Add another towel' });
  });
});

describe('wishes (session 21)', () => {
  /** The reading, less the words of a failure's reason (which quote the instruction as written). */
  const read = (instruction: string) => {
    const { reason: _, ...reading } = parseInstruction(instruction) as { reason?: string };
    return reading;
  };
  it('reads "I\'d like to …" as the action, and a thing wished for, or taken, as chosen', () => {
    expect(read("I'd like to book the Mercedes")).toEqual(read('book the Mercedes'));
    expect(read('We would like to open the menu')).toEqual(read('open the menu'));
    expect(read("We'd like the warm cream backdrop instead")).toEqual(read('choose the warm cream backdrop'));
    expect(read("We'll take the 10:30 slot")).toEqual(read('choose the 10:30 slot'));
    expect(read("I'll have a towel")).toEqual(read('choose a towel'));
  });
  it('leaves a wish followed by its own action to that action, and "instead" only after a choice', () => {
    expect(read("We'd like the garden room for the party, book it")).not.toEqual(read('choose the garden room for the party, book it'));
    expect(parseInstruction('Tap Use instead')).toMatchObject({ kind: 'tap', target: { text: 'Use instead' } });
  });
});

describe('a choice named with its group, an iOS button (session 21)', () => {
  it('taps the button whose label is the name, under a heading of the kind said', () => {
    expect(decideOn("We'd like the warm cream backdrop instead", 'ios-photo-studio-session')).toBe('tap backdrop_2');
    expect(decideOn('Choose the warm cream backdrop', 'ios-photo-studio-session')).toBe('tap backdrop_2');
  });
  it('never for a kind the screen has no heading nor id for', () => {
    expect(decideOn('Choose the warm cream lighting', 'ios-photo-studio-session')).toBe('fail');
  });
});
