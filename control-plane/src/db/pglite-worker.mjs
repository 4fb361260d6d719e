// The embedded database's own thread. PGlite's WASM heap (hundreds of MB) lives in
// this worker's V8 isolate, not the HTTP server's, and its queries run here instead
// of blocking the server's event loop. Plain JavaScript so that it needs no loader,
// whoever starts it (tsx, vitest, node). Protocol: see the types in pglite.ts.
import { mkdirSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const dataDir = workerData?.dataDir;
if (dataDir) mkdirSync(dataDir, { recursive: true });
const ready = PGlite.create(dataDir);

parentPort.on('message', async (req) => {
  let reply;
  try {
    const pg = await ready;
    if (req.op === 'close') {
      await pg.close();
      reply = { id: req.id, rows: [] };
    } else {
      reply = { id: req.id, rows: (await pg.query(req.text, req.params)).rows };
    }
  } catch (e) {
    reply = { id: req.id, error: { message: e?.message ?? String(e), code: e?.code } };
  }
  parentPort.postMessage(reply);
});
