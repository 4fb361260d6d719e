import { describe, expect, it } from 'vitest';
import { buildFolderViews, type FolderRow } from './tree.js';

const row = (id: string, parentId: string | null, directTests = 0, name = id.toUpperCase()): FolderRow => ({
  id,
  name,
  parentId,
  directTests,
});

describe('buildFolderViews', () => {
  it('joins names with " / " and counts tests of every subfolder', () => {
    const views = buildFolderViews([row('a', null, 1), row('b', 'a', 2), row('c', 'b', 4), row('d', null, 8)]);
    const byId = Object.fromEntries(views.map((v) => [v.id, v]));
    expect(byId.c!.path).toBe('A / B / C');
    expect(byId.a!.testCount).toBe(7);
    expect(byId.b!.testCount).toBe(6);
    expect(byId.c!.testCount).toBe(4);
    expect(byId.d!.testCount).toBe(8);
  });

  it('sorts by path and keeps folders that share a name apart', () => {
    const views = buildFolderViews([row('x', null, 0, 'Same'), row('y', null, 3, 'Same'), row('z', null, 0, 'Alpha')]);
    expect(views.map((v) => v.path)).toEqual(['Alpha', 'Same', 'Same']);
    expect(views.filter((v) => v.name === 'Same').map((v) => v.testCount).sort()).toEqual([0, 3]);
  });

  it('returns nothing for no folders', () => {
    expect(buildFolderViews([])).toEqual([]);
  });
});
