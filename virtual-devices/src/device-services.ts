/**
 * Services a client opens on a device once host:transport has bound the connection to
 * it (SERVICES.TXT): shell:/exec: (raw output, then the connection closes; with the v1
 * shell protocol there is no exit status), sync:, reboot:, root:, reverse:forward/killforward/
 * list-forward (recorded in device.reverses; the device's network uses them, device-network.ts). Anything else fails
 * the way the real server reports a service adbd refused.
 */
import type { Socket } from 'node:net';
import { encodeValue, fail, okay, type SocketReader } from './adb-protocol.js';
import { runSyncSession } from './sync.js';
import type { VirtualDevice } from './virtual-device.js';

export async function serveDeviceService(request: string, device: VirtualDevice, socket: Socket, reader: SocketReader): Promise<void> {
  const shell = /^(shell|exec)(,[^:]*)?:([\s\S]*)$/.exec(request);
  if (shell) {
    // We advertise no shell_v2 feature, so clients must not ask for the packet protocol.
    if ((shell[2] ?? '').split(',').includes('v2')) return void socket.end(fail('closed'));
    socket.write(okay());
    const command = shell[3]!;
    if (command.trim() === '') await interactiveShell(device, socket, reader);
    else await runCommand(device, socket, command);
    return void socket.end();
  }
  switch (request.split(':')[0]) {
    case 'sync':
      socket.write(okay());
      return runSyncSession(reader, socket, device.fs);
    case 'reboot':
      // Only once OKAY is flushed: rebooting drops the device's connections, this one included.
      socket.end(okay(), () => device.reboot());
      return;
    case 'root':
      socket.end(Buffer.concat([okay(), Buffer.from('adbd cannot run as root in production builds\n')]));
      return;
    case 'reverse':
      return reverse(request, device, socket);
    case 'remount':
      socket.end(Buffer.concat([okay(), Buffer.from('Not running as root. Try "adb root" first.\n')]));
      return;
    default:
      socket.end(fail('closed'));
  }
}

/** `adb reverse`: forward a device port to a port on the adb server's machine (tcp only), or remove it. */
function reverse(request: string, device: VirtualDevice, socket: Socket): void {
  const forward = /^reverse:forward(?::norebind)?:tcp:(\d+);tcp:(\d+)$/.exec(request);
  if (forward) {
    device.reverses.set(Number(forward[1]), Number(forward[2]));
    return void socket.end(Buffer.concat([okay(), okay()]));
  }
  const remove = /^reverse:killforward:tcp:(\d+)$/.exec(request);
  if (remove) {
    if (!device.reverses.delete(Number(remove[1]))) return void socket.end(Buffer.concat([okay(), fail(`listener 'tcp:${remove[1]}' not found`)]));
    return void socket.end(Buffer.concat([okay(), okay()]));
  }
  if (request === 'reverse:list-forward') {
    // adbd's format_listeners: "<its transport> <device side> <host side>" per line; USB is "UsbFfs".
    const lines = [...device.reverses].map(([remote, local]) => `UsbFfs tcp:${remote} tcp:${local}\n`).join('');
    return void socket.end(Buffer.concat([okay(), encodeValue(lines)]));
  }
  if (request === 'reverse:killforward-all') {
    device.reverses.clear();
    return void socket.end(Buffer.concat([okay(), okay()]));
  }
  socket.end(fail(`unsupported reverse request: ${request}`));
}

async function runCommand(device: VirtualDevice, socket: Socket, command: string): Promise<void> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  // The client hanging up (adbkit ends the stream, Ctrl-C) stops long runners like screenrecord.
  socket.once('close', abort);
  socket.once('end', abort);
  try {
    await device.runShell(command, (chunk) => void (socket.writable && socket.write(chunk)), controller.signal);
  } catch (err) {
    if (socket.writable) socket.write(`/system/bin/sh: ${err instanceof Error ? err.message : String(err)}\n`);
  } finally {
    socket.off('close', abort);
    socket.off('end', abort);
  }
}

/** `adb shell` with no command and no PTY: each line read is run; no prompt is printed. */
async function interactiveShell(device: VirtualDevice, socket: Socket, reader: SocketReader): Promise<void> {
  let pending = '';
  for (let chunk = await reader.readSome(); chunk; chunk = await reader.readSome()) {
    pending += chunk.toString('utf8');
    let newline: number;
    while ((newline = pending.indexOf('\n')) >= 0) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      if (line.trim() === 'exit') return;
      await runCommand(device, socket, line);
    }
  }
}
