/**
 * `devicelab upload FILE`: uploads a build and prints its id alone on stdout, so a script
 * can keep it (`BUILD=$(devicelab upload app.apk)`) and run several suites on it.
 */
import { ciProvenance } from './ci-provenance.js';
import { EXIT, type ExitCode } from './errors.js';
import { apiKey, platform, serviceUrl } from './options.js';
import { clientFor, reportError, type CommandIo } from './run-command.js';
import { uploadBuild } from './upload.js';
import { uploadProgress } from './upload-progress.js';

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
    const ci = ciProvenance(io.env);
    // The bar goes to stderr's terminal: stdout carries only the id.
    const bar = uploadProgress(io.stderr, file);
    try {
      const up = await uploadBuild(clientFor(plan, io), file, {
        ...(raw.name ? { name: raw.name } : {}), ...(p ? { platform: p } : {}), ...(ci ? { ci } : {}), ...(bar ? { onProgress: bar.update } : {}),
      });
      bar?.stop();
      io.stdout.write(`${up.buildId}\n`);
    } finally {
      bar?.stop();
    }
    return EXIT.ok;
  } catch (err) {
    return reportError(err, io);
  }
}
