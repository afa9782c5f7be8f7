import type { ReactElement } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { emptyFilters, type Filters } from '@core/shared/filters';
import { createWorkbenchHost, type WorkbenchHost } from '../app/host';
import { WorkbenchProvider, createHostHolder } from '../app/hostContext';
import type { ClientPlugin } from '../plugin/contract';
import { PopupHost } from '../selection/PopupHost';
import { apiKey, selectionKey } from '../services/keys';
import { renderWithProviders } from './render';
import { disposeAfterTest } from './teardown';

export interface RenderInWorkbenchOptions {
  plugins?: readonly ClientPlugin[];
  conversationId?: string;
  /** What the popup host gives popups (panels get their filters as props). */
  filters?: Filters;
  queryClient?: QueryClient;
  /** Register services (filters, workspace ...) on the host before rendering. */
  setup?: (host: WorkbenchHost) => void;
}

/**
 * Renders `ui` as the conversation page would: inside the plugin host of `plugins` (their services, commands and
 * popup renderers, `core.api` with the test's query client) with the page's popup host beside it, so opening a
 * popup from a panel, a popup or a command shows it.
 */
export function renderInWorkbench(ui: ReactElement, options: RenderInWorkbenchOptions = {}) {
  const host = createWorkbenchHost(options.plugins ?? []);
  disposeAfterTest(host.dispose);
  const holder = createHostHolder(async () => host);
  void holder.load();
  holder.current = host;
  const queryClient = options.queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false } } });
  host.services.provide(apiKey, { queryClient });
  options.setup?.(host);
  const conversationId = options.conversationId ?? 'c1';
  const filters = options.filters ?? emptyFilters();
  const wrap = (element: ReactElement) => (
    <WorkbenchProvider value={holder}>
      {element}
      <PopupHost conversationId={conversationId} filters={filters} />
    </WorkbenchProvider>
  );
  const rendered = renderWithProviders(wrap(ui), { queryClient });
  return { ...rendered, host, selection: host.services.get(selectionKey), rerender: (next: ReactElement) => rendered.rerender(wrap(next)) };
}
