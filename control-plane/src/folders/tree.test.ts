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
    expect(
      views
        .filter((v) => v.name === 'Same')
        .map((v) => v.testCount)
        .sort(),
    ).toEqual([0, 3]);
  });

  it('returns nothing for no folders', () => {
    expect(buildFolderViews([])).toEqual([]);
  });

  // Once a stack overflow (recursive walk, ~2,500 deep) and O(n²) in siblings (each
  // sibling copied the array): the listing was a permanent 500, or stalled the server.
  it('walks a chain 5,000 folders deep, with every path and count', () => {
    const depth = 5_000;
    const rows = Array.from({ length: depth }, (_, i) => row(`f${i}`, i === 0 ? null : `f${i - 1}`, 1, 'n'));
    const views = buildFolderViews(rows);
    expect(views).toHaveLength(depth);
    expect(views[0]).toMatchObject({ id: 'f0', path: 'n', testCount: depth });
    expect(views[depth - 1]).toMatchObject({ id: `f${depth - 1}`, testCount: 1 });
    expect(views[depth - 1]!.path.split(' / ')).toHaveLength(depth);
  });

  it('lists 50,000 siblings in linear time', () => {
    const rows = Array.from({ length: 50_000 }, (_, i) => row(`s${String(i).padStart(5, '0')}`, i === 0 ? null : 's00000', 1));
    const started = performance.now();
    const views = buildFolderViews(rows);
    expect(performance.now() - started).toBeLessThan(1_000); // the quadratic copy took minutes
    expect(views.find((v) => v.id === 's00000')!.testCount).toBe(50_000);
  });

  it('treats a folder whose parent is missing as top level and skips a parent cycle', () => {
    const views = buildFolderViews([row('a', 'gone', 1), row('b', 'a', 2), row('x', 'y'), row('y', 'x')]);
    expect(views.map((v) => [v.id, v.path, v.testCount])).toEqual([
      ['a', 'A', 3],
      ['b', 'A / B', 2],
    ]);
  });
});
