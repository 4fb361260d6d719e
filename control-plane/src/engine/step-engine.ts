/**
 * One step of a session: the command on the current screen becomes the actions to
 * perform (docs/architecture.md#engine). Deterministic commands run as code; an instruction
 * is replayed from the step cache when its key hits and its element is on this
 * screen (a cached step), otherwise the model decides (an AI step) and the decision
 * replaces the cache entry. Both the SDK endpoints and platform runs come here, so
 * usage is counted in one place.
 */
import { createHash } from 'node:crypto';
import { splitStepOptions } from '@devicelab/shared';
import { platformMismatch } from '../brain/hierarchy.js';
import {
  type Action,
  type AutomationModel,
  type Command,
  type Decision,
  decideOnScreen,
  fingerprint,
  isIterative,
  parseCommandSyntax,
  parseHierarchy,
  replayDecision,
  resolveReferences,
  type Screen,
  toTemplate,
} from '../brain/index.js';
import type { Db } from '../db/index.js';
import { ApiError, badRequest, notFound } from '../errors.js';
import { findSession, findSessionWithCachedDecisions, recordStep, type SessionRecord, type StepKind } from '../queries/sessions.js';
import { findCachedDecision, type StepCacheKey, saveCachedDecision } from '../queries/step-cache.js';
import type { FileStorage } from '../storage/files.js';

/** A session not read yet: the engine reads it, for a cached step together with its cache entry. */
interface SessionRef {
  orgId: string;
  id: string;
}

export interface StepRequest {
  /**
   * The session, or (SDK calls) which one: an unknown one is then a 404, checked before
   * the request's own problems, as if the caller had read it first.
   */
  session: SessionRecord | SessionRef;
  call: 'execute' | 'assert';
  /** The command as written, `{{references}}` and all: that is what the cache keys on. */
  command: string;
  values?: Record<string, string>;
  pageSource: string;
  screenshot?: Uint8Array;
  /** The caller's own step number; when absent the session numbers its steps. */
  stepNumber?: number;
  /** A lab agent's request id, stored with the step so that a re-sent request is answered from it. */
  requestId?: string;
  /** How a lab agent read the screen (docs/steps-and-waits.md); absent for SDK calls. */
  wait?: ScreenWait;
}

export interface ScreenWait {
  /** Since the agent began reading screens for this decision. */
  waitedMs: number;
  /** Two consecutive reads were equal and showed no loading indicator. */
  settled: boolean;
  /** The step's wait has time left: a failure on this screen is answered `retry`, not recorded. */
  mayRetry: boolean;
}

export interface StepResult {
  step: number;
  stepIndex: number;
  kind: Exclude<StepKind, 'code'>;
  cacheHit: boolean;
  actions: Action[];
  /** The command needs no further call (true unless an iterative instruction is still going). */
  finished: boolean;
  failed: boolean;
  reason: string;
  platform: Screen['platform'];
  /** Storage key of the screenshot sent with the step, if any. */
  screenshotKey: string | null;
  /** The step failed on this screen but may not on a later one: nothing was recorded; read the screen again and ask again. */
  retry: boolean;
}

const ASSERTION = /^(check|verify|assert|ensure|make sure|expect|confirm|validate|see|is|are|should)\b/i;

export function createStepEngine(deps: { db: Db; model: AutomationModel; storage: FileStorage }) {
  const { db, model, storage } = deps;

  async function decideStep(req: StepRequest): Promise<StepResult> {
    const started = performance.now();
    // The work that needs no database comes first, so that an SDK step can read its
    // session and its cache entry in one statement once the screen's fingerprint is known.
    const values = req.values ?? {};
    const command = refusalOf(() => parse(req.call, req.command, values));
    const hierarchy = parseHierarchy(req.pageSource);
    const screenPrint =
      !(command instanceof ApiError) && command.parsed.kind === 'instruction' && hierarchy.ok ? fingerprint(hierarchy.elements) : null;

    let session: SessionRecord;
    let decisions: Map<number, unknown> | null = null; // the cache entries read with the session
    if (isRecord(req.session)) {
      session = req.session;
    } else if (screenPrint !== null && hierarchy.ok) {
      const found = await findSessionWithCachedDecisions(db, req.session.orgId, req.session.id, {
        platform: hierarchy.platform,
        commandHash: commandHashOf(req.call, req.command),
        fingerprint: screenPrint,
        stepNumber: req.stepNumber ?? null,
      });
      if (!found) throw notFound('session');
      ({ session, decisions } = found);
    } else {
      const found = await findSession(db, req.session.orgId, req.session.id);
      if (!found) throw notFound('session');
      session = found;
    }

    // The request's problems, in the order the caller would meet them.
    if (session.status !== 'running') throw new ApiError(409, `session ${session.id} has ended (${session.status})`);
    if (command instanceof ApiError) throw command;
    if (!hierarchy.ok) throw badRequest(`page_source: ${hierarchy.error}`);
    if (session.platform && session.platform !== hierarchy.platform)
      throw badRequest(`page_source: ${platformMismatch(session.platform, hierarchy.platform)}`);
    const screen: Screen = { platform: hierarchy.platform, elements: hierarchy.elements };

    let kind: StepResult['kind'] = 'deterministic';
    let decision: Decision;
    const stepIndex = req.stepNumber ?? stepIndexOf(session, req.command);
    // A screen still changing may show the cached element on its way in or out: replaying
    // there would tap or pass on a moment. Unsettled screens are decided afresh and not cached.
    const settled = req.wait?.settled !== false;
    if (command.parsed.kind !== 'instruction' || screenPrint === null) {
      decision = decideOnScreen(command.parsed, screen);
    } else {
      const key = cacheKeyOf(session, screen.platform, { call: req.call, command: req.command, stepIndex, fingerprint: screenPrint });
      const cached = decisions ? ((decisions.get(stepIndex) as Decision | undefined) ?? null) : await findCachedDecision<Decision>(db, key);
      const replayed = settled && cached && replayDecision(cached, screen.elements, values);
      if (replayed) {
        kind = 'cached';
        decision = replayed;
      } else {
        kind = 'ai';
        decision = await model.chooseAction({
          instruction: command.text,
          platform: screen.platform,
          hierarchyXml: req.pageSource,
          screenshotPng: req.screenshot,
        });
        // Failures are not cached: the next run should look at its own screen afresh.
        if (decision.action.type !== 'fail' && settled) await saveCachedDecision(db, key, req.command, toTemplate(decision, values));
      }
    }

    const action = decision.action;
    const failed = action.type === 'fail' || (req.call === 'assert' && action.type !== 'assert' && action.type !== 'done');
    const finished = failed || action.type === 'done' || !isIterative(command.parsed);
    const actions = action.type === 'fail' || action.type === 'done' ? [] : [action];
    if (failed && req.wait?.mayRetry && !decision.final) {
      // The target may still come (or go): the agent reads the screen again. Nothing is
      // recorded or counted for a screen the step did not end on.
      const reason = action.type === 'fail' ? action.reason : decision.reasoning;
      return {
        step: 0,
        stepIndex,
        kind,
        cacheHit: kind === 'cached',
        actions: [],
        finished: true,
        failed: true,
        reason,
        platform: screen.platform,
        screenshotKey: null,
        retry: true,
      };
    }
    const reason = withWait(action.type === 'fail' ? action.reason : decision.reasoning, failed, req.wait);
    const screenshot = req.screenshot ? `sessions/${session.id}/${Date.now()}-${stepIndex}.png` : null;
    // The picture is stored while the step is recorded: two independent writes, neither waits for the other.
    const [, step] = await Promise.all([
      screenshot ? storage.put(screenshot, req.screenshot!) : null,
      recordStep(db, {
        sessionId: session.id,
        call: req.call,
        kind,
        stepIndex,
        command: req.command,
        actions,
        outcome: failed ? 'failed' : req.call === 'assert' ? 'passed' : action.type === 'done' ? 'done' : 'action',
        reason,
        fingerprint: screenPrint,
        screenshot,
        durationMs: performance.now() - started,
        next: { step: stepIndex + 1, command: req.command, finished },
        requestId: req.requestId,
        waitedMs: req.wait?.waitedMs,
        screenSettled: req.wait?.settled,
      }),
    ]);
    if (step === null) throw new ApiError(409, `session ${session.id} has ended`);
    return {
      step,
      stepIndex,
      kind,
      cacheHit: kind === 'cached',
      actions,
      finished,
      failed,
      reason,
      platform: screen.platform,
      screenshotKey: screenshot,
      retry: false,
    };
  }

  return { decideStep };
}

export type StepEngine = ReturnType<typeof createStepEngine>;

/** The step cache's key (docs/architecture.md#engine) of a command decided on a screen with this fingerprint. */
export function cacheKeyOf(
  session: Pick<SessionRecord, 'orgId' | 'testId'>,
  platform: Screen['platform'],
  step: { call: 'execute' | 'assert'; command: string; stepIndex: number; fingerprint: string },
): StepCacheKey {
  return {
    orgId: session.orgId,
    testKey: session.testId ?? '',
    platform,
    stepIndex: step.stepIndex,
    commandHash: commandHashOf(step.call, step.command),
    fingerprint: step.fingerprint,
  };
}

const commandHashOf = (call: 'execute' | 'assert', command: string) => createHash('sha256').update(`${call}\n${command}`).digest('hex');

/** What `fn` returns, or the ApiError it throws (a refusal to report later). */
function refusalOf<T>(fn: () => T): T | ApiError {
  try {
    return fn();
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
}

/** A failed step says how long it waited for its screen, so "not found" reads as "not found in 5 s". */
function withWait(reason: string, failed: boolean, wait: ScreenWait | undefined): string {
  if (!failed || !wait || wait.waitedMs < 1000) return reason;
  return `${reason} (waited ${(wait.waitedMs / 1000).toFixed(1)} s${wait.settled ? '' : '; the screen never settled'})`;
}

const isRecord = (session: SessionRecord | SessionRef): session is SessionRecord => 'status' in session;

/** Resolves references and parses the command; bad commands are the caller's 400. */
function parse(call: StepRequest['call'], written: string, values: Record<string, string>): { parsed: Command; text: string } {
  // `(timeout: 10 s)` is the agent's to honour (how long to wait), not part of what to do.
  const options = splitStepOptions(written);
  if (!options.ok) throw badRequest(`command: ${options.error}`);
  const resolved = resolveReferences(options.command, values);
  if (!resolved.ok) throw badRequest(`command: ${resolved.error}${resolved.missing.length ? ' (send it in "values")' : ''}`);
  let text = resolved.text;
  let syntax = parseCommandSyntax(text);
  if (!syntax.ok) throw badRequest(`command: ${syntax.error}`);
  if (call === 'assert' && syntax.command.kind === 'instruction' && !ASSERTION.test(text)) {
    // "Welcome is shown" and "the cart is empty" are assertions when sent to /assert.
    text = `Check that ${text}`;
    syntax = parseCommandSyntax(text);
    if (!syntax.ok) throw badRequest(`assertion: ${syntax.error}`);
  }
  if (call === 'assert' && syntax.command.kind !== 'instruction' && syntax.command.kind !== 'assertVisible') {
    throw badRequest(`assertion: "${written}" is an action, not something to check; send it to /execute`);
  }
  return { parsed: syntax.command, text };
}

/**
 * The cache's step index when the caller does not number steps: the session counts
 * commands, and a repeated call for an unfinished iterative instruction ("scroll
 * until Settings is visible") stays on the same index.
 */
function stepIndexOf(session: SessionRecord, command: string): number {
  const repeat = !session.lastFinished && session.lastCommand === command;
  return repeat ? Math.max(0, session.nextStep - 1) : session.nextStep;
}
