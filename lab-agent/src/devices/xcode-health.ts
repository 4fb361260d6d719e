/**
 * The health of a Mac lab host's Xcode tools, as the operator reads it in the agent's log.
 * `xcrun simctl` (simulators) and `xcrun devicectl` (iPhones) fail in a few well-known ways
 * on a Mac being set up: no Xcode at all, `xcode-select` pointing at the Command Line
 * Tools (which have neither tool), Xcode older than 15 (no devicectl), the license not
 * accepted, the first-launch set-up not run. Each failure is named with its fix in one
 * line, said once per problem rather than once per poll; the failing tool is retried
 * with backoff; and a line says when it works again.
 */
import { backoffCap } from '../backoff.js';
import { toolMessage } from './ios-wda-driver.js';

export type XcrunTool = 'simctl' | 'devicectl';

export interface XcodeProblem {
  /** Stable name of the problem: a new line is logged only when it changes. */
  kind: string;
  /** What is wrong and how to fix it, one sentence each. */
  explanation: string;
}

const SELECT_XCODE = '"sudo xcode-select -s /Applications/Xcode.app/Contents/Developer"';

/** What went wrong when running `xcrun <tool>`, from the error (spawn error or the tool's stderr). */
export function diagnoseXcrun(tool: XcrunTool, xcrunPath: string, err: unknown): XcodeProblem {
  const said = toolMessage(err);
  const code = (err as { code?: unknown }).code;
  if (code === 'ENOENT' || /has not been found in PATH|\bENOENT\b/.test(said)) {
    return {
      kind: 'no-xcrun',
      explanation: `xcrun was not found (${xcrunPath}): Xcode is not installed. Install Xcode 15 or later, open it once, then run ${SELECT_XCODE}; or point --xcrun at an xcrun`,
    };
  }
  if (/invalid active developer path/i.test(said)) {
    return {
      kind: 'invalid-developer-path',
      explanation: `xcode-select points at a developer folder that is missing or incomplete. Install Xcode 15 or later and run ${SELECT_XCODE}`,
    };
  }
  if (/licen[cs]e/i.test(said)) {
    return { kind: 'license', explanation: 'the Xcode license has not been accepted. Run "sudo xcodebuild -license accept" on this Mac' };
  }
  if (/runFirstLaunch|plugin failed to load|CoreSimulator is out of date/i.test(said)) {
    return {
      kind: 'first-launch',
      explanation: 'Xcode has not finished its first-launch set-up. Run "sudo xcodebuild -runFirstLaunch" on this Mac',
    };
  }
  if (new RegExp(`unable to find utility "${tool}"`).test(said)) {
    return tool === 'simctl'
      ? {
          kind: 'command-line-tools',
          explanation: `xcode-select points at the Command Line Tools, which have no simctl. Install Xcode 15 or later and run ${SELECT_XCODE}`,
        }
      : {
          kind: 'no-devicectl',
          explanation: `this xcrun has no devicectl: it needs Xcode 15 or later, selected with ${SELECT_XCODE} (the Command Line Tools alone have none)`,
        };
  }
  if ((err as { killed?: unknown }).killed === true || code === 'ETIMEDOUT' || /timed out/i.test(said)) {
    return {
      kind: 'timeout',
      explanation: `xcrun ${tool} did not answer in time (CoreSimulator busy or hung). If it persists, restart CoreSimulator or reboot the Mac`,
    };
  }
  return { kind: 'other', explanation: `xcrun ${tool} failed. Run "xcrun ${tool} list devices" on this Mac to see why` };
}

const WHAT: Readonly<Record<XcrunTool, { devices: string; noun: string }>> = {
  simctl: { devices: 'iOS simulators', noun: 'booted simulator(s)' },
  devicectl: { devices: 'iPhones', noun: 'connected iPhone(s)' },
};

export type ListingOutcome = { tool: XcrunTool; ok: true; count: number } | { tool: XcrunTool; ok: false; error: unknown };

interface ToolState {
  /** null: works; a problem: failing with it; undefined: not tried yet. */
  problem: XcodeProblem | null | undefined;
  attempt: number;
  nextTryAt: number;
}

/** Problems of Xcode as a whole: whichever tool meets one first, it stands for both. */
const XCODE_WIDE = new Set(['no-xcrun', 'invalid-developer-path', 'license', 'first-launch']);

/**
 * Tracks the tools' health across polls: which tool a poll should run (a failing one
 * only once its backoff has passed) and what to log about the outcomes.
 */
export class XcrunHealth {
  private readonly tools = new Map<XcrunTool, ToolState>();
  /** Xcode-wide problems already logged (for every tool), until no tool has them. */
  private readonly saidXcodeWide = new Set<string>();

  constructor(
    private readonly options: {
      /** The tools this host uses (simctl for simulators, devicectl for iPhones). */
      tools: readonly XcrunTool[];
      xcrunPath: string;
      log: (line: string) => void;
      /** The first retry's delay (the poll interval); doubles per failure up to maxMs. */
      baseMs: number;
      maxMs: number;
      now?: () => number;
    },
  ) {}

  /** Whether this poll should run the tool (always, unless it is failing and its retry is not due). */
  due(tool: XcrunTool): boolean {
    const state = this.tools.get(tool);
    return !state?.problem || this.now() >= state.nextTryAt;
  }

  /**
   * Records one poll's listings and logs what changed: a tool's new problem (an
   * Xcode-wide one once for all tools), or a tool working (again).
   */
  report(outcomes: readonly ListingOutcome[]): void {
    // One time for the whole poll: tools failing together stay due together.
    const now = this.now();
    for (const outcome of outcomes) {
      const state = this.tools.get(outcome.tool) ?? { problem: undefined, attempt: 0, nextTryAt: 0 };
      this.tools.set(outcome.tool, state);
      if (outcome.ok) {
        if (state.problem !== null) {
          const again = state.problem === undefined ? '' : ' again';
          const hint = state.problem === undefined ? '; each one is logged when found' : '';
          this.options.log(
            `${WHAT[outcome.tool].devices}: xcrun ${outcome.tool} works${again} (${outcome.count} ${WHAT[outcome.tool].noun}${hint})`,
          );
        }
        Object.assign(state, { problem: null, attempt: 0, nextTryAt: 0 });
        continue;
      }
      const problem = diagnoseXcrun(outcome.tool, this.options.xcrunPath, outcome.error);
      const retryMs = backoffCap(state.attempt, { baseMs: this.options.baseMs, maxMs: this.options.maxMs });
      const known = state.problem?.kind === problem.kind;
      Object.assign(state, { problem, attempt: state.attempt + 1, nextTryAt: now + retryMs });
      if (known) continue; // said already: polling would repeat it every few seconds
      if (!XCODE_WIDE.has(problem.kind)) this.say([outcome.tool], problem, outcome.error);
      else if (!this.saidXcodeWide.has(problem.kind)) {
        this.saidXcodeWide.add(problem.kind);
        this.say(this.options.tools, problem, outcome.error);
      }
    }
    for (const kind of this.saidXcodeWide) {
      if (![...this.tools.values()].some((t) => t.problem?.kind === kind)) this.saidXcodeWide.delete(kind);
    }
  }

  private say(tools: readonly XcrunTool[], problem: XcodeProblem, error: unknown): void {
    const devices = tools.map((t) => WHAT[t].devices).join(' and ');
    const said = toolMessage(error).split('\n')[0]!.slice(0, 300);
    this.options.log(
      `${devices} unavailable: ${problem.explanation}. No such device can appear until this is fixed; ` +
        `retrying with backoff (up to every ${Math.round(this.options.maxMs / 1000)} s). xcrun said: ${said}`,
    );
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }
}
