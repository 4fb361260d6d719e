import { describe, expect, it } from 'vitest';
import { archiveEntryPath, archiveLinkProblem } from './archive-paths.js';

describe('archive paths', () => {
  it.each([
    ['A.app/Info.plist', ['A.app', 'Info.plist']],
    ['./A.app/', ['A.app']],
    ['A.app\\Frameworks\\x', ['A.app', 'Frameworks', 'x']],
  ])('keeps %j inside the archive', (name, segments) => {
    expect(archiveEntryPath(name)).toEqual({ ok: true, segments });
  });

  it.each([
    ['../evil', /"\.\."/],
    ['a/../../evil', /"\.\."/],
    ['/etc/passwd', /absolute/],
    ['C:\\evil', /absolute/],
    ['\\\\server\\share', /absolute/],
    ['a\0b', /NUL/],
  ])('refuses %j', (name, problem) => {
    const path = archiveEntryPath(name);
    expect(path.ok).toBe(false);
    if (!path.ok) expect(path.problem).toMatch(problem);
  });

  it('lets a symlink climb only as far as its own folder, and a hard link not at all', () => {
    expect(archiveLinkProblem(['A.app', 'Frameworks', 'link'], '../../Info.plist', 'symlink')).toBeNull();
    expect(archiveLinkProblem(['A.app', 'link'], '../../outside', 'symlink')).toMatch(/escapes the archive/);
    expect(archiveLinkProblem(['A.app', 'link'], 'x/../../y', 'symlink')).toMatch(/only leading/);
    expect(archiveLinkProblem(['A.app', 'link'], '/etc/passwd', 'symlink')).toMatch(/absolute/);
    expect(archiveLinkProblem(['A.app', 'link'], '', 'symlink')).toMatch(/empty target/);
    expect(archiveLinkProblem(['A.app', 'hard'], 'A.app/bin', 'hardlink')).toBeNull();
    expect(archiveLinkProblem(['A.app', 'hard'], '../x', 'hardlink')).toMatch(/escapes the archive/);
  });
});
