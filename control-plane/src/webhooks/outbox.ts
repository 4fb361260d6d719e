/**
 * enqueue (outbox): the run lifecycle's events (runs/run-events.ts) arrive here inside the
 * transition's own transaction, so an event and the state change it reports commit
 * together or not at all — a crash
 * between the two cannot lose one. One statement each: the event's record as it is
 * now (the body is rendered from it at every attempt, identically), and one pending
 * delivery per active endpoint subscribed to it. Organisations without webhooks pay
 * one indexed EXISTS.
 */
import type { Sql } from '../db/index.js';
import { attemptColumns } from '../runs/attempts.js';
import type { RunEventSink } from '../runs/run-events.js';
import { runColumns } from '../runs/run-queries.js';
import { deliveriesDue } from '../wake/channels.js';
import type { WebhookEventType } from './events.js';

/** Whether the organisation (a column) has an active endpoint for the event ($2): checked before any record is read. */
const subscribed = (orgColumn: string) =>
  `EXISTS (SELECT 1 FROM webhooks w WHERE w.org_id = ${orgColumn} AND w.status = 'active' AND $2 = ANY(w.events))`;

/**
 * `subjects` selects (org_id, data) of the events of subscribed organisations; the
 * rest makes them events and deliveries. Event ids are random in SQL because one
 * statement makes many.
 */
function enqueueSql(subjects: string): string {
  return `WITH subject AS (${subjects}),
     event AS (
       INSERT INTO webhook_events (id, org_id, type, data)
       SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), s.org_id, $2, s.data
         FROM subject s
       RETURNING id, org_id)
     INSERT INTO webhook_deliveries (webhook_id, event_id)
     SELECT w.id, e.id FROM event e JOIN webhooks w ON w.org_id = e.org_id AND w.status = 'active' AND $2 = ANY(w.events)
     RETURNING event_id`;
}

async function enqueue(tx: Sql, type: WebhookEventType, subjects: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await tx.query(enqueueSql(subjects), [[...new Set(ids)], type]);
  if (rows.length > 0) await deliveriesDue.publishInTransaction(tx, {});
}

/**
 * `test.finished` for attempts that have their verdict. Tests stopped because their
 * run was cancelled are left out: the run's own event says it was cancelled.
 */
async function enqueueTestsFinished(tx: Sql, attemptIds: readonly string[]): Promise<void> {
  await enqueue(
    tx,
    'test.finished',
    `
    SELECT a.org_id, to_jsonb(t) AS data
      FROM attempts a JOIN runs r ON r.id = a.run_id CROSS JOIN LATERAL (SELECT ${attemptColumns}) t
     WHERE a.id = ANY($1::text[]) AND a.status IN ('succeeded', 'failed', 'blocked') AND r.status <> 'cancelled'
       AND ${subscribed('a.org_id')}`,
    attemptIds,
  );
}

/** `run.completed` for runs that ended (completed or cancelled): the run, its tests and its build's CI provenance. */
async function enqueueRunsEnded(tx: Sql, runIds: readonly string[]): Promise<void> {
  await enqueue(
    tx,
    'run.completed',
    `
    SELECT r.org_id, jsonb_build_object(
             'run', to_jsonb(run),
             'tests', COALESCE((SELECT jsonb_agg(to_jsonb(t) ORDER BY t.position)
                                  FROM (SELECT ${attemptColumns} FROM attempts a WHERE a.run_id = r.id) t), '[]'::jsonb),
             'ci', b.ci) AS data
      FROM runs r CROSS JOIN LATERAL (SELECT ${runColumns}) run
      LEFT JOIN builds b ON b.id = r.build_id AND b.org_id = r.org_id
     WHERE r.id = ANY($1::text[]) AND r.status IN ('completed', 'cancelled')
       AND ${subscribed('r.org_id')}`,
    runIds,
  );
}

/** The outbox as the run lifecycle's listener (subscribed in services.ts). */
export const webhookOutbox: RunEventSink = { testsFinished: enqueueTestsFinished, runsEnded: enqueueRunsEnded };
