/**
 * GET {app}/recording/{run_id}/runs/{test_id}: the test's recording beside its step
 * timeline. Selecting a step shows its screenshot and seeks the video to when the step
 * began. The recording starts just before the first step, so a step's position is its
 * time since the first step's (approximate by the capture of the first screen).
 * Also the recording's bytes and the steps' screenshots, for this page only.
 */
import type { Hono } from 'hono';
import { html } from 'hono/html';
import { waitingReasons } from '../queries/devices.js';
import { listSteps, type StepRecord } from '../queries/sessions.js';
import { type DeviceLogPart, type DeviceLogRead, readDeviceLog, splitByStep } from '../recordings/device-log.js';
import { isAnimatedImage, isRecordingOf, partKey } from '../recordings/formats.js';
import { findArtifact } from '../recordings/queries.js';
import { countParts, sendRecording } from '../routes/recordings.js';
import { findAttemptOfTest, findStepScreenshot } from '../runs/attempts.js';
import { publicTestStatus } from '../runs/views.js';
import { badge, duration, notFoundPage, page } from './layout.js';
import { recordingPath } from './run-page.js';
import type { PageEnv } from './session.js';

/** How long each part of a recording in parts is: Android's screenrecord limit (lab-agent's android.ts). */
const SCREENRECORD_PART_SECONDS = 180;

const DECISION: Record<StepRecord['kind'], string> = { ai: 'AI', cached: 'cached', deterministic: 'deterministic', code: 'code' };

/**
 * Selecting a step: its screenshot beside the player, the video at the step's moment.
 * A recording in parts (each PART_SECONDS long but the last) plays them in turn.
 */
const SCRIPT = `
const player = document.getElementById('recording');
const video = player && player.tagName === 'VIDEO' ? player : null;
const shot = document.getElementById('shot');
const caption = document.getElementById('shot-caption');
const parts = player ? Number(player.dataset.parts) : 0;
const partSeconds = ${SCREENRECORD_PART_SECONDS};
let part = 0;
function show(n, at) {
  if (n !== part) { part = n; player.src = player.dataset.base + (n ? '?part=' + n : ''); }
  document.querySelectorAll('.parts button').forEach((b, i) => b.classList.toggle('on', i === n));
  if (video && at !== undefined) {
    const seek = () => { video.currentTime = at; };
    if (video.readyState > 0) seek(); else video.addEventListener('loadedmetadata', seek, { once: true });
  }
}
if (video) video.addEventListener('ended', () => { if (part + 1 < parts) { show(part + 1, 0); video.play(); } });
document.querySelectorAll('.parts button').forEach((b, i) => b.addEventListener('click', () => show(i)));
function select(li) {
  document.querySelectorAll('ol.timeline li.selected').forEach((x) => x.classList.remove('selected'));
  li.classList.add('selected');
  if (li.dataset.shot) { shot.src = li.dataset.shot; shot.hidden = false; } else { shot.hidden = true; }
  caption.textContent = 'Screenshot of step ' + li.dataset.label;
  document.querySelectorAll('.devicelog .part.selected').forEach((x) => x.classList.remove('selected'));
  const logPart = document.querySelector('.devicelog .part[data-step="' + li.dataset.step + '"]');
  if (logPart) { logPart.classList.add('selected'); logPart.scrollIntoView({ block: 'nearest' }); }
  const at = Number(li.dataset.at);
  if (player && Number.isFinite(at)) {
    const n = Math.min(parts - 1, Math.floor(at / partSeconds));
    show(n, video ? at - n * partSeconds : undefined);
  }
}
document.querySelectorAll('ol.timeline li').forEach((li) => {
  li.addEventListener('click', () => select(li));
  li.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); select(li); } });
});
`;

/** A lab agent's wait before the step was decided (docs/steps-and-waits.md); nothing for SDK steps. */
function waited(s: StepRecord): string {
  if (s.waitedMs === null) return '';
  const settled = s.screenSettled === false ? ' (it never settled)' : '';
  return `waited ${(Number(s.waitedMs) / 1000).toFixed(1)} s for the screen${settled} + `;
}

/**
 * The device log beside the timeline: cut where each step began (selecting a step shows
 * its part), error lines and the crash that failed the test marked.
 */
function deviceLogSection(read: DeviceLogRead, href: string, statusMessage: string | null, commandOf: (step: number) => string | null) {
  const log = read.text;
  if (log === null)
    return html`<section class="devicelog"><h2>Device log</h2><p class="muted">${
      read.uploading
        ? 'The device log is still uploading from the lab agent (the verdict came first); it appears here when it lands.'
        : read.missing
          ? `The device log is missing: ${read.missing}.`
          : 'No device log was captured for this test.'
    }</p></section>`;
  const crashed = statusMessage?.startsWith('The app crashed: ') ?? false;
  const line = (l: string) => {
    const error = /^\S+ \S+\s+\d+\s+\d+ [EF] /.test(l);
    return html`<div class="${error ? 'err' : ''}">${l}</div>`;
  };
  const part = (p: DeviceLogPart) => html`<div class="part" data-step="${p.step ?? ''}">
  <div class="meta">${p.step === null ? 'Before the first step (install, launch)' : `Step ${p.step + 1}${commandOf(p.step) ? `: ${commandOf(p.step)}` : ''}`}</div>
  <pre>${p.lines.map(line)}</pre>
</div>`;
  return html`<section class="devicelog"><h2>Device log</h2>
  <p class="muted">${crashed ? 'The app crashed: the crash is in red below. ' : ''}<a href="${href}">The whole log as text</a></p>
  ${splitByStep(log).map(part)}
</section>`;
}

export function recordingPage(app: Hono<PageEnv>, base: string) {
  app.get('/recording/:runId/runs/:testId', async (c) => {
    const { db } = c.var.deps;
    const orgId = c.var.caller.org.id;
    const { runId, testId } = c.req.param();
    const attempt = await findAttemptOfTest(db, orgId, runId, testId);
    if (!attempt) return notFoundPage(c, 'test in this run');
    const [steps, recording, log] = await Promise.all([
      attempt.sessionId === null ? [] : listSteps(db, attempt.sessionId),
      findArtifact(db, orgId, runId, testId, 'recording'),
      readDeviceLog(c.var.deps, orgId, runId, testId),
    ]);
    const expiredAt = recording?.expiredAt ?? null;
    const key = expiredAt === null ? (recording?.key ?? null) : null;
    const playable = key !== null && isRecordingOf(key, orgId, runId);
    const parts = playable ? await countParts(c.var.deps.storage, key) : 0;
    const waiting = attempt.status === 'pending' ? ((await waitingReasons(db, orgId, [attempt])).get(attempt.id) ?? null) : null;
    const here = recordingPath(base, runId, testId);
    const first = steps[0] ? new Date(steps[0].createdAt).getTime() - Number(steps[0].durationMs) : 0;
    const finished = ['succeeded', 'failed', 'blocked'].includes(attempt.status);
    const source = { id: 'recording', src: `${here}/video`, 'data-base': `${here}/video`, 'data-parts': String(parts) };
    const partButtons =
      parts > 1
        ? html`<div class="parts">${Array.from({ length: parts }, (_, n) => html`<button type="button" class="${n === 0 ? 'on' : ''}">Part ${n + 1}</button>`)}</div>`
        : '';
    const media = playable
      ? isAnimatedImage(key)
        ? html`<img id="${source.id}" src="${source.src}" data-base="${source['data-base']}" data-parts="${source['data-parts']}" alt="Recording of the test">${partButtons}`
        : html`<video id="${source.id}" src="${source.src}" data-base="${source['data-base']}" data-parts="${source['data-parts']}" controls preload="metadata" playsinline></video>${partButtons}`
      : html`<p class="muted" style="color:#ccc">${
          expiredAt
            ? `The recording expired: it was deleted on ${new Date(expiredAt).toISOString().slice(0, 10)} under the lab's retention period (ARTIFACT_RETENTION_DAYS).`
            : recording?.uploading
              ? 'The test has finished; its recording is still uploading from the lab agent and appears here when it lands.'
              : recording?.missing
                ? `The recording is missing: ${recording.missing}.`
                : finished
                  ? 'No recording was made of this test.'
                  : 'The recording appears when the test has finished.'
        }</p>`;
    const step = (s: StepRecord, i: number) => {
      const at = Math.max(0, (new Date(s.createdAt).getTime() - Number(s.durationMs) - first) / 1000);
      const device = s.deviceOutcome ?? (attempt.deviceLabel ? 'pending' : null);
      return html`<li tabindex="0" class="${s.deviceOutcome ?? ''}" data-at="${at.toFixed(2)}" data-step="${s.stepIndex ?? ''}" data-label="${`${i + 1}. ${s.command}`}"
    data-shot="${s.screenshot ? `${here}/screenshots/${s.seq}` : ''}">
  <div class="cmd">${i + 1}. ${s.command}</div>
  <div class="meta">${DECISION[s.kind]} · ${s.outcome}${device ? ` · device: ${device}` : ''} · ${waited(s)}${Math.round(Number(s.durationMs))} ms to decide${s.deviceMs === null ? '' : ` + ${Math.round(Number(s.deviceMs))} ms on the device`}</div>
  ${s.reason ? html`<div class="meta">${s.reason}</div>` : ''}
  ${s.deviceError && !(s.reason ?? '').includes(s.deviceError) ? html`<div class="meta" style="color:#9b1c12">${s.deviceError}</div>` : ''}
</li>`;
    };
    // A failure one of the steps below explains is pointed at, not repeated (it used to show twice).
    const failedAt = steps.findIndex((s) => [s.deviceError, s.reason].some((r) => r && attempt.statusMessage?.includes(r)));
    const statusMessage =
      attempt.status === 'pending' && waiting ? waiting : failedAt >= 0 ? `failed at step ${failedAt + 1}, below` : attempt.statusMessage;
    return page(
      c,
      { title: attempt.title, live: !finished || (recording?.uploading ?? false) || log.uploading, script: SCRIPT },
      html`
<p><a href="${base}/runs/${encodeURIComponent(runId)}">← Run ${runId}</a></p>
<h1>${attempt.title} ${badge(publicTestStatus(attempt.status))}</h1>
<p class="muted">${attempt.deviceLabel ?? 'no device yet'} · ${duration(attempt.durationSeconds)}${statusMessage ? html` · <span>${statusMessage}</span>` : ''}</p>
<div class="player">
  <div class="media">
    <figure class="pane"><figcaption>Recording of the test</figcaption>${media}</figure>
    <figure class="pane"><figcaption id="shot-caption">${steps.length ? 'Screenshot of a step: select one' : 'No step screenshots'}</figcaption>
      <img id="shot" class="shot" alt="Screenshot of the selected step" hidden></figure>
  </div>
  <section><h2>Steps (${steps.length})</h2>
    ${steps.length ? html`<ol class="timeline">${steps.map(step)}</ol>` : html`<p class="muted">No steps yet.</p>`}
  </section>
</div>
${deviceLogSection(log, `${here}/device-log`, attempt.statusMessage, (i) => steps.find((s) => s.stepIndex === i)?.command ?? null)}`,
    );
  });

  app.get('/recording/:runId/runs/:testId/video', async (c) => {
    const orgId = c.var.caller.org.id;
    const { runId, testId } = c.req.param();
    const recording = await findArtifact(c.var.deps.db, orgId, runId, testId, 'recording');
    if (recording?.expiredAt) return c.text('the recording expired (ARTIFACT_RETENTION_DAYS)', 410);
    if (recording?.uploading) return c.text('the recording is still uploading from the lab agent', 404);
    const key = recording?.key ?? null;
    const part = /^\d{1,2}$/.test(c.req.query('part') ?? '') ? Number(c.req.query('part')) : 0;
    const sent = key !== null && isRecordingOf(key, orgId, runId) ? await sendRecording(c, partKey(key, part)) : null;
    return sent ?? c.text('no recording', 404);
  });

  app.get('/recording/:runId/runs/:testId/device-log', async (c) => {
    const { runId, testId } = c.req.param();
    const { text, uploading } = await readDeviceLog(c.var.deps, c.var.caller.org.id, runId, testId);
    if (text === null) return c.text(uploading ? 'the device log is still uploading from the lab agent' : 'no device log', 404);
    return c.text(text, 200, { 'cache-control': 'private, max-age=3600', 'x-content-type-options': 'nosniff' });
  });

  app.get('/recording/:runId/runs/:testId/screenshots/:seq{[0-9]{1,9}}', async (c) => {
    const { runId, testId, seq } = c.req.param();
    const { db, storage } = c.var.deps;
    const key = await findStepScreenshot(db, c.var.caller.org.id, runId, testId, Number(seq));
    const png = key === null ? null : await storage.get(key);
    if (!png) return c.text('no screenshot', 404);
    return c.body(new Uint8Array(png), 200, {
      'content-type': 'image/png',
      'cache-control': 'private, max-age=86400',
      'x-content-type-options': 'nosniff',
    });
  });
}
