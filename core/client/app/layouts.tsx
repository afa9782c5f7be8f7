import { createContext, useContext } from 'react';
import type { Layout } from '@core/shared/layout/schema';

const LayoutsCtx = createContext<ReadonlyMap<string, Layout>>(new Map());
export const LayoutsProvider = LayoutsCtx.Provider;

export function useBuiltInLayout(layoutId: string): Layout | undefined {
  return useContext(LayoutsCtx).get(layoutId);
}
