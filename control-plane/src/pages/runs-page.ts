/** GET {app}/runs: the organisation's runs, newest first, by status and trigger, live while any runs. */
import type { Hono } from 'hono';
import { html } from 'hono/html';
import { seqCursor } from '../http/pagination.js';
import { listRuns, type RunStatus, type RunSummaryRecord } from '../runs/run-queries.js';
import { badge, page, when } from './layout.js';
import type { PageEnv } from './session.js';

const PAGE_SIZE = 50;
const STATUSES: readonly RunStatus[] = ['running', 'completed', 'cancelled'];
const cursor = seqCursor('r');

function decodeCursor(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  try {
    return cursor.decode(raw);
  } catch {
    return undefined; // a mangled "older" link shows the newest runs rather than an error
  }
}

export function runsPage(app: Hono<PageEnv>, base: string) {
  app.get('/runs', async (c) => {
    const q = c.req.query();
    const status = STATUSES.find((s) => s === q.status);
    const trigger = q.trigger && q.trigger.length <= 50 ? q.trigger : undefined;
    const rows = await listRuns(c.var.deps.db, {
      orgId: c.var.caller.org.id,
      status,
      trigger,
      beforeSeq: decodeCursor(q.cursor),
      limit: PAGE_SIZE + 1,
    });
    const runs = rows.slice(0, PAGE_SIZE);
    const older = rows.length > PAGE_SIZE ? cursor.encode(runs[runs.length - 1]!.seq) : null;
    const link = (s: RunStatus | undefined, t: string | undefined, more?: string) => {
      const params = new URLSearchParams();
      if (s) params.set('status', s);
      if (t) params.set('trigger', t);
      if (more) params.set('cursor', more);
      const text = params.toString();
      return `${base}/runs${text ? `?${text}` : ''}`;
    };
    const row = (r: RunSummaryRecord) => html`<tr>
  <td><a href="${base}/runs/${encodeURIComponent(r.id)}">${r.id}</a><div class="muted">${r.platform}${r.buildId ? ` · ${r.packageName}` : ''}</div></td>
  <td>${badge(r.status)}</td>
  <td><a href="${link(status, r.trigger)}">${r.trigger}</a></td>
  <td>${r.succeededCount} passed · ${r.failedCount} failed · ${r.blockedCount} blocked${r.pendingTests ? ` · ${r.pendingTests} to go` : ''}</td>
  <td class="opt">${when(r.createdAt)}</td>
</tr>`;
    return page(
      c,
      { title: 'Runs', live: runs.some((r) => r.status === 'running') },
      html`<h1>Runs</h1>
<nav class="filters" aria-label="status">
  <a href="${link(undefined, trigger)}" class="${status ? '' : 'on'}">all</a>
  ${STATUSES.map((s) => html`<a href="${link(s, trigger)}" class="${s === status ? 'on' : ''}">${s}</a>`)}
  ${trigger ? html`<a href="${link(status, undefined)}" class="on" title="remove the trigger filter">trigger: ${trigger} ✕</a>` : ''}
</nav>
${
  runs.length === 0
    ? html`<p class="muted">No runs${status || trigger ? ' match these filters' : ' yet: start one with POST /tests/execute'}.</p>`
    : html`<table><thead><tr><th>Run</th><th>Status</th><th>Trigger</th><th>Tests</th><th class="opt">Started</th></tr></thead>
<tbody>${runs.map(row)}</tbody></table>`
}
${older ? html`<p><a href="${link(status, trigger, older)}">Older runs →</a></p>` : ''}`,
    );
  });
}
