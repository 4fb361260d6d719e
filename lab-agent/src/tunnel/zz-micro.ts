// micro: client CPU per MiB receiving 65,544-byte ws frames, old vs new large reads (throwaway)
import { fork } from 'node:child_process';
import WebSocket, { WebSocketServer } from 'ws';
const role = process.argv[2];
if (role === 'server') {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  wss.on('listening', () => process.send!((wss.address() as { port: number }).port));
  const frame = Buffer.alloc(65_540, 1);
  wss.on('connection', (ws) => {
    let sent = 0;
    const more = () => {
      while (sent < 2048) { // 128 MiB
        sent++;
        ws.send(frame, { binary: true });
        if (ws.bufferedAmount > 4 * 1024 * 1024) return void setTimeout(more, 0);
      }
      ws.close();
    };
    more();
  });
} else {
  const which = role as 'old' | 'new';
  const { connectWithLargeReads } = await import(which === 'old' ? './zz-lr-old.ts' : './large-reads.ts');
  for (let round = 0; round < 3; round++) {
    const server = fork(process.argv[1]!, ['server'], { execArgv: process.execArgv });
    const port: number = await new Promise((r) => server.once('message', r as (p: unknown) => void));
    const ws = new WebSocket(`ws://127.0.0.1:${port}/`, { perMessageDeflate: false, createConnection: connectWithLargeReads });
    let bytes = 0, joined = 0;
    const t0 = process.cpuUsage(); const w0 = performance.now();
    ws.on('message', (d: Buffer) => { bytes += d.length; if (d.buffer.byteLength === d.length) joined++; });
    await new Promise((r) => ws.on('close', r));
    const c = process.cpuUsage(t0); const mib = bytes / 1048576;
    console.log(`${which} round ${round}: ${((c.user) / 1000 / mib).toFixed(3)} user + ${((c.system) / 1000 / mib).toFixed(3)} sys ms/MiB, ${(mib / ((performance.now() - w0) / 1000)).toFixed(0)} MiB/s, joined ${joined}`);
    server.kill();
  }
}
