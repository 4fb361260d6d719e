/**
 * Runs a virtual adb server by itself, for trying drivers (or the adb CLI) against it:
 *   npx tsx virtual-devices/src/serve.ts --port 5038 --devices 2 --sample-installed
 *   adb -P 5038 devices
 * It prints the port and stays up until interrupted.
 */
import { parseArgs } from 'node:util';
import { startVirtualAdbServer } from './adb-server.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '5038' },
    host: { type: 'string', default: '127.0.0.1' },
    devices: { type: 'string', default: '1' },
    'sample-installed': { type: 'boolean', default: false },
    'dump-delay-ms': { type: 'string', default: '0' },
    'install-fails': { type: 'boolean', default: false },
  },
});

const server = await startVirtualAdbServer({
  port: Number(values.port),
  host: values.host,
  devices: Number(values.devices),
  deviceDefaults: {
    sampleInstalled: values['sample-installed'],
    dumpDelayMs: Number(values['dump-delay-ms']),
    installFails: values['install-fails'],
  },
});
console.log(`virtual adb server on ${server.host}:${server.port} with ${server.devices.map((d) => d.serial).join(', ')}`);
const stop = () => void server.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
