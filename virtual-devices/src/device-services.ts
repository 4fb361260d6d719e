/**
 * Services a client opens on a device (SERVICES.TXT), the same for both front doors: the
 * in-agent fake adb server (after host:transport) and the adbd front door real adb servers
 * connect to (adbd-server.ts). Each service runs over a ServiceChannel: a byte stream plus
 * how the front door tells the client "opened" or "refused".
 *
 *   shell:CMD / exec:CMD      raw output, stdin raw; the connection closes at the end (no exit status)
 *   shell,v2[,raw|pty]:CMD    the shell protocol: stdout, stderr and the exit status as packets (shell-protocol.ts)
 *   abb_exec:SVC\0ARGS        `cmd SVC ARGS` raw (adb install streams the APK so), abb: with shell packets
 *   sync:                     file transfer (sync.ts)
 *   reverse:...               adb reverse (forward, killforward, killforward-all, list-forward)
 *   tcp:PORT                  a connection to a device port (adb forward), when something listens there
 *   reboot:, root:, remount:
 * Anything else is refused, as adbd refuses an unknown service.
 */
import type { Duplex } from 'node:stream';
import { encodeValue, fail, okay, type SocketReader } from './adb-protocol.js';
import type { HostLink } from './device-ports.js';
import { runShellProtocol } from './shell-protocol.js';
import { runSyncSession } from './sync.js';
import type { VirtualDevice } from './virtual-device.js';

export interface ServiceChannel {
  /** Bytes from the client arrive here; what the service writes goes to the client. */
  stream: Duplex;
  reader: SocketReader;
  /** The service exists and runs: the fake server answers OKAY, adbd sends an OKAY packet. */
  accept(): void;
  /** No such service: the fake server answers FAIL with the message, adbd closes the stream (the client sees "closed"). */
  refuse(message: string): void;
  /** The transport this service came over, back to the adb server: where a reversed port's connections go. */
  host: HostLink;
}

export async function serveDeviceService(request: string, device: VirtualDevice, channel: ServiceChannel): Promise<void> {
  const { stream } = channel;
  const shell = /^(shell|exec)(,[^:]*)?:([\s\S]*)$/.exec(request);
  if (shell) {
    channel.accept();
    const command = shell[3]!;
    const options = (shell[2] ?? '').split(',');
    if (shell[1] === 'shell' && options.includes('v2')) return runShellProtocol(device, channel, command);
    if (command.trim() === '') await interactiveShell(device, channel);
    else await runRaw(device, channel, command);
    return void stream.end();
  }
  const abb = /^(abb|abb_exec):([\s\S]*)$/.exec(request);
  if (abb) {
    // adb sends the arguments of `cmd` separated by NUL; quoting them keeps them whole.
    const command = ['cmd', ...abb[2]!.split('\0')].map(quote).join(' ');
    channel.accept();
    if (abb[1] === 'abb') return runShellProtocol(device, channel, command);
    await runRaw(device, channel, command);
    return void stream.end();
  }
  const tcp = /^tcp:(?:localhost:|127\.0\.0\.1:)?(\d+)$/.exec(request);
  if (tcp) return connectDevicePort(device, channel, Number(tcp[1]));
  switch (request.split(':')[0]) {
    case 'sync':
      channel.accept();
      return runSyncSession(channel.reader, stream, device.fs, (path) => device.faults.storageFull && path.startsWith('/data/'));
    case 'reboot':
      channel.accept();
      // Only once the answer is flushed: rebooting drops the device's connections, this one included.
      stream.end(() => device.reboot());
      return;
    case 'root':
      channel.accept();
      stream.end(Buffer.from('adbd cannot run as root in production builds\n'));
      return;
    case 'reverse':
      return reverse(request, device, channel);
    case 'remount':
      channel.accept();
      stream.end(Buffer.from('Not running as root. Try "adb root" first.\n'));
      return;
    default:
      channel.refuse('closed');
  }
}

function quote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

/**
 * `adb reverse`: a device port forwarded to a port on the adb server's machine (tcp only),
 * over the transport the request came over (device-ports.ts). adbd answers these itself,
 * inside the opened stream: OKAY, or FAIL with a message.
 */
function reverse(request: string, device: VirtualDevice, channel: ServiceChannel): void {
  channel.accept();
  const { stream } = channel;
  const forward = /^reverse:forward(:norebind)?:tcp:(\d+);tcp:(\d+)$/.exec(request);
  if (forward) {
    const remote = Number(forward[2]);
    if (forward[1] && device.reverses.has(remote)) return void stream.end(fail(`cannot rebind existing socket`));
    // A "tcp:0" device side picks a free port, and adbd answers which.
    const port = remote === 0 ? freeDevicePort(device) : remote;
    device.ports.addReverse(port, Number(forward[3]), channel.host);
    return void stream.end(Buffer.concat([okay(), ...(remote === 0 ? [encodeValue(String(port))] : [])]));
  }
  const remove = /^reverse:killforward:tcp:(\d+)$/.exec(request);
  if (remove) {
    if (!device.ports.removeReverse(Number(remove[1]))) return void stream.end(fail(`listener 'tcp:${remove[1]}' not found`));
    return void stream.end(okay());
  }
  if (request === 'reverse:list-forward') {
    // adbd's format_listeners: "<transport> <device side> <host side>" per line.
    const lines = [...device.reverses]
      .map(([remote, local]) => `${device.ports.linkName(remote) ?? channel.host.name} tcp:${remote} tcp:${local}\n`)
      .join('');
    return void stream.end(encodeValue(lines)); // adbd sends the list alone; only the host side adds an OKAY
  }
  if (request === 'reverse:killforward-all') {
    device.ports.clearReverses();
    return void stream.end(okay());
  }
  stream.end(fail(`unsupported reverse request: ${request}`));
}

function freeDevicePort(device: VirtualDevice): number {
  for (let port = 40_000; ; port += 1) if (!device.reverses.has(port) && !device.portListeners.has(port)) return port;
}

/** `tcp:PORT`: what `adb forward` opens per connection. Nothing listening there: the stream closes, as adbd's connect fails. */
function connectDevicePort(device: VirtualDevice, channel: ServiceChannel, port: number): void {
  const listener = device.portListeners.get(port);
  if (!listener) return channel.refuse(`connect to device port ${port} failed: Connection refused`);
  channel.accept();
  listener(channel.stream);
}

/** shell:/exec: with a command: stdout and stderr raw on the one stream, stdin raw from it. */
async function runRaw(device: VirtualDevice, channel: ServiceChannel, command: string): Promise<void> {
  const { stream } = channel;
  const controller = new AbortController();
  const abort = () => controller.abort();
  // The client hanging up (adbkit ends the stream, Ctrl-C) stops long runners like screenrecord and logcat.
  stream.once('close', abort);
  stream.once('end', abort);
  const write = (chunk: Buffer) => void (stream.writable && stream.write(chunk));
  try {
    await device.runShell(command, { stdout: write, stderr: write, input: () => channel.reader.readSome() }, controller.signal);
  } catch (err) {
    if (stream.writable) stream.write(`/system/bin/sh: ${err instanceof Error ? err.message : String(err)}\n`);
  } finally {
    stream.off('close', abort);
    stream.off('end', abort);
  }
}

/** `adb shell` with no command and no PTY over the v1 protocol: each line read is run; no prompt is printed. */
async function interactiveShell(device: VirtualDevice, channel: ServiceChannel): Promise<void> {
  let pending = '';
  for (let chunk = await channel.reader.readSome(); chunk; chunk = await channel.reader.readSome()) {
    pending += chunk.toString('utf8');
    let newline: number;
    while ((newline = pending.indexOf('\n')) >= 0) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      if (line.trim() === 'exit') return;
      await runRaw(device, channel, line);
    }
  }
}
