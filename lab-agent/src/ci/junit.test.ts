import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { junitXml } from './junit.js';
import { entry, run } from './test-runs.js';

const parse = (xml: string) => {
  expect(XMLValidator.validate(xml)).toBe(true);
  return new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => ['testcase', 'property'].includes(name) }).parse(xml);
};

describe('the JUnit report', () => {
  it('has one suite for the run and a case per test: failure for failed, error for blocked, URLs as properties', () => {
    const xml = junitXml(run({
      succeeded: [entry('a', 'succeeded', { title: 'Login works', durationSeconds: 12.25 })],
      failed: [entry('b', 'failed', { title: 'Checkout', statusMessage: 'Step 1 "Tap the Checkout button": No element matching' })],
      blocked: [entry('c', 'blocked', { statusMessage: 'the build did not install' })],
    }));
    const suite = parse(xml).testsuites.testsuite;
    expect(suite).toMatchObject({ name: 'DeviceLab run run_1', id: 'run_1', tests: '3', failures: '1', errors: '1', time: '15.250' });
    const [ok, failed, blocked] = suite.testcase;
    expect(ok).toMatchObject({ name: 'Login works', classname: 'devicelab.android', time: '12.250' });
    expect(ok.failure).toBeUndefined();
    expect(ok.error).toBeUndefined();
    expect(Object.fromEntries(ok.properties.property.map((p: any) => [p.name, p.value]))).toEqual({
      testId: 'a', recording: 'http://dl.test/app/recording/run_1/runs/a',
      interactionLogs: 'http://dl.test/suite/run_1/run/a/interaction_logs?organisation_id=org_1', device: 'DeviceLab Virtual Phone (virtual-1)',
    });
    expect(ok['system-out']).toContain('interaction log: http://dl.test/suite/run_1/run/a/interaction_logs?organisation_id=org_1');
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
    expect(suite.testcase[1].error).toMatchObject({ type: 'timeout', message: '2 test(s) had no verdict when devicelab stopped waiting (run running)' });
  });
});
