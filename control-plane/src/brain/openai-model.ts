/**
 * An automation model backed by any OpenAI-compatible chat-completions endpoint
 * (OpenAI, Azure-style proxies, Ollama, vLLM, LM Studio …). Same contract as the
 * offline model: one action per call for the instruction on the current screen.
 *
 * Two kinds of trouble are kept apart on purpose:
 * - the model answered, but uselessly (not JSON, unknown action, an element
 *   index that is not on the screen): a `fail` decision, so the engine can fall
 *   back to another model or report the step, as it would for any failed step;
 * - the endpoint could not give an answer at all (unreachable, timeout, HTTP
 *   error, not a chat-completions body): ApiError 502, because that is an
 *   outage or a misconfiguration the operator must see, not a test failure.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { ApiError } from '../errors.js';
import { type Action, type AutomationModel, type Decision, fail, finalFail, type ModelInput } from './actions.js';
import { type Command, formatCommand, MAX_WAIT_SECONDS, parseCommandSyntax, platformSupport } from './commands.js';
import { center, describe } from './element-roles.js';
import { type Platform, parseHierarchy, type ScreenElement } from './hierarchy.js';
import { locatorFor } from './locators.js';
import { buildMessages, promptElements } from './openai-prompt.js';

export interface OpenAiModelOptions {
  /** e.g. `https://api.openai.com/v1`; `/chat/completions` is appended. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Per request, including reading the body. Default 30 000. */
  timeoutMs?: number;
  /** Send the screenshot with the hierarchy (the model accepts images). Default true. */
  images?: boolean;
  /**
   * How the answer's shape is asked for: `json_schema` (structured outputs: the provider
   * holds the model to ANSWER_SCHEMA) or `json_object` (JSON mode, for providers without it).
   * Default json_schema.
   */
  responseFormat?: 'json_schema' | 'json_object';
  /** A 429 whose Retry-After is at most this many seconds is retried once after it. Default 10. */
  maxRetryAfterSeconds?: number;
}

/**
 * The answer's JSON schema, sent with every request (structured outputs, strict: every
 * key present, null where it does not apply). The answer is still validated here: a
 * provider that ignores the schema gets an unusable answer, never a passed step.
 */
export const ANSWER_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['action', 'element', 'text', 'direction', 'seconds', 'visible', 'reason'],
  properties: {
    action: { type: 'string', enum: ['tap', 'type', 'scroll', 'swipe', 'back', 'wait', 'assert', 'done', 'fail'] },
    element: { type: ['integer', 'null'], description: 'index of the element in the list' },
    text: { type: ['string', 'null'] },
    direction: { type: ['string', 'null'], enum: ['up', 'down', 'left', 'right', null] },
    seconds: { type: ['number', 'null'] },
    visible: { type: ['boolean', 'null'] },
    reason: { type: 'string' },
  },
} as const;

/**
 * Chat models give no calibrated confidence; a fixed value below the offline
 * model's exact matches keeps the two comparable. Tapping something not marked
 * clickable often does nothing, as in the offline model.
 */
const MODEL_CONFIDENCE = 0.8;
const NOT_CLICKABLE_CONFIDENCE = 0.6;

const lower = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v);
/**
 * Loose on purpose: JSON-mode models tend to fill every key (`"direction": ""`
 * on a tap), so per-action requirements are checked in `toDecision`, not here.
 */
const Answer = z.object({
  action: z.preprocess(lower, z.enum(['tap', 'type', 'scroll', 'swipe', 'back', 'wait', 'assert', 'done', 'fail'])),
  element: z.number().nullish(),
  text: z.string().nullish(),
  direction: z.preprocess(lower, z.string().nullish()),
  seconds: z.number().nullish(),
  visible: z.boolean().nullish(),
  reason: z.string().nullish(),
});
type Answer = z.infer<typeof Answer>;

const ChatCompletion = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullish(), refusal: z.string().nullish() }) })).min(1),
});

/**
 * Deterministic commands that need no element are carried out as written: no
 * round trip, no chance of a model "improving" them, and openLink / launchApp /
 * restartApp are not in the model's answer vocabulary at all.
 */
function directAction(command: Command): Action | null {
  switch (command.kind) {
    case 'scroll':
      return { type: 'scroll', direction: command.direction };
    case 'swipe':
      return { type: 'swipe', direction: command.direction };
    case 'wait':
      return { type: 'wait', seconds: command.seconds };
    case 'openLink':
      return { type: 'openLink', url: command.url };
    case 'pressBackButton':
      return { type: 'back' };
    case 'launchApp':
      return { type: 'launch' };
    case 'restartApp':
      return { type: 'restart' };
    default:
      return null;
  }
}

const unusable = (why: string) => finalFail(`The AI model's answer was unusable: ${why}`);
const snippet = (s: string, max = 200) => (s.length > max ? `${s.slice(0, max)}…` : s);

/** Some local models wrap JSON in a Markdown fence even in JSON mode. */
const unfence = (s: string) => s.trim().replace(/^```(?:json)?\s*([\s\S]*?)\s*```$/i, '$1');

export function toDecision(
  content: string,
  listed: readonly ScreenElement[],
  elements: readonly ScreenElement[],
  platform: Platform,
): Decision {
  let json: unknown;
  try {
    json = JSON.parse(unfence(content));
  } catch {
    return unusable(`not JSON: ${JSON.stringify(snippet(content, 120))}`);
  }
  const parsed = Answer.safeParse(json);
  if (!parsed.success) {
    return unusable(parsed.error.issues.map((i) => `${i.path.join('.') || 'answer'}: ${i.message}`).join('; '));
  }
  const a: Answer = parsed.data;
  const reason = a.reason?.trim() ?? '';
  const chosen = (action: Action, summary: string, confidence = MODEL_CONFIDENCE): Decision => ({
    action,
    reasoning: reason ? `${summary}: ${reason}` : summary,
    confidence,
  });

  // Only element-bound actions look at `element`: a stray -1 on a scroll is harmless.
  let el: ScreenElement | null = null;
  if (['tap', 'type', 'assert'].includes(a.action) && a.element !== null && a.element !== undefined) {
    const picked = Number.isInteger(a.element) ? listed[a.element] : undefined;
    if (!picked) return unusable(`element ${a.element} is not one of the ${listed.length} listed elements (0–${listed.length - 1})`);
    el = picked;
  }

  switch (a.action) {
    case 'tap': {
      if (!el) return unusable('"tap" without an element');
      const action: Action = { type: 'tap', target: locatorFor(el, elements), point: center(el.bounds) };
      return chosen(action, `Tap ${describe(el)}`, el.clickable ? MODEL_CONFIDENCE : NOT_CLICKABLE_CONFIDENCE);
    }
    case 'type': {
      if (!a.text) return unusable('"type" without the text to type');
      if (!el) return chosen({ type: 'type', target: null, text: a.text }, 'Type into the focused field');
      const action: Action = { type: 'type', target: locatorFor(el, elements), text: a.text, point: center(el.bounds) };
      return chosen(action, `Type into ${describe(el)}`);
    }
    case 'scroll':
      if (a.direction !== 'up' && a.direction !== 'down')
        return unusable(`"scroll" needs direction up or down, not ${JSON.stringify(a.direction ?? null)}`);
      return chosen({ type: 'scroll', direction: a.direction }, `Scroll ${a.direction}`);
    case 'swipe':
      if (a.direction !== 'up' && a.direction !== 'down' && a.direction !== 'left' && a.direction !== 'right') {
        return unusable(`"swipe" needs direction left, right, up or down, not ${JSON.stringify(a.direction ?? null)}`);
      }
      return chosen({ type: 'swipe', direction: a.direction }, `Swipe ${a.direction}`);
    case 'back': {
      const support = platformSupport({ kind: 'pressBackButton' })[platform];
      return support === true ? chosen({ type: 'back' }, 'Press back') : finalFail(support);
    }
    case 'wait':
      if (typeof a.seconds !== 'number' || !(a.seconds > 0) || a.seconds > MAX_WAIT_SECONDS) {
        return unusable(`"wait" needs seconds between 0 and ${MAX_WAIT_SECONDS}, not ${a.seconds ?? 'none'}`);
      }
      return chosen({ type: 'wait', seconds: a.seconds }, `Wait ${a.seconds} s`);
    case 'assert': {
      const visible = a.visible ?? true;
      if (el)
        return chosen(
          { type: 'assert', target: locatorFor(el, elements), visible },
          `${describe(el)} should be ${visible ? 'visible' : 'gone'}`,
        );
      // Absent text has no element to point at: the runner checks that nothing shows it.
      if (!visible && a.text)
        return chosen({ type: 'assert', target: { by: 'text', value: a.text }, visible }, `"${a.text}" should not be visible`);
      return unusable(visible ? '"assert" without the element that should be visible' : '"assert" visible false without the text');
    }
    case 'done':
      return chosen({ type: 'done' }, 'Already done');
    case 'fail':
      return fail(reason || 'The AI model could not carry out the instruction (it gave no reason)');
  }
}

/** The endpoint as messages show it, without any user:password, and that password. */
function splitCredentials(baseUrl: string): { where: string; password: string } {
  try {
    const url = new URL(baseUrl);
    const password = url.password;
    url.username = '';
    url.password = '';
    return { where: url.toString().replace(/\/+$/, ''), password };
  } catch {
    return { where: baseUrl, password: '' };
  }
}

/** The provider's own explanation: OpenAI-style `{error: {message}}`, else the start of the body. */
function providerMessage(body: string): string {
  try {
    const json = JSON.parse(body) as { error?: { message?: unknown } | string; detail?: unknown; message?: unknown };
    const message = typeof json.error === 'string' ? json.error : (json.error?.message ?? json.detail ?? json.message);
    if (typeof message === 'string' && message.trim()) return snippet(message.trim());
  } catch {
    // not JSON: show the text itself
  }
  return snippet(body.trim()) || '(empty body)';
}

/** A 429, kept apart until it is known whether it will be retried. */
class RateLimited extends Error {
  constructor(
    readonly retryAfterSeconds: number | null,
    readonly toApiError: () => ApiError,
  ) {
    super('rate limited');
  }
}

/** Retry-After as seconds (delta-seconds or an HTTP date); null when absent or unreadable. */
function retryAfterSeconds(header: string | null): number | null {
  if (header === null || header.trim() === '') return null;
  if (/^\d+(?:\.\d+)?$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

export function createOpenAiModel(options: OpenAiModelOptions): AutomationModel {
  const rawBase = options.baseUrl.replace(/\/+$/, '');
  const endpoint = `${rawBase}/chat/completions`;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxRetryAfter = options.maxRetryAfterSeconds ?? 10;
  const responseFormat =
    options.responseFormat === 'json_object'
      ? { type: 'json_object' }
      : { type: 'json_schema', json_schema: { name: 'step_action', strict: true, schema: ANSWER_SCHEMA } };
  const { where, password } = splitCredentials(options.baseUrl);
  // Providers and proxies sometimes echo the Authorization header in error bodies,
  // and fetch's own errors quote the URL with any user:password in it.
  const secrets = [options.apiKey, password].filter((s): s is string => !!s);
  const redact = (s: string) => secrets.reduce((out, secret) => out.split(secret).join('[redacted]'), s.split(rawBase).join(where));
  // 502: the upstream failed, not the caller's request.
  const badGateway = (what: string) => new ApiError(502, redact(`The AI model at ${where} ${what}`));

  /** One request; a 429 with a short Retry-After is sent once more after it. */
  async function complete(body: unknown): Promise<{ content: string; refusal: string | null }> {
    try {
      return await completeOnce(body);
    } catch (err) {
      if (!(err instanceof RateLimited)) throw err;
      if (err.retryAfterSeconds === null || err.retryAfterSeconds > maxRetryAfter) throw err.toApiError();
      await sleep(err.retryAfterSeconds * 1000);
      try {
        return await completeOnce(body);
      } catch (again) {
        throw again instanceof RateLimited ? again.toApiError() : again;
      }
    }
  }

  async function completeOnce(body: unknown): Promise<{ content: string; refusal: string | null }> {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (options.apiKey) headers['authorization'] = `Bearer ${options.apiKey}`;
    let status: number;
    let text: string;
    let retryAfter: string | null = null;
    try {
      // One signal for connect, headers and body: a server that stalls mid-body times out too.
      const response = await fetch(endpoint, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      retryAfter = response.headers.get('retry-after');
      text = await response.text();
    } catch (err) {
      if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
        throw badGateway(`did not answer within ${timeoutMs} ms`);
      }
      // undici reports "fetch failed" and puts the useful part (ECONNREFUSED …) in `cause`.
      const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
      throw badGateway(`could not be reached: ${cause instanceof Error ? cause.message : String(cause)}`);
    }
    if (status === 429) {
      const seconds = retryAfterSeconds(retryAfter);
      const later = seconds === null ? 'try again later' : `it asks to retry after ${seconds} s`;
      throw new RateLimited(seconds, () => badGateway(`is rate limiting requests (HTTP 429): ${providerMessage(text)}; ${later}`));
    }
    if (status === 401 || status === 403) throw badGateway(`refused the API key (HTTP ${status}): ${providerMessage(text)}`);
    if (status < 200 || status > 299) throw badGateway(`answered HTTP ${status}: ${providerMessage(text)}`);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw badGateway(`answered with something that is not JSON: ${JSON.stringify(snippet(text, 120))}`);
    }
    const parsed = ChatCompletion.safeParse(json);
    if (!parsed.success) throw badGateway('answered with something that is not a chat-completions response (no choices[0].message)');
    const message = parsed.data.choices[0]!.message;
    return { content: message.content ?? '', refusal: message.refusal ?? null };
  }

  return {
    name: `openai:${options.model}`,
    async chooseAction(input: ModelInput): Promise<Decision> {
      const syntax = parseCommandSyntax(input.instruction);
      if (!syntax.ok) return fail(syntax.error);
      const support = platformSupport(syntax.command)[input.platform];
      if (support !== true) return finalFail(support);
      const direct = directAction(syntax.command);
      if (direct) return { action: direct, reasoning: `${formatCommand(syntax.command)} (deterministic command)`, confidence: 1 };

      const hierarchy = parseHierarchy(input.hierarchyXml, input.platform);
      if (!hierarchy.ok) return fail(`Cannot read the screen: ${hierarchy.error}`);
      const listed = promptElements(hierarchy.elements);
      const shown = options.images === false ? { ...input, screenshotPng: undefined } : input;
      const answer = await complete({
        model: options.model,
        temperature: 0,
        response_format: responseFormat,
        messages: buildMessages(shown, listed),
      });
      // A refusal is an answer, just not a usable one, and asking again gets the same: the step fails now.
      if (answer.refusal) return finalFail(`The AI model refused: ${answer.refusal}`);
      return toDecision(answer.content, listed, hierarchy.elements, hierarchy.platform);
    },
  };
}
