/**
 * The run as Markdown: a headline, the counts, and a table of every test with a link to
 * its recording and interaction log. GitHub renders it on the job's page when it is
 * appended to $GITHUB_STEP_SUMMARY; elsewhere it is a file to attach or post.
 */
import { allSucceeded, type ResultEntry, type Run } from './run-types.js';

export interface SummaryContext {
  timedOut?: boolean;
}

/** Table cells: a `|` would end the cell and a newline the row. */
const cell = (s: string) => s.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ').trim();

const ICON: Record<ResultEntry['status'], string> = { succeeded: '✅', failed: '❌', blocked: '⛔', pending: '⏳', running: '⏳' };

function headline(run: Run, context: SummaryContext): string {
  if (context.timedOut) return `⏱️ DeviceLab run \`${run.runId}\` did not finish in time`;
  if (run.status === 'cancelled') return `🚫 DeviceLab run \`${run.runId}\` was cancelled`;
  return allSucceeded(run) ? `✅ DeviceLab run \`${run.runId}\` passed` : `❌ DeviceLab run \`${run.runId}\` failed`;
}

export function markdownSummary(run: Run, context: SummaryContext = {}): string {
  const entries = [...run.failedTests, ...run.blockedTests, ...run.succeededTests]; // trouble first
  const pending = run.totalTests - entries.length;
  const lines = [
    `### ${headline(run, context)}`,
    '',
    `**${run.succeededTests.length} passed**, **${run.failedTests.length} failed**, **${run.blockedTests.length} blocked**` +
      `${pending > 0 ? `, ${pending} without a verdict` : ''} of ${run.totalTests} on ${run.platform} (trigger \`${cell(run.trigger)}\`)`,
    '',
  ];
  if (entries.length > 0) {
    lines.push('| | Test | Time | Device | Details |', '|---|---|---|---|---|');
    for (const e of entries) {
      const time = e.durationSeconds === null ? '' : `${e.durationSeconds.toFixed(1)} s`;
      const reason = e.statusMessage ? `${cell(e.statusMessage)}<br>` : '';
      lines.push(
        `| ${ICON[e.status]} | ${cell(e.title)} | ${time} | ${cell(e.device ?? '')} | ${reason}[recording](${e.recording}) · [interaction log](${e.interactionLogs}) |`,
      );
    }
    lines.push('');
  }
  return lines.join('\n') + '\n';
}
