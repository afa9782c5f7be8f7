import { z } from 'zod';

/**
 * A workspace layout: a react-mosaic n-ary tree whose leaves are pane ids, plus each pane's panel type and config.
 * Built-in layouts are versioned JSON files in workspace-layouts/; a user's arrangement is the same shape.
 */
export type LayoutNode =
  | string
  | { type: 'split'; direction: 'row' | 'column'; children: LayoutNode[]; splitPercentages?: number[] }
  | { type: 'tabs'; tabs: string[]; activeTabIndex: number };

export const layoutNodeSchema: z.ZodType<LayoutNode> = z.lazy(() =>
  z.union([
    z.string().min(1),
    z.object({
      type: z.literal('split'),
      direction: z.enum(['row', 'column']),
      children: z.array(layoutNodeSchema).min(1),
      splitPercentages: z.array(z.number().min(0).max(100)).optional(),
    }),
    z.object({
      type: z.literal('tabs'),
      tabs: z.array(z.string().min(1)).min(1),
      activeTabIndex: z.number().int().min(0),
    }),
  ]),
);

export const paneSchema = z.object({
  /** `<pluginId>.<camelName>`; an unknown type keeps its config and renders a placeholder. */
  type: z.string().min(1),
  /** Version of the panel's config shape, migrated by the panel's pure `migrate`. */
  configVersion: z.number().int().min(1).default(1),
  config: z.record(z.string(), z.unknown()).default({}),
  title: z.string().optional(),
});
export type Pane = z.infer<typeof paneSchema>;

export const LAYOUT_SCHEMA_VERSION = 1;

export const layoutSchema = z.object({
  /** `<tab>[.<subtab>]`, e.g. `explorer.posts`. */
  id: z.string().regex(/^[a-z][a-z-]*(\.[a-z][a-z-]*)?$/),
  version: z.number().int().min(1),
  title: z.string(),
  root: layoutNodeSchema.nullable(),
  panes: z.record(z.string(), paneSchema),
});
export type Layout = z.infer<typeof layoutSchema>;

export function leavesOf(node: LayoutNode | null): string[] {
  if (node === null) return [];
  if (typeof node === 'string') return [node];
  if (node.type === 'tabs') return [...node.tabs];
  return node.children.flatMap(leavesOf);
}

/** Problems that make a layout unusable: leaves without panes, panes without leaves. */
export function layoutProblems(layout: Layout): string[] {
  const leaves = leavesOf(layout.root);
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const leaf of leaves) {
    if (seen.has(leaf)) problems.push(`pane '${leaf}' appears twice in the tree`);
    seen.add(leaf);
    if (!layout.panes[leaf]) problems.push(`pane '${leaf}' has no entry in panes`);
  }
  for (const id of Object.keys(layout.panes)) {
    if (!seen.has(id)) problems.push(`pane '${id}' is not placed in the tree`);
  }
  return problems;
}
