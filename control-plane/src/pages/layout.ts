/**
 * The frame of every page: plain server-rendered HTML (hono/html escapes every
 * interpolated value; `raw` is only used for markup built here), one small stylesheet,
 * readable from a phone to a laptop. Scripts run only with the page's nonce (CSP).
 */
import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { PageEnv } from './session.js';
import { pagesBase } from './session.js';

export type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Arial,"Liberation Sans","DejaVu Sans",sans-serif;color:#1d1d1f;background:#f6f6f8}
header{display:flex;flex-wrap:wrap;gap:.4rem 1.2rem;align-items:center;padding:.6rem 1rem;background:#3a1f8f;color:#fff}
header a{color:#fff;text-decoration:none}header .brand{font-weight:700}header form{margin-left:auto}
header button{background:none;border:1px solid #fff8;color:#fff;border-radius:4px;padding:.2rem .6rem;cursor:pointer}
main{max-width:72rem;margin:0 auto;padding:1rem}
h1{font-size:1.35rem;margin:.2rem 0 .8rem;overflow-wrap:anywhere}h2{font-size:1.1rem;margin:1.2rem 0 .5rem}
table{width:100%;border-collapse:collapse;background:#fff;border-radius:6px;overflow:hidden}
th,td{text-align:left;padding:.45rem .6rem;border-bottom:1px solid #eee;vertical-align:top;overflow-wrap:anywhere}
th{font-size:.8rem;text-transform:uppercase;color:#666;background:#fafafa}
.badge{display:inline-block;padding:.05rem .45rem;border-radius:9px;font-size:.8rem;background:#eee}
.succeeded,.completed{background:#dff5e3;color:#17602a}.failed{background:#fde4e1;color:#9b1c12}
.blocked,.cancelled{background:#fff1cc;color:#7a5300}.running,.pending{background:#e3ecff;color:#1d4ed8}
.muted{color:#666}.filters{display:flex;flex-wrap:wrap;gap:.4rem;margin:.4rem 0 1rem}
.filters a{padding:.2rem .6rem;border-radius:12px;background:#fff;border:1px solid #ddd;color:#333;text-decoration:none}
.filters a.on{background:#3a1f8f;color:#fff;border-color:#3a1f8f}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.3rem 1rem;background:#fff;padding:.8rem 1rem;border-radius:6px}
dl.facts dt{color:#666}dl.facts dd{margin:0;overflow-wrap:anywhere}
.player{display:grid;grid-template-columns:minmax(0,1.1fr) minmax(0,1fr);gap:1rem;align-items:start}
@media (max-width:760px){.player{grid-template-columns:1fr}th.opt,td.opt{display:none}.media{position:static}}
.media{background:#111;border-radius:8px;padding:.5rem;text-align:center;position:sticky;top:.5rem;margin:0;display:flex;flex-wrap:wrap;gap:.5rem;justify-content:center}
.media video,.media img{max-width:100%;max-height:70vh;border-radius:4px;min-width:0}
.media>*{flex:1 1 10rem}.media .pane{margin:0;display:flex;flex-direction:column;gap:.35rem;align-items:center}.media figcaption{color:#ccc;font-size:.85rem}
.parts{order:3;flex-basis:100%;display:flex;gap:.3rem;justify-content:center}.parts button{font:inherit;font-size:.8rem;border-radius:4px;border:1px solid #666;background:#222;color:#ddd}
.parts button.on{background:#ddd;color:#111}
ol.timeline{list-style:none;margin:0;padding:0}
ol.timeline li{background:#fff;border-radius:6px;margin-bottom:.4rem;padding:.5rem .7rem;border-left:4px solid #ccc;cursor:pointer}
ol.timeline li.selected{outline:2px solid #3a1f8f}ol.timeline li.performed{border-left-color:#2e9d4a}ol.timeline li.failed{border-left-color:#d93025}
ol.timeline .cmd{font-weight:600;overflow-wrap:anywhere}ol.timeline .meta{font-size:.85rem;color:#555}
.devicelog .part{background:#fff;border-radius:6px;margin-bottom:.4rem;padding:.4rem .7rem;border-left:4px solid #ccc}.devicelog .part.selected{outline:2px solid #3a1f8f}
.devicelog pre{margin:.3rem 0 0;font-size:.75rem;overflow-x:auto;white-space:pre}.devicelog .err{color:#9b1c12;font-weight:600}.devicelog .meta{font-size:.85rem;color:#555}
form.signin{max-width:28rem;margin:3rem auto;background:#fff;padding:1.4rem;border-radius:8px}
form.signin input{width:100%;padding:.5rem;font:inherit;margin:.4rem 0 .8rem}form.signin button{padding:.5rem 1rem;font:inherit}
.error{background:#fde4e1;color:#9b1c12;padding:.5rem .7rem;border-radius:4px}
ul.folders{list-style:none;padding-left:1rem}ul.folders>li{margin:.3rem 0}
`;

export interface PageOptions {
  title: string;
  /** Reload every few seconds (a run or test still running). */
  live?: boolean;
  /** An inline script, run under the page's CSP nonce. */
  script?: string;
  /** Without the navigation bar (the sign-in page). */
  bare?: boolean;
}

/** Renders a page with security headers: no framing, scripts only by nonce, no referrer leaking run URLs. */
export function page(c: Context<PageEnv>, opts: PageOptions, body: Html, status: 200 | 401 | 403 | 404 = 200) {
  const nonce = randomBytes(16).toString('base64');
  const base = pagesBase(c.var.deps.config.appUrl);
  c.header(
    'content-security-policy',
    `default-src 'self'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; ` +
      "frame-ancestors 'none'; form-action 'self'; base-uri 'none'",
  );
  c.header('x-content-type-options', 'nosniff');
  c.header('referrer-policy', 'same-origin');
  c.header('cache-control', 'no-store');
  const caller = c.get('caller') as PageEnv['Variables']['caller'] | undefined;
  const nav =
    opts.bare || !caller
      ? ''
      : html`<header>
  <a class="brand" href="${base}/runs">DeviceLab</a>
  <a href="${base}/runs">Runs</a><a href="${base}/tests">Tests</a>
  <span class="muted" style="color:#ddd">${caller.org.name}${caller.kind === 'audit' ? ' (audit key)' : ''}</span>
  <form method="post" action="${base}/sign-out"><input type="hidden" name="csrf" value="${c.get('csrf')}"><button>Sign out</button></form>
</header>`;
  return c.html(
    html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
${opts.live ? html`<meta http-equiv="refresh" content="5">` : ''}
<title>${opts.title} · DeviceLab</title><style>${STYLE}</style></head>
<body>${nav}<main>${body}</main>${opts.script ? html`<script nonce="${nonce}">${raw(opts.script)}</script>` : ''}</body></html>`,
    status,
  );
}

export const badge = (status: string) => html`<span class="badge ${status}">${status}</span>`;

export const when = (d: Date | string | null) => (d === null ? '—' : new Date(d).toISOString().replace('T', ' ').slice(0, 19) + ' UTC');

export function duration(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  return `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}

export const notFoundPage = (c: Context<PageEnv>, what: string) =>
  page(c, { title: 'Not found' }, html`<h1>Not found</h1><p>There is no ${what} here for ${c.var.caller.org.name}.</p>`, 404);
