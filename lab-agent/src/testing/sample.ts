/**
 * Test material for the agent: the sample app's .apk (built with the repository's build
 * fixtures, so the virtual handset installs it through a real manifest), job offers, and
 * a tiny reader of uiautomator XML so hand-written decisions can tap what is on screen.
 */
import type { JobOffer, Point } from '@devicelab/shared';
import { SAMPLE_PACKAGE } from '@devicelab/virtual-devices';
import { apkEntries, zipToBuffer } from '../../../scripts/fixtures/builds.js';

export async function sampleApk(packageName = SAMPLE_PACKAGE): Promise<Buffer> {
  return zipToBuffer(apkEntries({ packageName, versionName: '1.0.0', versionCode: 1, label: 'DeviceLab Sample' }));
}

let nextJob = 1;

export function jobOffer(overrides: Partial<JobOffer> & Pick<JobOffer, 'build'>): JobOffer {
  const n = nextJob++;
  return {
    type: 'job.offer',
    jobId: `job-${n}`,
    runId: 'run-1',
    testId: 'test-1',
    title: `Test ${n}`,
    tryNumber: 1,
    serial: 'virtual-1',
    platform: 'android',
    packageName: SAMPLE_PACKAGE,
    commands: [],
    launchParams: [],
    values: {},
    stepTimeoutSeconds: 10,
    record: false,
    ...overrides,
  };
}

export interface XmlNode {
  text: string;
  resourceId: string;
  contentDesc: string;
  bounds: [number, number, number, number];
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function xmlNodes(xml: string): XmlNode[] {
  return [...xml.matchAll(/<node ([^>]*?)\/?>/g)].map((m) => {
    const attrs: Record<string, string> = {};
    for (const a of m[1]!.matchAll(/([\w-]+)="([^"]*)"/g))
      attrs[a[1]!] = a[2]!.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ENTITIES[e]!);
    const b = /\[(\d+),(\d+)\]\[(\d+),(\d+)\]/.exec(attrs['bounds'] ?? '') ?? ['', '0', '0', '0', '0'];
    return {
      text: attrs['text'] ?? '',
      resourceId: attrs['resource-id'] ?? '',
      contentDesc: attrs['content-desc'] ?? '',
      bounds: [Number(b[1]), Number(b[2]), Number(b[3]), Number(b[4])],
    };
  });
}

/** Centre of the node whose resource id ends in `:id/<id>` (or whose text is `text`); throws when absent. */
export function centerOf(xml: string, match: { id?: string; text?: string }): Point {
  const node = xmlNodes(xml).find(
    (n) => (match.id === undefined || n.resourceId.endsWith(`:id/${match.id}`)) && (match.text === undefined || n.text === match.text),
  );
  if (!node) throw new Error(`no node ${JSON.stringify(match)} on the screen`);
  const [l, t, r, b] = node.bounds;
  return { x: Math.round((l + r) / 2), y: Math.round((t + b) / 2) };
}

export function screenTexts(xml: string): string[] {
  return xmlNodes(xml)
    .map((n) => n.text)
    .filter(Boolean);
}
