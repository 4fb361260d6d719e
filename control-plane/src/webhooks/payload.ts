/**
 * The body of a delivery, rendered from the event's record (outbox.ts) with the
 * views the API uses: `run.completed` carries what GET /runs/{run_id} answers,
 * `test.finished` a result entry of that run plus `runId`. The envelope is Standard
 * Webhooks' `{type, timestamp, data}`, with the time of the event (not of the attempt),
 * so every retry sends the same bytes.
 */
import type { Config } from '../config.js';
import type { AttemptRecord } from '../runs/attempts.js';
import type { RunRecord } from '../runs/run-queries.js';
import { resultEntry, runView } from '../runs/views.js';
import type { WebhookEventType } from './events.js';

type Urls = Pick<Config, 'baseUrl' | 'appUrl'>;

/** What outbox.ts stores; timestamps arrive as JSON strings, which the views accept. */
interface RunEnded {
  run: RunRecord;
  tests: AttemptRecord[];
  ci: Record<string, unknown> | null;
}

export interface EventToSend {
  eventType: WebhookEventType;
  data: unknown;
  occurredAt: Date;
}

export function renderBody(urls: Urls, e: EventToSend): string {
  return JSON.stringify({ type: e.eventType, timestamp: new Date(e.occurredAt).toISOString(), data: renderData(urls, e) });
}

function renderData(urls: Urls, e: EventToSend): unknown {
  switch (e.eventType) {
    case 'run.completed': {
      const { run, tests, ci } = e.data as RunEnded;
      const cis = new Map(run.buildId !== null && ci !== null ? [[run.buildId, ci]] : []);
      return runView(urls, run, tests, cis);
    }
    case 'test.finished': {
      const attempt = e.data as AttemptRecord;
      return { runId: attempt.runId, ...resultEntry(urls, attempt.orgId, attempt) };
    }
  }
}
