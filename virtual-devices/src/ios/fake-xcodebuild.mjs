// A stand-in for Xcode's `xcodebuild` on machines without it, for the virtual iPhones.
// Appium's WebDriverAgent tooling (appium-webdriveragent) runs `xcodebuild` from PATH to
// build WebDriverAgent and run it on a phone (`build-for-testing test-without-building
// ... -destination id=UDID`); the virtual iOS host that owns that UDID answers, starting
// the phone's WebDriverAgent, and this process lives as long as WebDriverAgent runs there,
// as the real one does: killing it stops WebDriverAgent. Commands that name no device
// (-version, -showBuildSettings, clean) are answered here.
// The host of a UDID is found in <tmpdir>/devicelab-virtual-xcode/devices/<UDID>.
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const argv = process.argv.slice(2);
const say = (text) => process.stdout.write(text);

if (argv.includes('-version')) {
  say('Xcode 16.2\nBuild version 16C5032a\n');
  process.exit(0);
}
if (argv.includes('-showBuildSettings')) {
  say(
    `${JSON.stringify([{ action: 'build', target: 'WebDriverAgentRunner', buildSettings: { PRODUCT_BUNDLE_IDENTIFIER: 'com.facebook.WebDriverAgentRunner', BUILD_DIR: '/tmp/devicelab-virtual-xcode/Build/Products', SDK_NAME: 'iphoneos18.2' } }], null, 2)}\n`,
  );
  process.exit(0);
}
if (argv[0] === 'clean') {
  say('\n** CLEAN SUCCEEDED **\n\n');
  process.exit(0);
}
const destination = argv[argv.indexOf('-destination') + 1] ?? '';
const udid = /(?:^|,)id=([^,]+)/.exec(destination)?.[1];
if (!udid) {
  process.stderr.write(
    'xcodebuild: error: The test action requires that the name of a scheme in the project is provided using the "-scheme" option and a destination using "-destination".\n',
  );
  process.exit(64);
}
let url;
try {
  url = readFileSync(join(tmpdir(), 'devicelab-virtual-xcode', 'devices', udid), 'utf8').trim();
} catch {
  process.stderr.write(
    `xcodebuild: error: Unable to find a destination matching the provided destination specifier:\n\t\t{ id:${udid} }\n`,
  );
  process.exit(70);
}
// The host streams newline-delimited JSON: {out}, {err}, then {exit}.
const req = request(`${url}/xcodebuild`, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
  let pending = '';
  res.setEncoding('utf8');
  res.on('data', (chunk) => {
    pending += chunk;
    let nl;
    while ((nl = pending.indexOf('\n')) >= 0) {
      const line = pending.slice(0, nl);
      pending = pending.slice(nl + 1);
      if (!line) continue;
      const m = JSON.parse(line);
      if (m.out) process.stdout.write(m.out);
      if (m.err) process.stderr.write(m.err);
      if (typeof m.exit === 'number') process.exit(m.exit);
    }
  });
  res.on('end', () => process.exit(65));
});
req.on('error', (err) => {
  process.stderr.write(`xcodebuild (devicelab virtual): ${err.message}\n`);
  process.exit(72);
});
req.end(JSON.stringify({ argv, cwd: process.cwd() }));
