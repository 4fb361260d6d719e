import { Command, CommanderError } from 'commander';
import { SETTINGS } from '../config.js';

/**
 * `pnpm start` takes its settings from the environment only; its command line has `--help`
 * (`-h`), which prints every setting with its default and starts nothing, and nothing else:
 * an unknown flag or argument is a usage error (exit 2) naming it, never a server started
 * with the flag ignored.
 */
export function startUsage(): string {
  const width = Math.max(...SETTINGS.map((s) => s.name.length));
  const dflt = Math.max(...SETTINGS.map((s) => s.default.length));
  return [
    'Settings (environment variables; read once at start, control-plane/src/config.ts):',
    ...SETTINGS.map((s) => `  ${s.name.padEnd(width)}  ${s.default.padEnd(dflt)}  ${s.meaning}`),
    '',
    'Example: PORT=9090 DATA_DIR=/srv/devicelab HOST=0.0.0.0 npx --yes pnpm@10 start',
  ].join('\n');
}

/** Returns only when the server should start; otherwise it has printed help (exit 0) or a usage error (exit 2). */
export function parseStartArgs(argv: readonly string[], exit: (code: number) => never = (code) => process.exit(code)): void {
  const program = new Command('start')
    .description("DeviceLab control plane: the HTTP API, the pages and the lab agents' endpoint")
    .usage('[--help]   (settings come from the environment)')
    .allowExcessArguments(true)
    .addHelpText('after', `\n${startUsage()}`)
    .showHelpAfterError('(start --help lists every setting)')
    .exitOverride();
  try {
    program.parse([...argv], { from: 'user' });
    if (program.args.length > 0) program.error(`error: unexpected argument '${program.args[0]}'`);
  } catch (e) {
    if (e instanceof CommanderError) exit(e.exitCode === 0 ? 0 : 2);
    throw e;
  }
}
