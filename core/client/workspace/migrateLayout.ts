import { leavesOf, type Layout } from '@core/shared/layout/schema';
import { appendAtRoot, removeLeaf, renameLeaves } from './layoutTree';
import { nextPaneId } from './paneIds';

/**
 * Bringing a user's saved arrangement up to a newer version of its built-in layout, instead of replacing it: the
 * arrangement is the user's work (splits, sizes, tabs, panel configs), while a version bump usually means "this
 * tab now also shows X". Pure functions of (saved, built-in), so loading and tests agree on the result.
 *
 * Only the new built-in file is known, not the version the user saved against, so "added by the new version" is
 * judged by panel type: a built-in pane whose type the user has no pane of is new to them. The price is that a
 * pane type the user closed comes back once, on the next bump; it is a single close, and a silently missing new
 * panel would be worse.
 */

export interface LayoutMigration {
  layout: Layout;
  /** The version the arrangement had been saved at; null when it was not older than the built-in (a no-op). */
  migratedFrom: number | null;
  /** Panes added from the built-in layout, in its tree order, with the ids they have in `layout`. */
  addedPaneIds: string[];
}

/**
 * The saved arrangement at the built-in layout's version. Every saved pane stays as it is: its place, size, title,
 * config and `configVersion` (panel config migrations still run when the pane renders), including panes whose type
 * the new version no longer shows (they are the user's; an unregistered type shows its placeholder). The built-in
 * panes of types the user has none of are added as one block, last in a row at the root (`appendAtRoot`): joining
 * a root row with an equal share, or splitting any other root 50/50 with the user's tree on the left.
 * `saved` must already be valid and consistent (`layoutProblems` empty); `builtIn` is a checked built-in file.
 */
export function migrateLayout(saved: Layout, builtIn: Layout): LayoutMigration {
  if (saved.version >= builtIn.version) return { layout: saved, migratedFrom: null, addedPaneIds: [] };
  const added = builtInPanesNewTo(saved, builtIn);
  return {
    layout: {
      ...saved,
      id: builtIn.id,
      version: builtIn.version,
      // Layout titles come from the built-in files; users cannot rename them, so the new one is not a user edit.
      title: builtIn.title,
      root: added.root === null ? saved.root : appendAtRoot(saved.root, added.root, 'row'),
      panes: { ...saved.panes, ...added.panes },
    },
    migratedFrom: saved.version,
    addedPaneIds: leavesOf(added.root),
  };
}

/**
 * The built-in panes whose panel type `saved` has no pane of: the built-in tree with every other pane removed, so
 * the new panes keep the built-in's arrangement and relative sizes among themselves. A new pane whose built-in id
 * is already used in `saved` gets the next free `<panelType>#<n>`.
 */
export function builtInPanesNewTo(saved: Layout, builtIn: Layout): Pick<Layout, 'root' | 'panes'> {
  const savedTypes = new Set(Object.values(saved.panes).map((pane) => pane.type));
  const builtInIds = leavesOf(builtIn.root);
  let root = builtIn.root;
  for (const id of builtInIds) {
    if (savedTypes.has(builtIn.panes[id]!.type)) root = removeLeaf(root, id);
  }
  if (root === null) return { root: null, panes: {} };

  // Built-in ids are reserved too, so a renamed pane never takes the id of a later one that keeps its own.
  const taken = new Set([...Object.keys(saved.panes), ...builtInIds]);
  const idFor = new Map<string, string>();
  for (const id of leavesOf(root)) {
    const free = Object.hasOwn(saved.panes, id) ? nextPaneId(builtIn.panes[id]!.type, taken) : id;
    taken.add(free);
    idFor.set(id, free);
  }
  const panes = Object.fromEntries([...idFor].map(([from, to]) => [to, builtIn.panes[from]!]));
  return { root: renameLeaves(root, (id) => idFor.get(id)!), panes };
}
