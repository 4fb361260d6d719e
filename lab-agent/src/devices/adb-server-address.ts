/**
 * Which adb server the agent talks to: `--adb-server HOST:PORT`, or adb's own variable
 * ADB_SERVER_SOCKET (`tcp:HOST:PORT`), as the adb command line reads it; default
 * 127.0.0.1:5037 as adb. The agent only connects: it never starts or kills that server.
 */
export interface AdbServerAddress {
  host: string;
  port: number;
}

export const DEFAULT_ADB_SERVER: AdbServerAddress = { host: '127.0.0.1', port: 5037 };

/** "HOST:PORT", "tcp:HOST:PORT", "tcp:PORT" or "[::1]:PORT"; throws with what is wrong otherwise. */
export function parseAdbServerAddress(value: string): AdbServerAddress {
  const text = value.trim();
  if (/^local(filesystem|abstract|reserved)?:/.test(text))
    throw new Error(`${JSON.stringify(value)}: only tcp adb server sockets are supported (tcp:HOST:PORT)`);
  const bare = text.replace(/^tcp:/, '');
  const match = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5})$/.exec(bare) ?? /^()()(\d{1,5})$/.exec(bare);
  const port = Number(match?.[3]);
  if (!match || !Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`${JSON.stringify(value)} is not HOST:PORT or tcp:HOST:PORT`);
  const host = match[1] || match[2] || DEFAULT_ADB_SERVER.host;
  return { host: host === 'localhost' ? '127.0.0.1' : host, port };
}
