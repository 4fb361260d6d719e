import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../errors.js';
import type { Decision, ModelInput } from './actions.js';
import { type Platform, parseHierarchy, type ScreenElement } from './hierarchy.js';
import { locate } from './locators.js';
import { ANSWER_SCHEMA, createOpenAiModel } from './openai-model.js';
import {
  type ChatBody,
  chatCompletion,
  errorResponse,
  type FakeOpenAiServer,
  type RecordedRequest,
  shownIndex,
  startFakeOpenAiServer,
  userText,
} from './testing/fake-openai-server.js';

const KEY = 'sk-test-SECRET-0123456789';
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}.xml`, import.meta.url), 'utf8');

function elementsOf(name: string): ScreenElement[] {
  const parsed = parseHierarchy(fixture(name));
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.elements;
}

const input = (instruction: string, hierarchy = 'android-login', platform: Platform = 'android'): ModelInput => ({
  instruction,
  platform,
  hierarchyXml: fixture(hierarchy),
});

let server: FakeOpenAiServer;
beforeEach(async () => {
  server = await startFakeOpenAiServer();
});
afterEach(async () => {
  await server.close();
});

const model = (timeoutMs?: number) => createOpenAiModel({ baseUrl: server.baseUrl, apiKey: KEY, model: 'gpt-test', timeoutMs });

/** Answers with `answer(request)` the way a model would, after reading the element list. */
function answerWith(answer: (request: RecordedRequest) => object): void {
  server.setHandler((request) => chatCompletion(answer(request)));
}

async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  const apiErr = err as ApiError;
  expect(apiErr.status).toBe(502);
  expect(apiErr.detail).toContain(`The AI model at ${server.baseUrl}`);
  expect(apiErr.detail).not.toContain(KEY);
  expect(apiErr.message).not.toContain(KEY);
  return apiErr;
}

describe('createOpenAiModel: element-bound actions', () => {
  it('is named after the model', () => {
    expect(createOpenAiModel({ baseUrl: 'http://x', model: 'llama3.1:8b' }).name).toBe('openai:llama3.1:8b');
  });

  it('resolves a tap on an Android screen to a locator and the element centre', async () => {
    answerWith((r) => ({ action: 'tap', element: shownIndex(r, /id=login_button/), reason: 'the login button' }));
    const decision = await model().chooseAction(input('Tap the Login button'));
    expect(decision.action).toEqual({
      type: 'tap',
      target: { by: 'resourceId', value: 'com.example.shop:id/login_button', type: 'android.widget.Button' },
      point: { x: 540, y: 1430 },
    });
    expect(decision.reasoning).toBe('Tap Button "Log in" #login_button: the login button');
    expect(decision.confidence).toBe(0.8);
    const elements = elementsOf('android-login');
    if (decision.action.type !== 'tap') throw new Error('not a tap');
    expect(locate(elements, decision.action.target)?.text).toBe('Log in');
  });

  it('resolves a tap on an iOS screen', async () => {
    answerWith((r) => ({ action: 'tap', element: shownIndex(r, /^\d+ Button "Log In"/), reason: 'log in' }));
    const decision = await model().chooseAction(input('Tap Log In', 'ios-login', 'ios'));
    expect(decision.action).toEqual({
      type: 'tap',
      target: { by: 'resourceId', value: 'loginButton', type: 'XCUIElementTypeButton' },
      point: { x: 195, y: 455 },
    });
  });

  it('gives less confidence to a tap on something not marked clickable', async () => {
    answerWith((r) => ({ action: 'tap', element: shownIndex(r, /"Welcome back"/), reason: 'title' }));
    const decision = await model().chooseAction(input('Tap the title'));
    expect(decision.action.type).toBe('tap');
    expect(decision.confidence).toBe(0.6);
  });

  it('types into the field the model names, or the focused one', async () => {
    server.setHandler((r) =>
      chatCompletion({ action: 'type', element: shownIndex(r, /id=email_input/), text: 'ada@example.com', reason: 'email field' }),
    );
    const intoField = await model().chooseAction(input('Enter ada@example.com in the email field'));
    expect(intoField.action).toEqual({
      type: 'type',
      target: { by: 'resourceId', value: 'com.example.shop:id/email_input', type: 'android.widget.EditText' },
      text: 'ada@example.com',
      point: { x: 540, y: 880 },
    });

    server.enqueue(chatCompletion({ action: 'type', element: null, text: ' two words ', reason: 'focused' }));
    const focused = await model().chooseAction(input('Type " two words "'));
    expect(focused.action).toEqual({ type: 'type', target: null, text: ' two words ' });
  });

  it('asserts a visible element by locator and an absent text by text', async () => {
    answerWith((r) => ({ action: 'assert', element: shownIndex(r, /"Welcome back"/), visible: true, reason: 'shown' }));
    const shown = await model().chooseAction(input('Check that Welcome back is shown'));
    expect(shown.action).toEqual({
      type: 'assert',
      target: { by: 'resourceId', value: 'com.example.shop:id/title', type: 'android.widget.TextView' },
      visible: true,
    });

    server.enqueue(chatCompletion({ action: 'assert', element: null, text: 'Order confirmed', visible: false, reason: 'absent' }));
    const absent = await model().chooseAction(input('Order confirmed should not be visible'));
    expect(absent.action).toEqual({ type: 'assert', target: { by: 'text', value: 'Order confirmed' }, visible: false });
  });
});

describe('createOpenAiModel: actions without an element', () => {
  const cases: Array<[string, object, Decision['action']]> = [
    ['scroll', { action: 'scroll', direction: 'down', element: null }, { type: 'scroll', direction: 'down' }],
    [
      'swipe (case-insensitive)',
      { action: 'Swipe', direction: 'LEFT', element: null, seconds: null },
      { type: 'swipe', direction: 'left' },
    ],
    ['wait', { action: 'wait', seconds: 2.5 }, { type: 'wait', seconds: 2.5 }],
    ['back on Android', { action: 'back' }, { type: 'back' }],
    ['scroll with a stray element', { action: 'scroll', direction: 'up', element: -1 }, { type: 'scroll', direction: 'up' }],
    ['done', { action: 'done', element: null, text: '', direction: '' }, { type: 'done' }],
    ['fail', { action: 'fail', reason: 'No Checkout button here' }, { type: 'fail', reason: 'No Checkout button here' }],
  ];
  it.each(cases)('maps %s', async (_, answer, expected) => {
    server.enqueue(chatCompletion({ reason: 'because', ...answer }));
    const decision = await model().chooseAction(input('Do the next thing'));
    expect(decision.action).toEqual(expected);
    expect(server.requests).toHaveLength(1);
  });

  it('refuses back on iOS with a fail decision', async () => {
    server.enqueue(chatCompletion({ action: 'back', reason: 'go back' }));
    const decision = await model().chooseAction(input('Go back', 'ios-login', 'ios'));
    expect(decision.action.type).toBe('fail');
    expect(decision.reasoning).toMatch(/iOS has no system back button/);
  });

  it('carries out deterministic commands without asking the model', async () => {
    const m = model();
    expect((await m.chooseAction(input('scroll: up'))).action).toEqual({ type: 'scroll', direction: 'up' });
    expect((await m.chooseAction(input('swipe: right'))).action).toEqual({ type: 'swipe', direction: 'right' });
    expect((await m.chooseAction(input('wait: 3'))).action).toEqual({ type: 'wait', seconds: 3 });
    expect((await m.chooseAction(input('openLink: "shop://cart"'))).action).toEqual({ type: 'openLink', url: 'shop://cart' });
    expect((await m.chooseAction(input('pressBackButton'))).action).toEqual({ type: 'back' });
    expect((await m.chooseAction(input('restartApp'))).action).toEqual({ type: 'restart' });
    const iosBack = await m.chooseAction(input('pressBackButton', 'ios-login', 'ios'));
    expect(iosBack.action.type).toBe('fail');
    expect(iosBack.reasoning).toMatch(/iOS has no system back button/);
    const syntaxError = await m.chooseAction(input('tapOn: Login'));
    expect(syntaxError.action.type).toBe('fail');
    expect(server.requests).toHaveLength(0);
  });

  it('fails without a request when the hierarchy is not of the platform', async () => {
    const decision = await model().chooseAction(input('Tap Log In', 'ios-login', 'android'));
    expect(decision.action.type).toBe('fail');
    expect(decision.reasoning).toMatch(/^Cannot read the screen: Expected an android hierarchy/);
    expect(server.requests).toHaveLength(0);
  });
});

describe('createOpenAiModel: the request', () => {
  it("posts model, temperature 0, the answer's JSON schema, the Bearer key and a compact element list", async () => {
    server.enqueue(chatCompletion({ action: 'done', reason: 'ok' }));
    await createOpenAiModel({ baseUrl: `${server.baseUrl}/`, apiKey: KEY, model: 'gpt-test' }).chooseAction(input('Tap the Login button'));
    expect(server.requests).toHaveLength(1);
    const request = server.requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/v1/chat/completions');
    expect(request.headers['authorization']).toBe(`Bearer ${KEY}`);
    expect(request.headers['content-type']).toBe('application/json');
    const body = request.json as ChatBody;
    expect(body.model).toBe('gpt-test');
    expect(body.temperature).toBe(0);
    expect(body.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'step_action', strict: true, schema: ANSWER_SCHEMA },
    });
    expect(body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(body.messages[0]!.content).toContain('"action": "tap"|"type"|"scroll"|"swipe"|"back"|"wait"|"assert"|"done"|"fail"');

    const text = userText(request);
    expect(text).toContain('Platform: android');
    expect(text).toContain('Instruction: Tap the Login button');
    expect(text).not.toContain('<node');
    const lines = text.split('\n').filter((l) => /^\d+ /.test(l));
    expect(text).toContain(`Screen elements (${lines.length}):`);
    expect(lines.map((l) => Number(l.split(' ')[0]))).toEqual(lines.map((_, i) => i));
    expect(lines).toContain('12 Button "Log in" id=login_button clickable [84,1360][996,1500]');
    expect(lines).toContain('8 EditText "Password" id=password_input clickable password [84,1020][900,1180]');
    expect(lines).toContain('10 CheckBox "Remember me" id=remember_me clickable unchecked [84,1220][540,1300]');
    // Bare layout containers carry nothing to refer to.
    expect(lines.some((l) => /^\d+ LinearLayout \[/.test(l))).toBe(false);
  });

  it('lists an empty iOS field by its placeholder, not as text', async () => {
    server.enqueue(chatCompletion({ action: 'done', reason: 'ok' }));
    await model().chooseAction(input('Tap the email field', 'ios-login', 'ios'));
    const lines = userText(server.requests[0]!).split('\n');
    expect(lines).toContain('Platform: ios');
    expect(lines).toContain('5 TextField id=emailField hint="you@example.com" clickable [24,224][366,268]');
    expect(lines).toContain('9 Button "Log In" id=loginButton clickable [24,430][366,480]');
  });

  it('attaches the screenshot as an image part and sends no key when none is configured', async () => {
    server.enqueue(chatCompletion({ action: 'done', reason: 'ok' }));
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    await createOpenAiModel({ baseUrl: server.baseUrl, model: 'm' }).chooseAction({ ...input('Tap the cart icon'), screenshotPng: png });
    const request = server.requests[0]!;
    expect(request.headers['authorization']).toBeUndefined();
    const content = (request.json as ChatBody).messages[1]!.content;
    if (typeof content === 'string') throw new Error('expected content parts');
    expect(content.map((p) => p.type)).toEqual(['text', 'image_url']);
    expect(content[0]!.text).toContain('Instruction: Tap the cart icon');
    const url = content[1]!.image_url!.url;
    expect(url.startsWith('data:image/png;base64,')).toBe(true);
    expect([...Buffer.from(url.slice('data:image/png;base64,'.length), 'base64')]).toEqual([...png]);
  });
});

describe('createOpenAiModel: unusable answers become fail decisions', () => {
  const cases: Array<[string, string, RegExp]> = [
    ['not JSON', 'Sure! I will tap the login button.', /not JSON: "Sure! I will tap/],
    ['an element index out of range', JSON.stringify({ action: 'tap', element: 999 }), /element 999 is not one of the \d+ listed elements/],
    ['a fractional index', JSON.stringify({ action: 'tap', element: 1.5 }), /element 1\.5 is not one of/],
    ['an unknown action', JSON.stringify({ action: 'dance', element: 1 }), /action: Invalid option/],
    ['a wrongly typed field', JSON.stringify({ action: 'tap', element: 'five' }), /element: /],
    ['a JSON array', '[1, 2]', /answer: /],
    ['a tap without element', JSON.stringify({ action: 'tap', element: null }), /"tap" without an element/],
    ['a type without text', JSON.stringify({ action: 'type', element: null, text: '' }), /"type" without the text/],
    ['a scroll sideways', JSON.stringify({ action: 'scroll', direction: 'left' }), /"scroll" needs direction up or down, not "left"/],
    ['a wait too long', JSON.stringify({ action: 'wait', seconds: 9999 }), /"wait" needs seconds between 0 and 300, not 9999/],
    ['an assert on nothing', JSON.stringify({ action: 'assert', element: null, visible: true }), /"assert" without the element/],
  ];
  it.each(cases)('%s', async (_, content, reason) => {
    server.enqueue(chatCompletion(content));
    const decision = await model().chooseAction(input('Tap the Login button'));
    expect(decision.action.type).toBe('fail');
    if (decision.action.type !== 'fail') return;
    expect(decision.action.reason).toMatch(/^The AI model's answer was unusable: /);
    expect(decision.action.reason).toMatch(reason);
  });

  it('accepts JSON wrapped in a Markdown fence', async () => {
    server.enqueue(chatCompletion('```json\n{"action": "scroll", "direction": "down", "reason": "more below"}\n```'));
    const decision = await model().chooseAction(input('Scroll to the footer'));
    expect(decision.action).toEqual({ type: 'scroll', direction: 'down' });
    expect(decision.reasoning).toBe('Scroll down: more below');
  });

  it('turns a refusal into a fail decision that waiting cannot change', async () => {
    server.enqueue({ body: { choices: [{ message: { role: 'assistant', content: null, refusal: 'I cannot help with that' } }] } });
    const decision = await model().chooseAction(input('Tap the Login button'));
    expect(decision.action).toEqual({ type: 'fail', reason: 'The AI model refused: I cannot help with that' });
    expect(decision.final).toBe(true);
  });

  it('an answer that is unusable is final; the model saying the target is missing is not (the screen may change)', async () => {
    server.enqueue(
      chatCompletion('{"action": "tap", "element": 999, "reason": "x"}'),
      chatCompletion({ action: 'fail', reason: 'No Login button' }),
    );
    expect(await model().chooseAction(input('Tap the Login button'))).toMatchObject({ action: { type: 'fail' }, final: true });
    const missing = await model().chooseAction(input('Tap the Login button'));
    expect(missing.action).toEqual({ type: 'fail', reason: 'No Login button' });
    expect(missing.final).toBeUndefined();
  });
});

describe('createOpenAiModel: transport failures are ApiError 502', () => {
  it('reports an HTTP 500 with the provider message', async () => {
    server.enqueue(errorResponse(500, 'The server had an error while processing your request'));
    const err = await apiError(model().chooseAction(input('Tap the Login button')));
    expect(err.detail).toBe(`The AI model at ${server.baseUrl} answered HTTP 500: The server had an error while processing your request`);
  });

  it('says the provider is rate limiting on 429', async () => {
    server.enqueue(errorResponse(429, 'Rate limit reached for requests'));
    const err = await apiError(model().chooseAction(input('Tap the Login button')));
    expect(err.detail).toMatch(/is rate limiting requests \(HTTP 429\): Rate limit reached for requests; try again later$/);
    expect(server.requests).toHaveLength(1);
  });

  it('retries a 429 once after a short Retry-After, and gives up on a long one or a second 429', async () => {
    const limited = (after: string) => ({ ...errorResponse(429, 'Slow down'), headers: { 'retry-after': after } });
    server.enqueue(limited('0'), chatCompletion({ action: 'done', reason: 'ok' }));
    expect((await model().chooseAction(input('Tap the Login button'))).action).toEqual({ type: 'done' });
    expect(server.requests).toHaveLength(2);

    server.enqueue(limited('0'), limited('0'));
    expect((await apiError(model().chooseAction(input('Tap the Login button')))).detail).toMatch(
      /HTTP 429\): Slow down; it asks to retry after 0 s$/,
    );
    expect(server.requests).toHaveLength(4);

    server.enqueue(limited('120'));
    expect((await apiError(model().chooseAction(input('Tap the Login button')))).detail).toMatch(/it asks to retry after 120 s$/);
    expect(server.requests).toHaveLength(5);
  });

  it('asks for JSON mode when configured for providers without structured outputs, and leaves the screenshot out for models without images', async () => {
    server.enqueue(chatCompletion({ action: 'done', reason: 'ok' }));
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    await createOpenAiModel({ baseUrl: server.baseUrl, model: 'm', responseFormat: 'json_object', images: false }).chooseAction({
      ...input('Tap the cart icon'),
      screenshotPng: png,
    });
    const body = server.requests[0]!.json as ChatBody;
    expect(body.response_format).toEqual({ type: 'json_object' });
    expect(typeof body.messages[1]!.content).toBe('string');
  });

  it('redacts the key when the provider echoes it', async () => {
    server.enqueue(errorResponse(401, `Incorrect API key provided: ${KEY}`));
    const err = await apiError(model().chooseAction(input('Tap the Login button')));
    expect(err.detail).toMatch(/refused the API key \(HTTP 401\): Incorrect API key provided: \[redacted\]$/);
  });

  it('times out a server that does not answer', async () => {
    server.enqueue({ ...chatCompletion({ action: 'done' }), delayMs: 5_000 });
    const started = Date.now();
    const err = await apiError(model(150).chooseAction(input('Tap the Login button')));
    expect(err.detail).toMatch(/did not answer within 150 ms$/);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('reports a refused connection', async () => {
    const closed = await startFakeOpenAiServer();
    await closed.close();
    const m = createOpenAiModel({ baseUrl: closed.baseUrl, apiKey: KEY, model: 'gpt-test' });
    const err = await m.chooseAction(input('Tap the Login button')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(502);
    expect((err as ApiError).detail).toMatch(new RegExp(`^The AI model at ${closed.baseUrl} could not be reached: .*ECONNREFUSED`));
    expect((err as ApiError).detail).not.toContain(KEY);
  });

  it('reports a dropped connection', async () => {
    server.enqueue({ destroy: true });
    const err = await apiError(model().chooseAction(input('Tap the Login button')));
    expect(err.detail).toMatch(/could not be reached: /);
  });

  it('rejects a body that is not JSON or not a chat completion', async () => {
    server.enqueue({ body: '<html>Bad gateway</html>' }, { body: { data: [] } }, { body: { choices: [] } });
    expect((await apiError(model().chooseAction(input('Tap the Login button')))).detail).toMatch(/not JSON: "<html>Bad gateway<\/html>"/);
    expect((await apiError(model().chooseAction(input('Tap the Login button')))).detail).toMatch(/not a chat-completions response/);
    expect((await apiError(model().chooseAction(input('Tap the Login button')))).detail).toMatch(/not a chat-completions response/);
  });

  it('hides credentials in the base URL', async () => {
    const withUser = server.baseUrl.replace('http://', 'http://user:hunter2@');
    const err = await createOpenAiModel({ baseUrl: withUser, model: 'm' })
      .chooseAction(input('Tap the Login button'))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).detail).toMatch(new RegExp(`^The AI model at ${server.baseUrl} `));
    expect((err as ApiError).detail).not.toContain('hunter2');
    expect((err as ApiError).detail).not.toContain('user:');
  });
});
