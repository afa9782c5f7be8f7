import type { LayoutNode } from '@core/shared/layout/schema';

/**
 * Pure edits of the react-mosaic n-ary tree. Kept apart from the reducer so each edit can be read (and tested) on
 * its own; every function returns new objects and never mutates its input, because Mosaic and React compare by
 * reference.
 */

export type SplitDirection = 'row' | 'column';
export type SplitNode = Extract<LayoutNode, { type: 'split' }>;
export type TabsNode = Extract<LayoutNode, { type: 'tabs' }>;

/** A split's percentages, or equal shares when they are missing or do not match the children. */
export function percentagesOf(split: SplitNode): number[] {
  const n = split.children.length;
  const stored = split.splitPercentages;
  if (stored && stored.length === n) return [...stored];
  return Array.from({ length: n }, () => 100 / n);
}

/** Scale percentages so they sum to 100 again (after a child was removed). */
function rescale(percentages: number[]): number[] {
  const total = percentages.reduce((a, b) => a + b, 0);
  if (total <= 0) return percentages.map(() => 100 / percentages.length);
  return percentages.map((p) => (p * 100) / total);
}

export function containsLeaf(node: LayoutNode | null, id: string): boolean {
  if (node === null) return false;
  if (typeof node === 'string') return node === id;
  if (node.type === 'tabs') return node.tabs.includes(id);
  return node.children.some((child) => containsLeaf(child, id));
}

/** Leaves the user can see: every leaf, but only the active tab of a tab group. */
export function visibleLeaves(node: LayoutNode | null): string[] {
  if (node === null) return [];
  if (typeof node === 'string') return [node];
  if (node.type === 'tabs') {
    const active = node.tabs[node.activeTabIndex] ?? node.tabs[0];
    return active === undefined ? [] : [active];
  }
  return node.children.flatMap(visibleLeaves);
}

/** Remove a leaf; splits and tab groups left with one child collapse into that child, empty ones disappear. */
export function removeLeaf(node: LayoutNode | null, id: string): LayoutNode | null {
  if (node === null) return null;
  if (typeof node === 'string') return node === id ? null : node;
  if (node.type === 'tabs') {
    const index = node.tabs.indexOf(id);
    if (index < 0) return node;
    const tabs = node.tabs.filter((tab) => tab !== id);
    if (tabs.length === 0) return null;
    if (tabs.length === 1) return tabs[0]!;
    let activeTabIndex = node.activeTabIndex;
    if (index < activeTabIndex || (index === activeTabIndex && index > 0)) activeTabIndex -= 1;
    return { type: 'tabs', tabs, activeTabIndex: Math.min(activeTabIndex, tabs.length - 1) };
  }
  if (!containsLeaf(node, id)) return node;
  const percentages = percentagesOf(node);
  const children: LayoutNode[] = [];
  const kept: number[] = [];
  node.children.forEach((child, i) => {
    const next = removeLeaf(child, id);
    if (next !== null) {
      children.push(next);
      kept.push(percentages[i]!);
    }
  });
  if (children.length === 0) return null;
  if (children.length === 1) return children[0]!;
  return { ...node, children, splitPercentages: rescale(kept) };
}

/** True for the child that "is" the target pane in its parent split: the leaf itself or the tab group holding it. */
function isUnitOf(node: LayoutNode, id: string): boolean {
  if (typeof node === 'string') return node === id;
  return node.type === 'tabs' && node.tabs.includes(id);
}

/**
 * Place `newId` beside the pane `targetId`, after it, along `direction`. When the pane already sits in a split of
 * that direction the new pane becomes a sibling that takes half of the target's share (the n-ary tree stays flat,
 * as a user expects from "split right" three times); otherwise the pane is wrapped in a new 50/50 split. Mosaic
 * cannot split inside a tab group, so a tab's whole group is split.
 */
export function splitBeside(
  node: LayoutNode,
  targetId: string,
  newId: string,
  direction: SplitDirection,
): LayoutNode {
  if (isUnitOf(node, targetId)) {
    return { type: 'split', direction, children: [node, newId], splitPercentages: [50, 50] };
  }
  if (typeof node === 'string' || node.type === 'tabs') return node;
  const index = node.children.findIndex((child) => isUnitOf(child, targetId));
  if (index >= 0 && node.direction === direction) {
    const percentages = percentagesOf(node);
    const half = percentages[index]! / 2;
    const children = [...node.children];
    children.splice(index + 1, 0, newId);
    percentages.splice(index, 1, half, half);
    return { ...node, children, splitPercentages: percentages };
  }
  if (!containsLeaf(node, targetId)) return node;
  return { ...node, children: node.children.map((child) => splitBeside(child, targetId, newId, direction)) };
}

/**
 * Add a pane (or a whole subtree, as layout migration does) at the root, last: it becomes the root, joins a root
 * split of the same direction with an equal share, or splits the root 50/50.
 */
export function appendAtRoot(root: LayoutNode | null, added: LayoutNode, direction: SplitDirection = 'row'): LayoutNode {
  if (root === null) return added;
  if (typeof root !== 'string' && root.type === 'split' && root.direction === direction) {
    const n = root.children.length;
    const percentages = percentagesOf(root).map((p) => (p * n) / (n + 1));
    return { ...root, children: [...root.children, added], splitPercentages: [...percentages, 100 / (n + 1)] };
  }
  return { type: 'split', direction, children: [root, added], splitPercentages: [50, 50] };
}

/** The same tree with every leaf id passed through `rename` (shape, sizes and active tabs unchanged). */
export function renameLeaves(node: LayoutNode, rename: (id: string) => string): LayoutNode {
  if (typeof node === 'string') return rename(node);
  if (node.type === 'tabs') return { ...node, tabs: node.tabs.map(rename) };
  return { ...node, children: node.children.map((child) => renameLeaves(child, rename)) };
}

/** Make the tab holding `id` the active one, so focusing a pane also shows it. Returns the same tree if nothing changes. */
export function activateTab(node: LayoutNode, id: string): LayoutNode {
  if (typeof node === 'string') return node;
  if (node.type === 'tabs') {
    const index = node.tabs.indexOf(id);
    return index < 0 || index === node.activeTabIndex ? node : { ...node, activeTabIndex: index };
  }
  if (!containsLeaf(node, id)) return node;
  let changed = false;
  const children = node.children.map((child) => {
    const next = activateTab(child, id);
    if (next !== child) changed = true;
    return next;
  });
  return changed ? { ...node, children } : node;
}
