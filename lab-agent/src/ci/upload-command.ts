/**
 * `devicelab upload FILE`: uploads a build and prints its id alone on stdout, so a script
 * can keep it (`BUILD=$(devicelab upload app.apk)`) and run several suites on it.
 */
import { EXIT, type ExitCode } from './errors.js';
import { apiKey, platform, serviceUrl } from './options.js';
import { type CommandIo, clientFor, reportError } from './run-command.js';
import { uploadWithProgress } from './upload-progress.js';

export interface RawUploadOptions {
  url?: string;
  apiKey?: string;
  name?: string;
  platform?: string;
}

export async function uploadCommand(file: string, raw: RawUploadOptions, io: CommandIo): Promise<ExitCode> {
  try {
    const plan = { url: serviceUrl(raw.url), apiKey: apiKey(raw.apiKey) };
    const p = platform(raw.platform);
    // The bar goes to stderr's terminal: stdout carries only the id.
    const up = await uploadWithProgress(
      clientFor(plan, io),
      file,
      {
        ...(raw.name ? { name: raw.name } : {}),
        ...(p ? { platform: p } : {}),
      },
      io.stderr,
      io.env,
    );
    io.stdout.write(`${up.buildId}\n`);
    return EXIT.ok;
  } catch (err) {
    return reportError(err, io);
  }
}
