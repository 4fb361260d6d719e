/**
 * How long a step waits for its target, settable per step the way Maestro's `timeout`
 * and GPT Driver's per-step waits are: a trailing `(timeout: 10 s)` on any command
 * (`assertVisible: "Welcome" (timeout: 10 s)`, `Tap Continue (timeout: 2500 ms)`).
 * A number without a unit is seconds. Both ends read it: the lab agent waits that long,
 * the control plane decides the command without it (docs/steps-and-waits.md).
 */

/** Without an option a step waits this long for its target (GPT Driver waits 3 s, Maestro about 5 s). */
export const DEFAULT_STEP_WAIT_SECONDS = 5;
export const MAX_STEP_WAIT_SECONDS = 300;

const OPTION = /\s*\(\s*timeout\s*[:=]?\s*(\d+(?:\.\d+)?|\.\d+)\s*(ms|milliseconds?|s|secs?|seconds?)?\s*\)\s*$/i;

export type StepOptions = { ok: true; command: string; waitSeconds: number | null } | { ok: false; error: string };

/** The command without its `(timeout: …)` option, and the option's seconds (null: none given). */
export function splitStepOptions(command: string): StepOptions {
  const match = OPTION.exec(command);
  if (!match) return { ok: true, command, waitSeconds: null };
  const amount = Number(match[1]);
  const seconds = /^m/i.test(match[2] ?? '') ? amount / 1000 : amount;
  if (!(seconds > 0) || seconds > MAX_STEP_WAIT_SECONDS) {
    return {
      ok: false,
      error: `timeout: between 0 and ${MAX_STEP_WAIT_SECONDS} seconds, not ${match[1]}${match[2] ? ` ${match[2]}` : ''}`,
    };
  }
  const rest = command.slice(0, match.index).trimEnd();
  if (rest === '') return { ok: false, error: 'timeout: the option follows a command, e.g. assertVisible: "Welcome" (timeout: 10 s)' };
  return { ok: true, command: rest, waitSeconds: seconds };
}

/**
 * A `wait:` step (`wait: 2`, `Wait: 0.5 (for the animation)`): the keyword followed by ":" or "("
 * or nothing, as the control plane's command grammar has it (control-plane/src/brain/commands.ts).
 * Its action follows from its text alone, so the agent does not wait for the screen to settle
 * before it; "Wait for the spinner to go" is an instruction and does not match.
 */
export function isWaitCommand(command: string): boolean {
  return /^\s*wait\s*(?:[:(]|$)/i.test(command);
}
