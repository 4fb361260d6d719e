/**
 * `devicelab agent service install|uninstall|status`: keeps the lab agent running on a lab host
 * (service-files.ts). install writes the token file (0600), then the unit or plist, and unless
 * --no-start enables and starts it; uninstall stops it and removes all three.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { type Command, Option } from 'commander';
import { longRunningExecArgv } from '../node-flags.js';
import { LAUNCHD_LABEL, launchdPlist, type ServicePlatform, SYSTEMD_UNIT, servicePaths, systemdUnit } from './service-files.js';

interface ServiceOptions {
  platform: ServicePlatform;
  start: boolean;
}

function platformOption() {
  return new Option('--platform <platform>', 'linux: a systemd user unit; darwin: a launchd LaunchAgent')
    .choices(['linux', 'darwin'])
    .default(process.platform === 'darwin' ? 'darwin' : 'linux');
}

function usage(message: string): never {
  process.stderr.write(`devicelab: ${message}\n`);
  process.exit(2);
}

function fail(message: string): never {
  process.stderr.write(`devicelab: ${message}\n`);
  process.exit(1);
}

/** Runs a service manager command; its failure is reported with its own words. */
function manage(program: string, args: string[]): string {
  try {
    return execFileSync(program, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    const err = e as { stderr?: string; message: string };
    fail(`${program} ${args.join(' ')} failed: ${(err.stderr || err.message).trim()}`);
  }
}

function writePrivate(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  writeFileSync(path, text, { mode: 0o600 });
  chmodSync(path, 0o600); // an existing file keeps its mode otherwise
}

export function addServiceCommands(agent: Command): void {
  const service = agent
    .command('service')
    .description('keep the lab agent running on this host: a systemd user unit (Linux) or a launchd LaunchAgent (macOS)');

  service
    .command('install')
    .description('write the service (the token in a file only you can read) and start it; extra `agent start` options after --')
    .addOption(new Option('--control-plane <urls>', 'control plane URL, or several replicas as URL1,URL2').env('DEVICELAB_URL'))
    .addOption(
      new Option('--token <token>', 'agent token (prefer the variable: a flag shows in the process list)').env('DEVICELAB_AGENT_TOKEN'),
    )
    .addOption(platformOption())
    .option('--no-start', 'only write the files; do not enable or start the service')
    .argument('[start-options...]', '`agent start` options after --, e.g. -- --wda UDID=http://127.0.0.1:8100')
    .action((extra: string[], o: ServiceOptions & { controlPlane?: string; token?: string }) => {
      // Checked here, not as mandatory options: commander would report them before an unknown flag.
      if (!o.controlPlane) usage('the control plane URL is missing: pass --control-plane URL or set DEVICELAB_URL');
      if (!o.token) usage('the agent token is missing: set DEVICELAB_AGENT_TOKEN (or pass --token TOKEN)');
      if (extra.some((a) => a === '--token' || a.startsWith('--token=')))
        fail("the token goes in --token or DEVICELAB_AGENT_TOKEN, never in the service's command line");
      const paths = servicePaths(o.platform);
      writePrivate(paths.tokenFile, `${o.token}\n`);
      const spec = {
        command: [process.execPath, ...longRunningExecArgv(), realpathSync(process.argv[1]!)],
        startArgs: ['--control-plane', o.controlPlane, ...extra],
        workingDirectory: process.cwd(),
        tokenFile: paths.tokenFile,
      };
      mkdirSync(dirname(paths.definition), { recursive: true });
      writeFileSync(paths.definition, o.platform === 'linux' ? systemdUnit(spec) : launchdPlist(spec, paths.log!), { mode: 0o644 });
      console.log(`wrote ${paths.definition}\nwrote ${paths.tokenFile} (mode 0600)`);
      if (!o.start) return;
      if (o.platform === 'linux') {
        manage('systemctl', ['--user', 'daemon-reload']);
        manage('systemctl', ['--user', 'enable', '--now', SYSTEMD_UNIT]);
        console.log(`started: systemctl --user status ${SYSTEMD_UNIT}; logs: journalctl --user -u ${SYSTEMD_UNIT} -f`);
        console.log('to keep it running after you log out: loginctl enable-linger');
      } else {
        // A service from an earlier install is replaced: unloaded first (an error when there is none).
        try {
          execFileSync('launchctl', ['bootout', `gui/${process.getuid!()}/${LAUNCHD_LABEL}`], { stdio: 'ignore' });
        } catch {
          /* none loaded */
        }
        manage('launchctl', ['bootstrap', `gui/${process.getuid!()}`, paths.definition]);
        console.log(`started: launchctl print gui/${process.getuid!()}/${LAUNCHD_LABEL}; logs: ${paths.log}`);
      }
    });

  service
    .command('uninstall')
    .description('stop the service and remove it and its token file')
    .addOption(platformOption())
    .option('--no-start', 'only remove the files; do not stop or disable the service')
    .action((o: ServiceOptions) => {
      const paths = servicePaths(o.platform);
      if (o.start && existsSync(paths.definition)) {
        if (o.platform === 'linux') manage('systemctl', ['--user', 'disable', '--now', SYSTEMD_UNIT]);
        else manage('launchctl', ['bootout', `gui/${process.getuid!()}/${LAUNCHD_LABEL}`]);
      }
      for (const path of [paths.definition, paths.tokenFile]) {
        if (existsSync(path)) console.log(`removed ${path}`);
        rmSync(path, { force: true });
      }
      if (o.start && o.platform === 'linux') manage('systemctl', ['--user', 'daemon-reload']);
    });

  service
    .command('status')
    .description("whether the service is installed, its token file's mode, and what the service manager says")
    .addOption(platformOption())
    .action((o: ServiceOptions) => {
      const paths = servicePaths(o.platform);
      if (!existsSync(paths.definition)) {
        console.log(`not installed (no ${paths.definition})`);
        process.exitCode = 3;
        return;
      }
      console.log(`installed: ${paths.definition}`);
      const mode = existsSync(paths.tokenFile) ? (statSync(paths.tokenFile).mode & 0o777).toString(8).padStart(4, '0') : null;
      console.log(
        mode
          ? `token file: ${paths.tokenFile} (mode ${mode}${mode === '0600' ? '' : ': should be 0600'})`
          : `token file missing: ${paths.tokenFile}`,
      );
      try {
        const state =
          o.platform === 'linux'
            ? execFileSync('systemctl', ['--user', 'is-active', SYSTEMD_UNIT], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
            : (execFileSync('launchctl', ['print', `gui/${process.getuid!()}/${LAUNCHD_LABEL}`], {
                encoding: 'utf8',
                stdio: ['ignore', 'pipe', 'ignore'],
              }).match(/state = (\S+)/)?.[1] ?? 'loaded');
        console.log(`service: ${state.trim()}`);
      } catch (e) {
        const out = (e as { stdout?: string }).stdout?.trim();
        console.log(`service: ${out || 'unknown (the service manager did not answer)'}`);
      }
    });
}
