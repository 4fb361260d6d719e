/**
 * What `devicelab run` shows while it waits. In a CI log (not a terminal) a line per
 * change: each new verdict and the run's end, nothing in between, so logs stay short.
 * On a terminal one live line with the counts and the time waited, redrawn in place.
 */
import { clearLine, cursorTo } from 'node:readline';
import type { Writable } from 'node:stream';
import { type ResultEntry, type Run, verdicts } from './run-types.js';

const MARK: Record<ResultEntry['status'], string> = {
  succeeded: 'passed ',
  failed: 'FAILED ',
  blocked: 'BLOCKED',
  pending: 'pending',
  running: 'running',
};

export function counts(run: Run): string {
  const done = run.totalTests - run.pendingTests;
  return `${done}/${run.totalTests} done: ${run.succeededTests.length} passed, ${run.failedTests.length} failed, ${run.blockedTests.length} blocked`;
}

/** The lines one change adds: a line per new verdict, then the run's status when it changed. */
export function changeLines(run: Run, previous: Run | undefined): string[] {
  const seen = new Set(previous ? verdicts(previous).map((e) => e.id) : []);
  const lines = verdicts(run)
    .filter((e) => !seen.has(e.id))
    .map((e) => {
      const time = e.durationSeconds === null ? '' : ` (${e.durationSeconds.toFixed(1)} s)`;
      const why = e.statusMessage && e.status !== 'succeeded' ? `: ${e.statusMessage}` : '';
      return `  ${MARK[e.status]} ${e.title}${time}${why}`;
    });
  if (!previous || previous.status !== run.status || lines.length > 0) lines.push(`run ${run.runId} ${run.status}: ${counts(run)}`);
  return lines;
}

export const elapsed = (ms: number) => {
  const s = Math.floor(ms / 1000);
  return s < 60 ? `${s}s` : `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
};

export interface RunDisplay {
  change(run: Run, previous: Run | undefined): void;
  tick(run: Run): void;
  /** Ends the live line so what follows starts on its own. */
  done(): void;
}

export function runDisplay(out: Writable & { isTTY?: boolean }, startedAt: number, now: () => number = Date.now): RunDisplay {
  if (!out.isTTY) {
    return {
      change: (run, previous) =>
        out.write(
          changeLines(run, previous)
            .map((l) => `${new Date(now()).toISOString()} ${l}\n`)
            .join(''),
        ),
      tick: () => {},
      done: () => {},
    };
  }
  let live = false;
  let last: Run | undefined;
  // Polls can be 15 s apart; the clock on the live line moves every second regardless.
  const clock = setInterval(() => last && redraw(last), 1000);
  clock.unref();
  const redraw = (run: Run) => {
    last = run;
    cursorTo(out, 0);
    clearLine(out, 0);
    out.write(`⏳ ${run.runId} ${run.status}: ${counts(run)} · ${elapsed(now() - startedAt)}`);
    live = true;
  };
  const endLive = () => {
    if (!live) return;
    cursorTo(out, 0);
    clearLine(out, 0);
    live = false;
  };
  return {
    change(run, previous) {
      // Verdicts scroll above the live line; the counts line is the live line itself.
      endLive();
      const lines = changeLines(run, previous).slice(0, -1);
      if (lines.length > 0) out.write(lines.join('\n') + '\n');
      redraw(run);
    },
    tick: redraw,
    done() {
      clearInterval(clock);
      if (live) out.write('\n');
      live = false;
    },
  };
}
