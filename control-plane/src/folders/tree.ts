/** Folder rows as stored, with the number of tests filed directly in each. */
export interface FolderRow {
  id: string;
  name: string;
  parentId: string | null;
  directTests: number;
}

/** A folder as the API shows it (docs/api.md#folders-platform-organisations). */
export interface FolderView {
  id: string;
  name: string;
  parentId: string | null;
  path: string;
  testCount: number;
}

export const PATH_SEPARATOR = ' / ';

/**
 * How deep folders may nest (the public contract sets no limit). Generous for any real library, and
 * it bounds a path's length (50 names of 60 characters) and the ancestry queries' work.
 */
export const MAX_FOLDER_DEPTH = 50;

/**
 * Paths and subtree test counts for a whole organisation in one pass over its
 * rows. Done in memory: an organisation has hundreds of folders, not millions,
 * and this keeps the SQL a plain scan. Sorted by path for a stable listing.
 * Iterative and linear in the number of folders: trees made before the depth limit
 * may be thousands deep, which a recursive walk cannot take (stack overflow).
 */
export function buildFolderViews(rows: FolderRow[]): FolderView[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const children = new Map<string | null, FolderRow[]>();
  for (const row of rows) {
    const parent = row.parentId !== null && byId.has(row.parentId) ? row.parentId : null;
    const siblings = children.get(parent);
    if (siblings) siblings.push(row);
    else children.set(parent, [row]);
  }
  // Depth-first from the roots, parents before their children...
  const views: FolderView[] = [];
  const viewOf = new Map<string, FolderView>();
  const stack: Array<{ row: FolderRow; parent: FolderView | null }> = (children.get(null) ?? []).map((row) => ({ row, parent: null }));
  while (stack.length > 0) {
    const { row, parent } = stack.pop()!;
    const path = parent === null ? row.name : parent.path + PATH_SEPARATOR + row.name;
    const view: FolderView = { id: row.id, name: row.name, parentId: row.parentId, path, testCount: row.directTests };
    views.push(view);
    viewOf.set(row.id, view);
    for (const child of children.get(row.id) ?? []) stack.push({ row: child, parent: view });
  }
  // ...so, walked backwards, every subtree is complete before it is added to its parent.
  for (let i = views.length - 1; i >= 0; i--) {
    const view = views[i]!;
    const parent = view.parentId === null ? undefined : viewOf.get(view.parentId);
    if (parent) parent.testCount += view.testCount;
  }
  return views.sort((a, b) => a.path.localeCompare(b.path) || a.id.localeCompare(b.id));
}
