/** GET {app}/tests: the test library, read-only: folders with their test counts, and the tests of one folder (or all). */
import type { Hono } from 'hono';
import { html } from 'hono/html';
import { buildFolderViews, type FolderView } from '../folders/tree.js';
import { countUnfiledTests, listFolderRows } from '../queries/folders.js';
import { listTests, type TestRecord } from '../queries/tests.js';
import { page } from './layout.js';
import type { PageEnv } from './session.js';

const TESTS_SHOWN = 200;

export function libraryPage(app: Hono<PageEnv>, base: string) {
  app.get('/tests', async (c) => {
    const { db } = c.var.deps;
    const orgId = c.var.caller.org.id;
    const [rows, unfiled] = await Promise.all([listFolderRows(db, orgId), countUnfiledTests(db, orgId)]);
    const folders = buildFolderViews(rows);
    const selected = folders.find((f) => f.id === c.req.query('folder')) ?? null;
    const tests = await listTests(db, {
      orgId,
      folder: selected ? { id: selected.id, subfolders: true } : undefined,
      limit: TESTS_SHOWN + 1,
    });
    const pathOf = new Map(folders.map((f) => [f.id, f.path]));
    const total = folders.filter((f) => f.parentId === null).reduce((sum, f) => sum + f.testCount, unfiled);
    const depth = (f: FolderView) => f.path.split(' / ').length - 1;
    const folderLink = (f: FolderView) => html`<li style="margin-left:${depth(f) * 1.2}rem">
  <a href="${base}/tests?folder=${encodeURIComponent(f.id)}"${f.id === selected?.id ? html` aria-current="page" style="font-weight:700"` : ''}>${f.name}</a>
  <span class="muted">${f.testCount}</span></li>`;
    const row = (t: TestRecord) => html`<tr>
  <td>${t.title}<div class="muted">${t.id}</div></td>
  <td class="opt">${t.folderId ? (pathOf.get(t.folderId) ?? '') : '—'}</td>
  <td>${t.tags.map((tag) => html`<span class="badge">${tag}</span> `)}</td>
  <td class="opt"><ol style="margin:0;padding-left:1.2rem">${t.commands.slice(0, 5).map((cmd) => html`<li>${cmd}</li>`)}</ol>${t.commands.length > 5 ? html`<span class="muted">and ${t.commands.length - 5} more</span>` : ''}</td>
</tr>`;
    return page(
      c,
      { title: 'Tests' },
      html`<h1>Tests</h1>
<div class="player" style="grid-template-columns:minmax(0,16rem) minmax(0,1fr)">
<nav aria-label="folders"><h2>Folders</h2><ul class="folders">
  <li><a href="${base}/tests"${selected ? '' : html` aria-current="page" style="font-weight:700"`}>All tests</a> <span class="muted">${total}</span></li>
  ${folders.map(folderLink)}
  <li class="muted">Not in a folder: ${unfiled}</li>
</ul></nav>
<section><h2>${selected ? selected.path : 'All tests'}</h2>
${
  tests.length === 0
    ? html`<p class="muted">No tests here.</p>`
    : html`<table><thead><tr><th>Test</th><th class="opt">Folder</th><th>Tags</th><th class="opt">Steps</th></tr></thead>
<tbody>${tests.slice(0, TESTS_SHOWN).map(row)}</tbody></table>`
}
${tests.length > TESTS_SHOWN ? html`<p class="muted">The first ${TESTS_SHOWN} are shown; GET /tests pages through all of them.</p>` : ''}
</section></div>`,
    );
  });
}
