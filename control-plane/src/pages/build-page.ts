/** GET {app}/organisations/{org}/build/{build_id}: the build (the `app_link` of uploads) and the runs that used it. */
import type { Hono } from 'hono';
import { html } from 'hono/html';
import { findBuild } from '../queries/builds.js';
import { listRuns } from '../runs/run-queries.js';
import { badge, notFoundPage, page, when } from './layout.js';
import type { PageEnv } from './session.js';

const RUNS_SHOWN = 50;

function size(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** The upload's `ci` part (GPT Driver's upload-build action and devicelab send one), as sent: escaped text. */
function ciFacts(ci: Record<string, unknown>) {
  const entries = Object.entries(ci).slice(0, 12);
  return html`<dt>CI</dt><dd>${entries.map(([k, v]) => html`<span class="ci">${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}</span> `)}</dd>`;
}

export function buildPage(app: Hono<PageEnv>, base: string) {
  app.get('/organisations/:orgId/build/:buildId', async (c) => {
    const { db } = c.var.deps;
    const org = c.var.caller.org;
    // The link names the organisation; signed in as another, it leads nowhere.
    const build = c.req.param('orgId') === org.id ? await findBuild(db, org.id, c.req.param('buildId')) : null;
    if (!build) return notFoundPage(c, 'build');
    const runs = await listRuns(db, { orgId: org.id, buildId: build.id, limit: RUNS_SHOWN });
    // The name given at upload (metadata {"name"}) is the one runs select builds by: it heads the
    // page; the app's own name (from its manifest) is a fact beside it.
    const uploadName = typeof build.meta.name === 'string' ? build.meta.name : null;
    const name = uploadName ?? build.displayName ?? build.fileName;
    const version = [build.versionName, build.versionCode ? `(${build.versionCode})` : null].filter(Boolean).join(' ');
    return page(
      c,
      { title: `Build ${name}` },
      html`<h1>${name}</h1>
<dl class="facts">
  <dt>Build</dt><dd>${build.id}</dd>
  <dt>Name at upload</dt><dd>${uploadName ?? '—'}</dd>
  <dt>App name</dt><dd>${build.displayName ?? '—'}</dd>
  <dt>Platform</dt><dd>${build.platform} (${build.kind})</dd>
  <dt>App id</dt><dd>${build.packageName}</dd>
  <dt>Version</dt><dd>${version || '—'}</dd>
  <dt>File</dt><dd>${build.fileName} · ${size(build.sizeBytes)}</dd>
  <dt>Uploaded</dt><dd>${when(build.createdAt)}</dd>
  <dt>SHA-256</dt><dd><code>${build.sha256}</code></dd>
  ${build.ci ? ciFacts(build.ci) : ''}
</dl>
<h2>Runs that used it (${runs.length}${runs.length === RUNS_SHOWN ? '+' : ''})</h2>
${
  runs.length === 0
    ? html`<p class="muted">No run has used this build yet.</p>`
    : html`<table><thead><tr><th>Run</th><th>Status</th><th>Tests</th><th class="opt">Started</th></tr></thead><tbody>
${runs.map(
  (r) => html`<tr><td><a href="${base}/runs/${encodeURIComponent(r.id)}">${r.id}</a></td><td>${badge(r.status)}</td>
<td>${r.succeededCount} passed · ${r.failedCount} failed · ${r.blockedCount} blocked</td><td class="opt">${when(r.createdAt)}</td></tr>`,
)}
</tbody></table>`
}`,
    );
  });
}
