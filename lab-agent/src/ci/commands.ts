/**
 * `devicelab run` and `devicelab upload` as commander commands. The API key is read
 * from DEVICELAB_API_KEY; help shows the variable's name, never its value, and no
 * message prints the key.
 */
import { type Command, Option } from 'commander';
import { DEFAULT_TIMEOUT, DEFAULT_TUNNEL_WAIT } from './options.js';
import type { CommandIo } from './run-command.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];

const io = (): CommandIo => ({ stdout: process.stdout, stderr: process.stderr, env: process.env });

const serviceOptions = (cmd: Command) =>
  cmd
    .addOption(new Option('--url <url>', 'DeviceLab service URL').env('DEVICELAB_URL'))
    .addOption(new Option('--api-key <key>', 'API key (prefer the variable: a flag shows in the process list)').env('DEVICELAB_API_KEY'));

const EXIT_HELP = `
Exit codes:
  0  every test succeeded (with --async: the run started)
  1  a test failed or was blocked, or the run was cancelled
  2  usage error, or a request the service refused (its detail is printed)
  3  timed out (the run, or waiting for --tunnel-name's tunnel), or the service could not be reached`;

const UPLOAD_EXIT_HELP = `
Exit codes:
  0  uploaded (the build id is the only line on stdout)
  2  usage error, or the service refused the upload (its detail is printed)
  3  the service could not be reached`;

// process.exit rather than exitCode: a lingering keep-alive socket must not hold a CI job.
export function addCiCommands(program: Command): void {
  serviceOptions(program.command('run'))
    .description('run tests on a build and wait for the verdicts (for CI)')
    .addOption(new Option('--build <file>', 'upload this build (.apk, .ipa, .zip or .tar.gz of a simulator .app) and run it'))
    .addOption(new Option('--build-id <id>', 'run a build uploaded before'))
    .addOption(new Option('--build-name <name>', 'run the newest build of this name (with --build: the name given to the upload)'))
    .addOption(
      new Option('--platform <platform>', 'android or ios: with --build-name, the newest build of that platform').choices([
        'android',
        'ios',
      ]),
    )
    .addOption(new Option('--tags <tags>', 'run every test with one of these tags (comma-separated, repeatable)').argParser(collect))
    .addOption(new Option('--test-ids <ids>', 'run these tests (comma-separated, repeatable)').argParser(collect))
    .addOption(new Option('--physical', 'on a real handset reserved for the organisation'))
    .addOption(new Option('--no-physical', 'on an emulator or simulator (default: a reserved handset if there is one)'))
    .addOption(
      new Option(
        '--tunnel-name <name>',
        'reach internal hosts through this tunnel (devicelab tunnel start --tunnel-name NAME); the run starts once it is connected',
      ),
    )
    .addOption(
      new Option('--tunnel-wait <duration>', 'with --tunnel-name: how long to wait for the tunnel to connect (exit 3 if it does not)')
        .env('DEVICELAB_TUNNEL_WAIT')
        .default(DEFAULT_TUNNEL_WAIT),
    )
    .addOption(new Option('--trigger <label>', 'label stored on the run').default('ci'))
    .addOption(new Option('--async', 'return once the run has started; do not wait'))
    .addOption(new Option('--timeout <duration>', 'stop waiting after this long: 90s, 45m, 2h').default(DEFAULT_TIMEOUT))
    .addOption(new Option('--junit <file>', 'write a JUnit XML report here'))
    .addOption(new Option('--summary <file>', 'write a Markdown summary here (also appended to $GITHUB_STEP_SUMMARY when set)'))
    .addHelpText('after', EXIT_HELP)
    .action(async (opts) => {
      // Loaded when used, so `devicelab --help` and the other commands start quickly.
      const { runCommand } = await import('./run-command.js');
      process.exit(await runCommand(opts, io()));
    });

  serviceOptions(program.command('upload'))
    .description('upload a build; prints its id')
    .argument('<file>', '.apk, .ipa, or .zip / .tar.gz of a simulator .app')
    .addOption(new Option('--name <name>', "the build's name, for `devicelab run --build-name`"))
    .addOption(new Option('--platform <platform>', 'android or ios (checked against the file)').choices(['android', 'ios']))
    .addHelpText('after', UPLOAD_EXIT_HELP)
    .action(async (file: string, opts) => {
      const { uploadCommand } = await import('./upload-command.js');
      process.exit(await uploadCommand(file, opts, io()));
    });
}
