import type { Layout } from '@core/shared/layout/schema';
import { savedLayoutSchema } from '@core/shared/workspace/api';
import type { LayoutStore } from '../workspace/layoutStore';
import { apiGet, apiMutate } from './client';

const pathFor = (layoutId: string) => `/api/v2/workspace/layouts/${encodeURIComponent(layoutId)}`;

/** Saved arrangements live on the server, per user, so they follow the analyst between machines. */
export const httpLayoutStore: LayoutStore = {
  async load(layoutId) {
    const saved = await apiGet(pathFor(layoutId), { schema: savedLayoutSchema });
    return (saved?.layout as Layout | null) ?? null;
  },
  async save(layout) {
    await apiMutate('PUT', pathFor(layout.id), { body: { layout }, schema: savedLayoutSchema });
  },
  async reset(layoutId) {
    await apiMutate('DELETE', pathFor(layoutId), { schema: savedLayoutSchema });
  },
};
