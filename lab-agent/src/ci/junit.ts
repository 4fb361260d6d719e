/**
 * The run as a JUnit XML report, the format GitLab (artifacts:reports:junit), GitHub
 * (test-reporter actions) and Jenkins (junit step) all read: one <testsuite> for the
 * run, one <testcase> per test with its time, <failure> for a failed test and <error>
 * for a blocked one (it never had a fair chance: an infrastructure problem, not the
 * app's). The report validates against the Jenkins JUnit XSD (junit.test.ts checks it with
 * xmllint), which allows <properties> only on the <testsuite>: a test's id, device, recording
 * and interaction-log URLs are suite properties named `<test id>.<field>`, and, because GitLab
 * and GitHub show only a test's output, lines of its <system-out> as well.
 */
import { create } from 'xmlbuilder2';
import { type ResultEntry, type Run, verdicts } from './run-types.js';

export interface JunitContext {
  /** Waiting stopped before the run finished: the unfinished tests become errors. */
  timedOut?: boolean;
}

/** XML 1.0 cannot hold most control characters even escaped; a device's error text may. */
const xmlSafe = (s: string) => s.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD');

const seconds = (entry: ResultEntry) => (entry.durationSeconds ?? 0).toFixed(3);

export function junitXml(run: Run, context: JunitContext = {}): string {
  const cases = verdicts(run);
  const unfinished = run.totalTests - cases.length;
  // Counts match the <testcase> elements written, so every reader agrees with itself.
  const tests = cases.length + (unfinished > 0 ? 1 : 0);
  const failures = run.failedTests.length;
  const errors = run.blockedTests.length + (unfinished > 0 ? 1 : 0);
  const time = cases.reduce((sum, e) => sum + (e.durationSeconds ?? 0), 0);

  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  const suites = doc.ele('testsuites', { name: 'DeviceLab', tests, failures, errors, time: time.toFixed(3) });
  const suite = suites.ele('testsuite', {
    name: `DeviceLab run ${run.runId}`,
    id: run.runId,
    tests,
    failures,
    errors,
    skipped: 0,
    time: time.toFixed(3),
    timestamp: run.createdAt,
  });
  const props = suite.ele('properties');
  const suiteProps: Array<[string, string]> = [
    ['runId', run.runId],
    ['status', run.status],
    ['platform', run.platform],
    ['trigger', run.trigger],
    ['buildId', run.buildId ?? ''],
  ];
  for (const [name, value] of suiteProps) {
    props.ele('property', { name, value: xmlSafe(value) });
  }

  for (const entry of cases) {
    const fields: Array<[string, string]> = [
      ['title', entry.title],
      ['recording', entry.recording],
      ['interactionLogs', entry.interactionLogs],
    ];
    if (entry.device) fields.push(['device', entry.device]);
    for (const [field, value] of fields) props.ele('property', { name: `${entry.id}.${field}`, value: xmlSafe(value) });
  }

  for (const entry of cases) {
    const tc = suite.ele('testcase', { name: xmlSafe(entry.title), classname: `devicelab.${entry.platform}`, time: seconds(entry) });
    const reason = xmlSafe(entry.statusMessage ?? `the test ${entry.status === 'blocked' ? 'was blocked' : 'failed'}`);
    if (entry.status === 'failed') tc.ele('failure', { message: reason, type: 'failed' }).txt(reason);
    if (entry.status === 'blocked') tc.ele('error', { message: reason, type: 'blocked' }).txt(reason);
    const device = entry.device ? `device: ${xmlSafe(entry.device)}\n` : '';
    tc.ele('system-out').txt(`test id: ${entry.id}\n${device}recording: ${entry.recording}\ninteraction log: ${entry.interactionLogs}\n`);
  }
  if (unfinished > 0) {
    // Their ids and titles are not in the run's answer yet; one case stands for them all.
    const why = context.timedOut
      ? `${unfinished} test(s) had no verdict when devicelab stopped waiting (run ${run.status})`
      : `${unfinished} test(s) have no verdict (run ${run.status})`;
    suite
      .ele('testcase', { name: 'tests without a verdict', classname: `devicelab.${run.platform}`, time: '0.000' })
      .ele('error', { message: why, type: context.timedOut ? 'timeout' : 'unfinished' })
      .txt(why);
  }
  return doc.end({ prettyPrint: true }) + '\n';
}
