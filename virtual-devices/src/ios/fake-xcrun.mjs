// A stand-in for Xcode's `xcrun` on machines without it: forwards `xcrun simctl ...` and
// `xcrun devicectl ...` to the virtual iOS host of a running lab agent (its URL is in
// DEVICELAB_VIRTUAL_XCRUN_URL) and prints its answer with the exit code it chose. node-simctl
// runs it through XCRUN_BINARY (or its xcrun path option) exactly as it runs the real one.
// A command that records (simctl io recordVideo) keeps running until SIGINT, like the real one.
const url = process.env.DEVICELAB_VIRTUAL_XCRUN_URL;
if (!url) {
  process.stderr.write('xcrun (devicelab virtual): DEVICELAB_VIRTUAL_XCRUN_URL is not set\n');
  process.exit(72);
}
const argv = process.argv.slice(2);
const env = Object.fromEntries(
  Object.entries(process.env)
    .filter(([k]) => k.startsWith('SIMCTL_CHILD_'))
    .map(([k, v]) => [k.slice('SIMCTL_CHILD_'.length), v ?? '']),
);

async function send(finish) {
  const res = await fetch(`${url}/xcrun`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ argv, env, finish }),
  });
  if (!res.ok) throw new Error(`the virtual iOS host answered HTTP ${res.status}`);
  return res.json();
}

function print(result) {
  if (result.stdout) process.stdout.write(result.stdout);
  if (result.stderr) process.stderr.write(result.stderr);
}

try {
  const first = await send(false);
  if (first.wait) {
    // Listening before saying "started": the caller may interrupt as soon as it reads that.
    const keepAlive = setInterval(() => {}, 60_000);
    const finish = async () => {
      clearInterval(keepAlive);
      const last = await send(true);
      print(last);
      process.exit(last.code);
    };
    process.once('SIGINT', () => void finish());
    process.once('SIGTERM', () => void finish());
  }
  print(first);
  if (!first.wait) process.exit(first.code);
} catch (err) {
  process.stderr.write(`xcrun (devicelab virtual): ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(72);
}
