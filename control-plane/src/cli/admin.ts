#!/usr/bin/env node
/**
 * Operator CLI: `pnpm --silent admin <command>`. It calls the control plane's
 * /admin/* endpoints over HTTP (one writer on an embedded database; works against
 * a remote control plane too) and prints the JSON answer on stdout.
 */
import { Command, Option } from 'commander';

// The token is read with Option.env(), never passed as a default: commander prints
// defaults in --help and after every usage error, which would put it in CI logs.
const program = new Command('admin')
  .description('DeviceLab operator commands; prints JSON')
  .addOption(new Option('--url <url>', 'control plane URL').env('DEVICELAB_URL').default('http://localhost:8080'))
  .addOption(new Option('--token <token>', 'operator token').env('DEVICELAB_ADMIN_TOKEN'))
  .showHelpAfterError()
  // --help exits 0; a usage error (an unknown flag or command, named by commander) exits 2, as every entry point's.
  .exitOverride((err) => process.exit(err.exitCode === 0 ? 0 : 2));

// Commander reports a missing required option before an unknown one: `create-org --nmae x` would
// say "--name is required" and never name the typo. So unknown flags are looked for first.
program.hook('preSubcommand', (_program, command) => {
  const known = new Set([...program.options, ...command.options].flatMap((o) => [o.long, o.short]).concat(['--help', '-h']));
  const unknown = process.argv.slice(2).find((arg) => arg.startsWith('-') && arg !== '--' && !known.has(arg.split('=')[0]!));
  if (unknown) command.error(`error: unknown option '${unknown.split('=')[0]}'`, { exitCode: 2, code: 'commander.unknownOption' });
});

/** POSTs `body` (or GETs when there is none) and prints the JSON answer. */
async function call(path: string, body?: unknown): Promise<void> {
  const { url, token } = program.opts<{ url: string; token?: string }>();
  if (!token) fail('set DEVICELAB_ADMIN_TOKEN (or --token) to the operator token printed at first start');
  checkUrl(url);
  let res: Response;
  try {
    res = await fetch(`${url.replace(/\/+$/, '')}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (e) {
    fail(`cannot reach the control plane at ${url}: ${(e as Error).cause ?? (e as Error).message}`);
  }
  const text = await res.text();
  if (!res.ok) {
    let detail = text;
    try {
      detail = JSON.parse(text).detail ?? text;
    } catch {
      // keep the raw text
    }
    fail(`${res.status}: ${detail}`);
  }
  process.stdout.write(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
}

/** Refused before use, and never echoed: fetch would repeat a user:password@ URL in its error. */
function checkUrl(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    fail('--url (DEVICELAB_URL) must be an http(s) URL such as http://localhost:8080');
  }
  if (parsed.username || parsed.password)
    fail('--url (DEVICELAB_URL) must not include a user or password: the operator token is the credential');
  if (!['http:', 'https:'].includes(parsed.protocol)) fail('--url (DEVICELAB_URL) must be an http(s) URL such as http://localhost:8080');
}

function fail(message: string): never {
  process.stderr.write(`admin: ${message}\n`);
  process.exit(1);
}

program
  .command('list-orgs')
  .description('list organisations with their active API key ids; prints {organisations: [...]} (no secrets)')
  .action(() => call('/admin/organisations'));

program
  .command('create-org')
  .description('create an organisation; prints {organisationId, organisationKey, apiKey, apiKeyId}')
  .requiredOption('--name <name>', 'organisation name')
  .addOption(new Option('--type <type>', 'library type').choices(['platform', 'studio']).default('platform'))
  .option('--bundle-id-runs', 'allow runs of apps already installed on reserved handsets (bundleId)', false)
  .action((o: { name: string; type: string; bundleIdRuns: boolean }) =>
    call('/admin/organisations', { name: o.name, type: o.type, bundleIdRuns: o.bundleIdRuns }),
  );

program
  .command('create-key')
  .description('issue an API key; prints {apiKey, apiKeyId, kind}')
  .requiredOption('--org <organisationId>', 'organisation id')
  .addOption(
    new Option(
      '--kind <kind>',
      'standard: the whole API; audit: reads only; ' +
        'tunnel: may only connect tunnels (devicelab tunnel start), for the machine running the tunnel client',
    )
      .choices(['standard', 'audit', 'tunnel'])
      .default('standard'),
  )
  .option('--tunnel-only', 'the same as --kind tunnel: a key that may connect tunnels and nothing else (401 elsewhere)', false)
  .action((o: { org: string; kind: string; tunnelOnly: boolean }) => {
    if (o.tunnelOnly && o.kind !== 'standard' && o.kind !== 'tunnel')
      program.error(`create-key: --tunnel-only contradicts --kind ${o.kind}`);
    return call('/admin/keys', { organisationId: o.org, kind: o.tunnelOnly ? 'tunnel' : o.kind });
  });

program
  .command('create-agent-token')
  .description('issue a lab agent token; prints {agentToken, agentTokenId, organisationId}')
  .option('--org <organisationId>', 'the organisation whose reserved handsets the agent serves')
  .option('--shared', 'an agent of the shared pool (emulators and simulators for every organisation)')
  .action((o: { org?: string; shared?: boolean }) => {
    if (Boolean(o.org) === Boolean(o.shared)) program.error('create-agent-token: pass --org ID or --shared (one of them)');
    return call('/admin/agent-tokens', o.shared ? { shared: true } : { organisationId: o.org });
  });

program
  .command('revoke-key')
  .description('revoke an API key; prints {keyId, revoked}')
  .requiredOption('--key-id <keyId>', 'the 11-character key id')
  .action((o: { keyId: string }) => call('/admin/keys/revoke', { keyId: o.keyId }));

program
  .command('rotate-org-key')
  .description(
    'issue a new organisation key (dl_org_…, for uploads); the old one stops working at once; prints {organisationId, organisationKey}',
  )
  .requiredOption('--org <organisationId>', 'organisation id')
  .action((o: { org: string }) => call('/admin/organisations/rotate-key', { organisationId: o.org }));

program
  .command('set-org-limits')
  .description("cap how many of an organisation's tests run at once (every replica); prints {organisationId, maxParallelTests}")
  .requiredOption('--org <organisationId>', 'organisation id')
  .requiredOption('--max-parallel <n>', 'tests at once, 1 or more; "none" lifts the cap')
  .action((o: { org: string; maxParallel: string }) => {
    const n = o.maxParallel === 'none' ? null : Number(o.maxParallel);
    if (n !== null && !(Number.isInteger(n) && n >= 1))
      program.error('set-org-limits: --max-parallel must be a whole number of 1 or more, or "none"');
    return call('/admin/organisations/limits', { organisationId: o.org, maxParallelTests: n });
  });

program
  .command('rotate-operator-token')
  .description("issue a new operator token, shown only here; the current one (this call's) stops working at once; prints {operatorToken}")
  .action(() => call('/admin/operator-token/rotate', {}));

program
  .command('revoke-agent-token')
  .description(
    'revoke a lab agent token: refused from then on, its connected agents closed within a heartbeat; prints {agentTokenId, revoked}',
  )
  .requiredOption('--agent-token-id <agentTokenId>', 'the atk_… id create-agent-token printed')
  .action((o: { agentTokenId: string }) => call('/admin/agent-tokens/revoke', { agentTokenId: o.agentTokenId }));

await program.parseAsync();
