/** Folder rows as stored, with the number of tests filed directly in each. */
export interface FolderRow {
  id: string;
  name: string;
  parentId: string | null;
  directTests: number;
}

/** A folder as the API shows it (spec 2.1). */
export interface FolderView {
  id: string;
  name: string;
  parentId: string | null;
  path: string;
  testCount: number;
}

export const PATH_SEPARATOR = ' / ';

/**
 * Paths and subtree test counts for a whole organisation in one pass over its
 * rows. Done in memory: an organisation has hundreds of folders, not millions,
 * and this keeps the SQL a plain scan. Sorted by path for a stable listing.
 */
export function buildFolderViews(rows: FolderRow[]): FolderView[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const children = new Map<string | null, FolderRow[]>();
  for (const row of rows) {
    const parent = row.parentId !== null && byId.has(row.parentId) ? row.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), row]);
  }
  const views: FolderView[] = [];
  // Depth-first from the roots; `visit` returns the subtree's test count.
  const visit = (row: FolderRow, parentPath: string | null): number => {
    const path = parentPath === null ? row.name : parentPath + PATH_SEPARATOR + row.name;
    const view: FolderView = { id: row.id, name: row.name, parentId: row.parentId, path, testCount: 0 };
    views.push(view);
    view.testCount = (children.get(row.id) ?? []).reduce((sum, child) => sum + visit(child, path), row.directTests);
    return view.testCount;
  };
  for (const root of children.get(null) ?? []) visit(root, null);
  return views.sort((a, b) => a.path.localeCompare(b.path) || a.id.localeCompare(b.id));
}
