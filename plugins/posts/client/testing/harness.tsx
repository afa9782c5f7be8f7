import { useState, useSyncExternalStore, type ComponentType } from 'react';
import { render } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { vi } from 'vitest';
import { createWorkbenchHost } from '@core/client/app/host';
import { WorkbenchProvider, createHostHolder } from '@core/client/app/hostContext';
import { NotificationsProvider } from '@core/client/app/notifications';
import { PopupHost } from '@core/client/selection/PopupHost';
import type { PanelProps } from '@core/client/plugin/contract';
import { apiKey, filtersKey, notificationsKey } from '@core/client/services/keys';
import { clearAll, decodeFilters, isEmptyFilters, mergeIntoSearch, toQueryString } from '@core/shared/filters';
import postsClient from '../index';
import type { FakeExplorerApi } from './fakeExplorerApi';
import { disposeAfterTest } from '@core/client/testing/teardown';

/** The URL's query string, as the shell's filters service keeps it; tests read it to see what a user would share. */
export function urlStore(initial = '') {
  let search = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => search,
    set(next: string) {
      search = next;
      listeners.forEach((l) => l());
    },
    subscribe(l: () => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}

/**
 * Renders a panel of this plugin as the workspace does: providers (theme, notifications, query cache, the plugin
 * host with its services), a filters service over an in-memory URL (the shell's one writes the browser URL), and
 * the panel receiving the filters decoded from that URL, over the fake HTTP API, with the page's popup host.
 */
export function renderPanel(Panel: ComponentType<PanelProps<any>>, opts: { api: FakeExplorerApi; search?: string; config?: Record<string, unknown>; conversationId?: string }) {
  vi.stubGlobal('fetch', vi.fn(opts.api.fetch));
  document.cookie = 'csrf_access_token=test-csrf';
  const host = createWorkbenchHost([postsClient]);
  disposeAfterTest(host.dispose);
  const holder = createHostHolder(async () => host);
  void holder.load();
  holder.current = host;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  host.services.provide(apiKey, { queryClient });
  const url = urlStore(opts.search ?? '');
  // Commands reach notifications through the service; panels show toasts through the provider.
  const notifications: Array<{ message: string; intent?: string }> = [];
  host.services.provide(notificationsKey, { notify: (message, intent) => notifications.push({ message, intent }) });
  host.services.provide(filtersKey, {
    get: () => decodeFilters(url.get()),
    hasAny: () => !isEmptyFilters(decodeFilters(url.get())),
    set: (next) => url.set(toQueryString(mergeIntoSearch(url.get(), next))),
    clearAll: () => url.set(toQueryString(clearAll(url.get()))),
  });

  function Harness() {
    const search = useSyncExternalStore(url.subscribe, url.get);
    const [config, setConfig] = useState<Record<string, unknown>>(opts.config ?? {});
    const conversationId = opts.conversationId ?? 'c1';
    // The conversation page's popup host sits beside the workspace: posts open in it.
    return (
      <>
        <Panel paneId="pane-1" config={config} setConfig={setConfig} conversationId={conversationId} filters={decodeFilters(search)} />
        <PopupHost conversationId={conversationId} filters={decodeFilters(search)} />
      </>
    );
  }
  const result = render(
    <FluentProvider theme={webLightTheme}>
      <NotificationsProvider>
        <QueryClientProvider client={queryClient}>
          <WorkbenchProvider value={holder}>
            <Harness />
          </WorkbenchProvider>
        </QueryClientProvider>
      </NotificationsProvider>
    </FluentProvider>,
  );
  return { ...result, host, url, queryClient, notifications };
}
