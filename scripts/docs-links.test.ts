/**
 * The README is a front door and the guides live under docs/: every relative link of the
 * README, the guides and lab-agent/README.md must lead to a file of the repository, and a
 * link to an anchor (`file.md#anchor`) to a heading or `<a id>` of that file. The guides
 * other issues add at the same time are listed here until they exist.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const COMING = new Set([
  'docs/service-lifecycle.md',
  'docs/android-devices.md',
  'docs/storage-and-scale.md',
  'docs/scheduling.md',
  'docs/steps-and-waits.md',
  'docs/limits-and-abuse.md',
]);

const documents = [
  'README.md',
  'lab-agent/README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to dashes. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

function anchors(markdown: string): Set<string> {
  const out = new Set<string>();
  const text = markdown.replace(/^```[\s\S]*?^```$/gm, '');
  for (const m of text.matchAll(/^#{1,6} (.+)$/gm)) out.add(slug(m[1]!));
  for (const m of text.matchAll(/<a id="([^"]+)"><\/a>/g)) out.add(m[1]!);
  return out;
}

/** Relative links outside code blocks: [text](target). */
function links(markdown: string): string[] {
  const text = markdown.replace(/^```[\s\S]*?^```$/gm, '').replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((t) => !/^[a-z]+:/.test(t));
}

describe('documentation links', () => {
  it('the README is a front door of at most ~300 lines and links every guide under docs/', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(readme.split('\n').length).toBeLessThanOrEqual(300);
    const linked = new Set(links(readme).map((l) => l.split('#')[0]));
    const guides = documents.filter((d) => d.startsWith('docs/'));
    expect(guides.filter((g) => !linked.has(g))).toEqual([]);
  });

  for (const doc of documents) {
    it(`${doc}: every relative link leads to a file, and every anchor to a heading`, () => {
      const markdown = readFileSync(join(root, doc), 'utf8');
      const broken: string[] = [];
      for (const link of links(markdown)) {
        const [path, anchor] = link.split('#') as [string, string | undefined];
        const target = path === '' ? doc : relative(root, join(root, dirname(doc), path));
        if (COMING.has(target) && !existsSync(join(root, target))) continue;
        if (!existsSync(join(root, target))) {
          broken.push(`${link} (no ${target})`);
          continue;
        }
        if (anchor && target.endsWith('.md') && !anchors(readFileSync(join(root, target), 'utf8')).has(anchor))
          broken.push(`${link} (no #${anchor} in ${target})`);
      }
      expect(broken).toEqual([]);
    });
  }
});
