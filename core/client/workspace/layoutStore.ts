import type { Layout } from '@core/shared/layout/schema';

/**
 * Where a user's arrangement of a layout is kept. The HTTP implementation (per user, on the server) lives with the
 * API client; tests use `memoryLayoutStore`.
 */
export interface LayoutStore {
  /** The user's saved arrangement of `layoutId`, or null when there is none. */
  load(layoutId: string): Promise<Layout | null>;
  save(layout: Layout): Promise<void>;
  /** Delete the saved arrangement so the built-in layout applies again. */
  reset(layoutId: string): Promise<void>;
}

/** An in-memory store for tests and for running the workspace without a server. */
export function memoryLayoutStore(initial: Layout[] = []): LayoutStore & { saved: Map<string, Layout> } {
  const saved = new Map(initial.map((layout) => [layout.id, layout]));
  return {
    saved,
    load: async (layoutId) => saved.get(layoutId) ?? null,
    save: async (layout) => {
      saved.set(layout.id, layout);
    },
    reset: async (layoutId) => {
      saved.delete(layoutId);
    },
  };
}
