/**
 * The adb server's own ("host") services (SERVICES.TXT), with the replies and error
 * messages of adb 1.0.41: host:version, host:devices(-l), host:track-devices,
 * host:transport*, host:tport*, host:features, host-serial:<serial>:<request>,
 * wait-for-*, and forward / killforward / list-forward (host-forwards.ts). A host request is answered and the connection closed, except transports
 * (the connection then carries a device service) and trackers (kept open for updates).
 */
import type { Socket } from 'node:net';
import { encodeValue, fail, okay } from './adb-protocol.js';
import { DEVICE_FEATURES } from './adbd-server.js';
import type { HostForwards } from './host-forwards.js';
import type { VirtualDevice } from './virtual-device.js';

export const ADB_SERVER_VERSION = 41;
/** The server's own features (host:host-features), as adb 1.0.41's. */
export const HOST_FEATURES =
  'shell_v2,cmd,stat_v2,ls_v2,fixed_push_mkdir,apex,abb,fixed_push_symlink_timestamp,abb_exec,remount_shell,track_app';

export interface HostRegistry {
  /** Devices the server knows that are not disconnected, in order of arrival. */
  attached(): VirtualDevice[];
  transportId(device: VirtualDevice): number;
  /** Called after any device list change; returns an unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** `adb forward` listeners. */
  readonly forwards: HostForwards;
}

/** What to do with the connection after a host request. */
export type HostOutcome = { kind: 'closed' } | { kind: 'open' } | { kind: 'transport'; device: VirtualDevice };

type Pick = { device: VirtualDevice } | { error: string };

function pickDevice(registry: HostRegistry, selector: string): Pick {
  const devices = registry.attached();
  let candidates: VirtualDevice[];
  if (selector === 'any' || selector === 'usb') candidates = devices;
  else if (selector === 'local') candidates = [];
  else if (selector.startsWith('id:')) candidates = devices.filter((d) => String(registry.transportId(d)) === selector.slice(3));
  else candidates = devices.filter((d) => d.serial === selector.slice('serial:'.length));
  const [device] = candidates;
  if (!device) {
    if (selector.startsWith('serial:')) return { error: `device '${selector.slice(7)}' not found` };
    if (selector.startsWith('id:')) return { error: `no device with transport id '${selector.slice(3)}'` };
    return { error: selector === 'local' ? 'no emulators found' : 'no devices/emulators found' };
  }
  if (candidates.length > 1) return { error: 'more than one device/emulator' };
  if (device.state === 'unauthorized')
    return {
      error:
        "device unauthorized.\nThis adb server's $ADB_VENDOR_KEYS is not set\nTry 'adb kill-server' if that seems wrong.\nOtherwise check for a confirmation dialog on your device.",
    };
  if (!device.online) return { error: 'device offline' };
  return { device };
}

export function deviceListText(registry: HostRegistry, long: boolean): string {
  return registry
    .attached()
    .map((d) => {
      const state = d.online ? 'device' : d.state === 'unauthorized' ? 'unauthorized' : 'offline';
      if (!long) return `${d.serial}\t${state}\n`;
      const prop = (k: string) => (d.properties.get(k) ?? '').replace(/\s+/g, '_');
      const id = registry.transportId(d);
      return `${d.serial.padEnd(22)} ${state} usb:${id}-1 product:${prop('ro.product.name')} model:${prop('ro.product.model')} device:${prop('ro.product.device')} transport_id:${id}\n`;
    })
    .join('');
}

/** host:track-devices: the list now and after every change, until the client hangs up. */
function trackDevices(registry: HostRegistry, socket: Socket, long: boolean): HostOutcome {
  let last: string | null = null;
  const send = () => {
    const text = deviceListText(registry, long);
    if (text === last || !socket.writable) return;
    last = text;
    socket.write(encodeValue(text));
  };
  socket.write(okay());
  send();
  const unsubscribe = registry.subscribe(send);
  socket.once('close', unsubscribe);
  return { kind: 'open' };
}

/** `<selector>:<request>` requests about one device (host-serial:, host-transport-id:, host: with transport-any). */
function deviceRequest(registry: HostRegistry, socket: Socket, selector: string, request: string): HostOutcome {
  if (request.startsWith('wait-for-')) return waitFor(registry, socket, selector, request);
  const picked = pickDevice(registry, selector);
  if ('error' in picked) return closeWith(socket, fail(picked.error));
  const d = picked.device;
  switch (request) {
    case 'get-state':
      return closeWith(socket, okay('device'));
    case 'get-serialno':
      return closeWith(socket, okay(d.serial));
    case 'get-devpath':
      return closeWith(socket, okay(`usb:${registry.transportId(d)}-1`));
    case 'features':
      // A device's features are what its adbd announced (the adbd front door's CNXN banner): the same services back both.
      return closeWith(socket, okay(DEVICE_FEATURES.join(',')));
    default:
      return closeWith(socket, fail(`unknown host service '${request}'`));
  }
}

/** The device selector of a host request's prefix (host, host-usb, host-serial:S, host-transport-id:N). */
function selectorOf(prefix: string): string {
  if (prefix === 'host') return 'any';
  if (prefix === 'host-usb' || prefix === 'host-local') return prefix.slice(5);
  if (prefix.startsWith('host-serial:')) return `serial:${prefix.slice(12)}`;
  return `id:${prefix.slice('host-transport-id:'.length)}`;
}

/**
 * forward / killforward / killforward-all / list-forward, answered as adb 1.0.41 does: on
 * the host a success is two OKAYs (connected, then done); the lists and killforward-all
 * cover every device, whatever the prefix named.
 */
function forwardRequest(registry: HostRegistry, socket: Socket, selector: string, request: string): HostOutcome {
  const { forwards } = registry;
  if (request === 'list-forward') return closeWith(socket, okay(forwards.list()));
  if (request === 'killforward-all') {
    forwards.removeAll();
    return closeWith(socket, Buffer.concat([okay(), okay()]));
  }
  const picked = pickDevice(registry, selector);
  // adb 1.0.41 answers an unknown device here with an empty FAIL (its CLI asks for the device first).
  if ('error' in picked) return closeWith(socket, fail(''));
  if (request.startsWith('killforward:')) {
    const local = request.slice('killforward:'.length);
    return closeWith(socket, forwards.remove(local) ? Buffer.concat([okay(), okay()]) : fail(`listener '${local}' not found`));
  }
  const spec = request.slice('forward:'.length);
  const noRebind = spec.startsWith('norebind:');
  void forwards.add(picked.device, noRebind ? spec.slice('norebind:'.length) : spec, noRebind).then((result) => {
    if ('error' in result) return void socket.end(fail(result.error));
    socket.end(Buffer.concat([okay(), okay(), ...(result.port === undefined ? [] : [encodeValue(String(result.port))])]));
  });
  return { kind: 'open' };
}

/** wait-for-<transport>-<state>: OKAY now, a second OKAY once a matching device is online. */
function waitFor(registry: HostRegistry, socket: Socket, selector: string, request: string): HostOutcome {
  const state = request.split('-').pop();
  if (state !== 'device' && state !== 'any') return closeWith(socket, fail(`unsupported wait state '${state}'`));
  socket.write(okay());
  const check = () => {
    if ('device' in pickDevice(registry, selector)) {
      unsubscribe();
      socket.end(okay());
    }
  };
  const unsubscribe = registry.subscribe(check);
  socket.once('close', unsubscribe);
  check();
  return { kind: 'open' };
}

function closeWith(socket: Socket, reply: Buffer): HostOutcome {
  socket.end(reply);
  return { kind: 'closed' };
}

function transport(registry: HostRegistry, socket: Socket, selector: string, withId: boolean): HostOutcome {
  const picked = pickDevice(registry, selector);
  if ('error' in picked) return closeWith(socket, fail(picked.error));
  socket.write(okay());
  if (withId) {
    // host:tport:* answers the transport id (u64 little-endian) right after OKAY.
    const id = Buffer.alloc(8);
    id.writeBigUInt64LE(BigInt(registry.transportId(picked.device)));
    socket.write(id);
  }
  return { kind: 'transport', device: picked.device };
}

export function serveHostRequest(registry: HostRegistry, socket: Socket, request: string): HostOutcome {
  if (request === 'host:version') return closeWith(socket, okay(ADB_SERVER_VERSION.toString(16).padStart(4, '0')));
  if (request === 'host:kill') return closeWith(socket, okay()); // the fake server's lifetime belongs to its owner
  if (request === 'host:devices' || request === 'host:devices-l')
    return closeWith(socket, okay(deviceListText(registry, request.endsWith('-l'))));
  if (request === 'host:track-devices' || request === 'host:track-devices-l') return trackDevices(registry, socket, request.endsWith('-l'));
  if (request === 'host:host-features') return closeWith(socket, okay(HOST_FEATURES));
  if (request.startsWith('host:connect:')) return closeWith(socket, okay(`failed to connect to '${request.slice(13)}'`));
  if (request.startsWith('host:disconnect:')) return closeWith(socket, okay(`error: no such device '${request.slice(16)}'`));

  let m = /^host:transport:(.+)$/.exec(request);
  if (m) return transport(registry, socket, `serial:${m[1]}`, false);
  m = /^host:transport-(any|usb|local)$/.exec(request);
  if (m) return transport(registry, socket, m[1]!, false);
  m = /^host:transport-id:(\d+)$/.exec(request);
  if (m) return transport(registry, socket, `id:${m[1]}`, false);
  m = /^host:tport:(any|usb|local|serial:.+|id:\d+)$/.exec(request);
  if (m) return transport(registry, socket, m[1]!, true);

  m =
    /^(host|host-usb|host-local|host-serial:.+?|host-transport-id:\d+):(forward:[\s\S]*|killforward:[\s\S]*|killforward-all|list-forward)$/.exec(
      request,
    );
  if (m) return forwardRequest(registry, socket, selectorOf(m[1]!), m[2]!);
  // host-serial:<serial>:<request>; the serial may itself contain ':' (e.g. 127.0.0.1:5555).
  m = /^host-serial:(.+?):(get-state|get-serialno|get-devpath|features|wait-for-[\w-]+)$/.exec(request);
  if (m) return deviceRequest(registry, socket, `serial:${m[1]}`, m[2]!);
  m = /^host-transport-id:(\d+):(.+)$/.exec(request);
  if (m) return deviceRequest(registry, socket, `id:${m[1]}`, m[2]!);
  m = /^host(?:-(usb|local))?:(get-state|get-serialno|get-devpath|features|wait-for-[\w-]+)$/.exec(request);
  if (m) return deviceRequest(registry, socket, m[1] ?? 'any', m[2]!);
  return closeWith(socket, fail(`unknown host service '${request}'`));
}
