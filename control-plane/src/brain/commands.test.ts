import { describe, expect, it } from 'vitest';
import { type Command, formatCommand, parseCommand, parseCommandSyntax, platformSupport, resolveReferences } from './commands.js';

const known = new Set(['email', 'password', 'user.name', 'otp_code', 'baseUrl']);

const valid: Array<[string, Command, string[]?]> = [
  ['tapOn: "Login"', { kind: 'tapOn', text: 'Login' }],
  ['tapOn:"Login"', { kind: 'tapOn', text: 'Login' }],
  ['  tapOn:   "Log in"  ', { kind: 'tapOn', text: 'Log in' }],
  ['tapOn: "Login" (the blue one)', { kind: 'tapOn', text: 'Login', note: 'the blue one' }],
  ['tapOn: "Login"(first)', { kind: 'tapOn', text: 'Login', note: 'first' }],
  ['tapOn: "OK" (the one (in the dialog))', { kind: 'tapOn', text: 'OK', note: 'the one (in the dialog)' }],
  ['tapOn: "Say \\"hi\\""', { kind: 'tapOn', text: 'Say "hi"' }],
  ['tapOn: "C:\\\\temp"', { kind: 'tapOn', text: 'C:\\temp' }],
  ['tapOn: "a\\nb"', { kind: 'tapOn', text: 'a\\nb' }],
  ['tapOn: \u201CSign in\u201D', { kind: 'tapOn', text: 'Sign in' }],
  ['tapOn: "Don\'t Allow"', { kind: 'tapOn', text: "Don't Allow" }],
  ['tapOn: "Tap (here)"', { kind: 'tapOn', text: 'Tap (here)' }],
  ['TAPON: "Login"', { kind: 'tapOn', text: 'Login' }],
  ['tapOn: "Hello {{user.name}}"', { kind: 'tapOn', text: 'Hello {{user.name}}' }, ['user.name']],
  ['tapOn.id: "com.example:id/login_button"', { kind: 'tapOn.id', id: 'com.example:id/login_button' }],
  ['tapOn.id: "loginButton" (iOS identifier)', { kind: 'tapOn.id', id: 'loginButton', note: 'iOS identifier' }],
  ['tapon.ID: "x"', { kind: 'tapOn.id', id: 'x' }],
  ['type: "hello@example.com"', { kind: 'type', text: 'hello@example.com' }],
  ['type: " padded "', { kind: 'type', text: ' padded ' }],
  ['type: "{{email}}"', { kind: 'type', text: '{{email}}' }, ['email']],
  ['type: "{{ password }}" (masked)', { kind: 'type', text: '{{ password }}', note: 'masked' }, ['password']],
  ['type: "{{email}} {{password}} {{email}}"', { kind: 'type', text: '{{email}} {{password}} {{email}}' }, ['email', 'password']],
  ['scroll: down', { kind: 'scroll', direction: 'down' }],
  ['scroll: UP', { kind: 'scroll', direction: 'up' }],
  ['scroll: down (to the footer)', { kind: 'scroll', direction: 'down', note: 'to the footer' }],
  ['scrollUntilVisible: "Privacy policy"', { kind: 'scrollUntilVisible', text: 'Privacy policy' }],
  ['swipe: left', { kind: 'swipe', direction: 'left' }],
  ['swipe: right', { kind: 'swipe', direction: 'right' }],
  ['swipe: up', { kind: 'swipe', direction: 'up' }],
  ['swipe: down (pull to refresh)', { kind: 'swipe', direction: 'down', note: 'pull to refresh' }],
  ['wait: 2', { kind: 'wait', seconds: 2 }],
  ['wait: 0.5', { kind: 'wait', seconds: 0.5 }],
  ['wait: .25', { kind: 'wait', seconds: 0.25 }],
  ['wait: 300', { kind: 'wait', seconds: 300 }],
  ['wait: 3 (animation)', { kind: 'wait', seconds: 3, note: 'animation' }],
  ['assertVisible: "Welcome"', { kind: 'assertVisible', text: 'Welcome' }],
  ['assertVisible: "Invalid password" (error banner)', { kind: 'assertVisible', text: 'Invalid password', note: 'error banner' }],
  ['openLink: "https://example.com/a?b=c"', { kind: 'openLink', url: 'https://example.com/a?b=c' }],
  ['openLink: "myapp://orders/42"', { kind: 'openLink', url: 'myapp://orders/42' }],
  ['openLink: "{{baseUrl}}/login"', { kind: 'openLink', url: '{{baseUrl}}/login' }, ['baseUrl']],
  ['pressBackButton', { kind: 'pressBackButton' }],
  ['pressBackButton (close keyboard)', { kind: 'pressBackButton', note: 'close keyboard' }],
  ['pressBackButton:', { kind: 'pressBackButton' }],
  ['launchApp', { kind: 'launchApp' }],
  ['restartApp', { kind: 'restartApp' }],
  ['RestartApp', { kind: 'restartApp' }],
  // Free instructions: no keyword followed by ":" / "(" / end.
  ['Tap the Login button', { kind: 'instruction', text: 'Tap the Login button' }],
  ['Enter {{email}} in the Email field', { kind: 'instruction', text: 'Enter {{email}} in the Email field' }, ['email']],
  ['Scroll down', { kind: 'instruction', text: 'Scroll down' }],
  ['Wait 3 seconds', { kind: 'instruction', text: 'Wait 3 seconds' }],
  ['Type "hello" into the search field', { kind: 'instruction', text: 'Type "hello" into the search field' }],
  ['Type "hello"', { kind: 'instruction', text: 'Type "hello"' }],
  ['tap: "Login"', { kind: 'instruction', text: 'tap: "Login"' }],
  ['Swipe left on the card', { kind: 'instruction', text: 'Swipe left on the card' }],
  ['Type.', { kind: 'instruction', text: 'Type.' }],
  ['  Check that Welcome is shown  ', { kind: 'instruction', text: 'Check that Welcome is shown' }],
];

const invalid: Array<[string, RegExp]> = [
  ['', /empty/],
  ['   ', /empty/],
  ['tapOn:', /missing the quoted text/],
  ['tapOn', /missing the quoted text/],
  ['tapOn: Login', /double quotes/],
  ["tapOn: 'Login'", /use double quotes/],
  ['tapOn: "Login', /never closed/],
  ['tapOn: "Login\\"', /never closed/],
  ['tapOn: ""', /empty/],
  ['tapOn: "   "', /empty/],
  ['tapOn: "Login" please', /unexpected "please" after the closing quote/],
  ['tapOn: "Login" "Sign in"', /unexpected/],
  ['tapOn: "Login" (unclosed note', /note must be in parentheses/],
  ['tapOn: (note only)', /missing the quoted text/],
  ['tapOn "Login"', /Missing ":" after tapOn/],
  ['assertVisible "Welcome" (title)', /Missing ":" after assertVisible/],
  ['tapOn.text: "Login"', /Unknown command "tapOn.text".*tapOn or tapOn.id/],
  ['tapOn.id:', /missing the quoted text/],
  ['type:', /missing the quoted text/],
  ['type: hello', /double quotes/],
  ['scroll:', /missing direction/],
  ['scroll', /missing direction/],
  ['scroll: sideways', /"sideways" is not a direction/],
  ['scroll: left', /not a direction; use down, up/],
  ['scroll: down down', /not a direction/],
  ['swipe:', /missing direction/],
  ['swipe: diagonal', /not a direction; use left, right, up, down/],
  ['wait:', /missing number of seconds/],
  ['wait: -1', /"-1" is not a number/],
  ['wait: abc', /"abc" is not a number/],
  ['wait: 2s', /"2s" is not a number/],
  ['wait: 1e3', /not a number/],
  ['wait: 0', /more than 0/],
  ['wait: 301', /at most 300/],
  ['wait: 2 seconds', /not a number/],
  ['wait: 2 (x', /note must be in parentheses/],
  ['assertVisible:', /missing the quoted text/],
  ['openLink: "not a url"', /is not a URL/],
  ['openLink: "example.com"', /is not a URL/],
  ['pressBackButton: now', /takes no argument/],
  ['launchApp: "com.example"', /takes no argument/],
  ['tapOn: "{{unknown}}"', /Unknown reference \{\{unknown\}\}.*known names: baseUrl, email/],
  ['Enter {{emial}} in Email', /Unknown reference \{\{emial\}\}/],
  ['type: "{{email"', /never closed/],
  ['Enter {{ not valid }} here', /not a valid reference/],
  ['Enter {{}} here', /not a valid reference/],
  ['x'.repeat(2001), /too long/],
];

describe('parseCommand', () => {
  it.each(valid)('parses %j', (text, command, references = []) => {
    expect(parseCommand(text, known)).toEqual({ ok: true, command, references });
  });

  it.each(invalid)('refuses %j', (text, message) => {
    const result = parseCommand(text, known);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });

  it('treats prose after a bare keyword as an instruction', () => {
    expect(parseCommand('restartApp now', known)).toEqual({
      ok: true,
      command: { kind: 'instruction', text: 'restartApp now' },
      references: [],
    });
  });

  it('explains that no names exist when the test has none', () => {
    const result = parseCommand('type: "{{email}}"', new Set());
    expect(result).toEqual({ ok: false, error: expect.stringMatching(/defines no inputs/) });
  });

  it('lists several unknown names at once', () => {
    const result = parseCommand('Enter {{a}} and {{b}}', known);
    expect(result.ok === false && result.error).toMatch(/Unknown references \{\{a\}\}, \{\{b\}\}/);
  });

  it('checks syntax without names when asked', () => {
    expect(parseCommandSyntax('type: "{{anything}}"')).toEqual({ ok: true, command: { kind: 'type', text: '{{anything}}' } });
  });
});

describe('resolveReferences', () => {
  const values = { email: 'bob@example.com', password: 'p"w\\d', greeting: 'say {{email}}' };

  it.each([
    ['Enter {{email}} in Email', 'Enter bob@example.com in Email'],
    ['{{ email }}/{{email}}', 'bob@example.com/bob@example.com'],
    ['Type {{password}} into password', 'Type p"w\\d into password'],
    ['type: "{{password}}"', 'type: "p\\"w\\\\d"'],
    ['type: "{{password}}" ({{email}})', 'type: "p\\"w\\\\d" (bob@example.com)'],
    ['tapOn: "{{greeting}}"', 'tapOn: "say {{email}}"'],
    ['no references', 'no references'],
  ])('%j → %j', (text, expected) => {
    expect(resolveReferences(text, values)).toEqual({ ok: true, text: expected });
  });

  it('round-trips an awkward value through a deterministic command', () => {
    const resolved = resolveReferences('type: "{{password}}"', values);
    expect(resolved.ok && parseCommandSyntax(resolved.text)).toEqual({ ok: true, command: { kind: 'type', text: 'p"w\\d' } });
  });

  it('reports missing values instead of typing the placeholder', () => {
    expect(resolveReferences('Enter {{otp_code}} and {{email}}', values)).toEqual({
      ok: false,
      error: 'No value for {{otp_code}}',
      missing: ['otp_code'],
    });
  });
});

describe('platformSupport', () => {
  it('has no iOS back button', () => {
    const support = platformSupport({ kind: 'pressBackButton' });
    expect(support.android).toBe(true);
    expect(support.ios).toMatch(/no system back button/);
  });

  it.each<Command>([
    { kind: 'tapOn', text: 'x' },
    { kind: 'openLink', url: 'https://x' },
    { kind: 'instruction', text: 'Go back' },
  ])('supports %j everywhere', (command) => {
    expect(platformSupport(command)).toEqual({ android: true, ios: true });
  });
});

describe('formatCommand', () => {
  it.each(valid.filter(([, c]) => c.kind !== 'instruction'))('round-trips %j', (_text, command) => {
    expect(parseCommandSyntax(formatCommand(command))).toEqual({ ok: true, command });
  });
});
