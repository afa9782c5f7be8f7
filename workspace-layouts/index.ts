import { layoutSchema, type Layout } from '@core/shared/layout/schema';

/**
 * The built-in layouts, one JSON file per tab/subtab of the conversation view. Bump a file's `version` when
 * changing it: saved arrangements of an older version are then migrated (the user's panes kept, panes of panel types
 * they have none of added; core/client/workspace/migrateLayout.ts), so new panes reach users who rearranged the old one.
 */
const files = import.meta.glob<{ default: unknown }>('./*.layout.json', { eager: true });

export const builtInLayouts: ReadonlyMap<string, Layout> = new Map(
  Object.values(files).map((mod) => {
    const layout = layoutSchema.parse(mod.default);
    return [layout.id, layout] as const;
  }),
);
