/**
 * What `xcodebuild` does for a virtual iPhone when Appium's WebDriverAgent tooling runs
 * WebDriverAgent on it (fake-xcodebuild.mjs forwards the command here): builds it once
 * into the derived data path (a marker of the product, so a later `test-without-building`
 * finds it), then "runs" it by starting the phone's WebDriverAgent server, which lives as
 * long as the xcodebuild process does. The failures a lab host meets come out as Xcode
 * prints them: no signing team at build time, a locked phone, Developer Mode off, an
 * unpaired phone, a product that was never built.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { VirtualIosDevice } from './ios-device.js';

export interface XcodebuildWda {
  /** Starts the phone's WebDriverAgent; resolves when it listens. */
  start(udid: string): Promise<void>;
  stop(udid: string): Promise<void>;
  /** Called with a function that ends the run as if the test runner crashed (WDA died). */
  onRun(udid: string, crash: () => void): void;
}

const PRODUCT = join('Build', 'Products', 'Debug-iphoneos', 'WebDriverAgentRunner-Runner.app');

function settings(argv: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const a of argv) {
    const m = /^([A-Z_]+)=(.*)$/.exec(a);
    if (m) out.set(m[1]!, m[2]!);
  }
  return out;
}

const option = (argv: readonly string[], name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};

export async function serveXcodebuild(
  req: IncomingMessage,
  res: ServerResponse,
  argv: readonly string[],
  phones: readonly VirtualIosDevice[],
  wda: XcodebuildWda,
): Promise<void> {
  res.writeHead(200, { 'content-type': 'application/x-ndjson' });
  const send = (m: { out?: string; err?: string; exit?: number }) => res.write(`${JSON.stringify(m)}\n`);
  const fail = (err: string, code: number) => {
    send({ err });
    send({ exit: code });
    res.end();
  };
  const udid = /(?:^|,)id=([^,]+)/.exec(option(argv, '-destination') ?? '')?.[1] ?? '';
  const phone = phones.find((p) => p.udid === udid && p.kind === 'physical');
  const build = argv.includes('build-for-testing') || argv.includes('build');
  const test = argv.includes('test-without-building') || argv.includes('test');
  const derived = option(argv, '-derivedDataPath');
  const vars = settings(argv);
  if (!phone?.booted)
    return fail(`xcodebuild: error: Unable to find a destination matching the provided destination specifier:\n\t\t{ id:${udid} }\n`, 70);
  if (!phone.handset.paired)
    return fail(
      `xcodebuild: error: Unable to find a destination matching the provided destination specifier:\n\t\t{ id:${udid} }\n\n\tIneligible destinations for the "WebDriverAgentRunner" scheme:\n\t\t{ platform:iOS, id:${udid}, name:${phone.name}, error:${phone.name} is not paired with your computer. To use ${phone.name} with Xcode, unlock it and choose to trust this computer when prompted. }\n`,
      70,
    );
  if (!phone.handset.developerMode)
    return fail(
      `xcodebuild: error: Unable to find a destination matching the provided destination specifier:\n\t\t{ id:${udid} }\n\n\tIneligible destinations for the "WebDriverAgentRunner" scheme:\n\t\t{ platform:iOS, id:${udid}, name:${phone.name}, error:Developer Mode disabled. To use ${phone.name} for development, enable Developer Mode in Settings → Privacy & Security. }\n`,
      70,
    );
  if (build) {
    if (!vars.get('DEVELOPMENT_TEAM')) {
      return fail(
        `error: Signing for "WebDriverAgentRunner" requires a development team. Select a development team in the Signing & Capabilities editor. (in target 'WebDriverAgentRunner' from project 'WebDriverAgent')\n\n** TEST BUILD FAILED **\n\n`,
        65,
      );
    }
    if (derived) {
      mkdirSync(join(derived, PRODUCT), { recursive: true });
      writeFileSync(
        join(derived, 'Build', 'Products', 'WebDriverAgentRunner_iphoneos18.2-arm64.xctestrun'),
        `team=${vars.get('DEVELOPMENT_TEAM')}\n`,
      );
    }
    send({ out: '\n** TEST BUILD SUCCEEDED **\n\n' });
  } else if (test && (!derived || !existsSync(join(derived, PRODUCT)))) {
    return fail(
      `xcodebuild: error: Failed to build project WebDriverAgent with scheme WebDriverAgentRunner.: There are no test bundles available to test.\n`,
      70,
    );
  }
  if (!test) {
    send({ exit: 0 });
    res.end();
    return;
  }
  if (phone.handset.locked) {
    return fail(
      `Testing failed:\n\tWebDriverAgentRunner-Runner.app encountered an error (Unable to launch com.facebook.WebDriverAgentRunner.xctrunner because the device was not, or could not be, unlocked.)\n\n** TEST EXECUTE FAILED **\n\n`,
      65,
    );
  }
  let ended = false;
  const stop = () => {
    if (ended) return;
    ended = true;
    void wda.stop(udid);
  };
  // The process is gone (killed, or it quit): WebDriverAgent goes with it.
  req.socket.once('close', stop);
  wda.onRun(udid, () => {
    if (ended) return;
    stop();
    fail(
      `Testing failed:\n\tWebDriverAgentRunner-Runner.app (pid 1) crashed\n\tTest runner exited before starting test execution.\n\n** TEST EXECUTE FAILED **\n\n`,
      65,
    );
  });
  send({
    out: `Test Suite 'All tests' started at ${new Date().toISOString()}.\nTest Suite 'WebDriverAgentRunner.xctest' started.\nTest Case '-[UITestingUITests testRunner]' started.\n`,
  });
  await wda.start(udid);
  send({
    out: `    t =     0.00s Start Test at ${new Date().toISOString()}\nServerURLHere->http://${phone.wifiAddress}:8100<-ServerURLHere\n`,
  });
}
