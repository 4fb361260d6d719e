/** GET {app}/runs/{run_id}: the run's tests by group with reasons, device, duration and links. */
import type { Hono } from 'hono';
import { html } from 'hono/html';
import { findBuild } from '../queries/builds.js';
import { type AttemptRecord, type AttemptStatus, listAttempts } from '../runs/attempts.js';
import { findRun } from '../runs/run-queries.js';
import { publicTestStatus } from '../runs/views.js';
import { badge, duration, notFoundPage, page, when } from './layout.js';
import type { PageEnv } from './session.js';

/** Failures first: that is what someone opening a run looks for. */
const GROUPS: ReadonlyArray<{ title: string; statuses: readonly AttemptStatus[] }> = [
  { title: 'Failed', statuses: ['failed'] },
  { title: 'Blocked', statuses: ['blocked'] },
  { title: 'Running', statuses: ['running'] },
  { title: 'Waiting', statuses: ['pending', 'offered'] },
  { title: 'Succeeded', statuses: ['succeeded'] },
];

export const recordingPath = (base: string, runId: string, testId: string) =>
  `${base}/recording/${encodeURIComponent(runId)}/runs/${encodeURIComponent(testId)}`;

const buildPath = (base: string, orgId: string, buildId: string) =>
  `${base}/organisations/${encodeURIComponent(orgId)}/build/${encodeURIComponent(buildId)}`;

export function runPage(app: Hono<PageEnv>, base: string) {
  app.get('/runs/:runId', async (c) => {
    const { db } = c.var.deps;
    const org = c.var.caller.org;
    const run = await findRun(db, org.id, c.req.param('runId'));
    if (!run) return notFoundPage(c, 'run');
    const [tests, build] = await Promise.all([listAttempts(db, run.id), run.buildId ? findBuild(db, org.id, run.buildId) : null]);
    const row = (t: AttemptRecord) => html`<tr>
  <td><a href="${recordingPath(base, run.id, t.testId)}">${t.title}</a>${t.statusMessage ? html`<div class="muted">${t.statusMessage}</div>` : ''}</td>
  <td>${badge(publicTestStatus(t.status))}</td>
  <td class="opt">${t.deviceLabel ?? '—'}</td>
  <td>${duration(t.durationSeconds)}</td>
</tr>`;
    const groups = GROUPS.map((g) => ({ ...g, tests: tests.filter((t) => g.statuses.includes(t.status)) })).filter(
      (g) => g.tests.length > 0,
    );
    return page(
      c,
      { title: `Run ${run.id}`, live: run.status === 'running' },
      html`<h1>Run ${run.id} ${badge(run.status)}</h1>
<dl class="facts">
  <dt>Trigger</dt><dd>${run.trigger}</dd>
  <dt>Platform</dt><dd>${run.platform}${run.physical ? ' (real device)' : ''}</dd>
  <dt>App</dt><dd>${build ? html`<a href="${buildPath(base, org.id, build.id)}">${build.displayName ?? build.fileName}</a> · ` : ''}${run.packageName}</dd>
  <dt>Started</dt><dd>${when(run.createdAt)}</dd>
  <dt>Finished</dt><dd>${when(run.finishedAt)}</dd>
  <dt>Tests</dt><dd>${GROUPS.map((g) => `${tests.filter((t) => g.statuses.includes(t.status)).length} ${g.title.toLowerCase()}`).join(' · ')}</dd>
</dl>
${groups.map(
  (g) => html`<h2>${g.title} (${g.tests.length})</h2>
<table><thead><tr><th>Test</th><th>Status</th><th class="opt">Device</th><th>Duration</th></tr></thead><tbody>${g.tests.map(row)}</tbody></table>`,
)}`,
    );
  });
}
