import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { vi } from 'vitest';
import { waitFor } from 'xstate';
import type { PermissionSubject } from '@core/shared/access/permissions';
import { emptyFilters, type Filters } from '@core/shared/filters';
import { createWorkbenchHost, type WorkbenchHost } from '@core/client/app/host';
import { WorkbenchProvider, createHostHolder } from '@core/client/app/hostContext';
import type { ClientPlugin } from '@core/client/plugin/contract';
import { PopupHost } from '@core/client/selection/PopupHost';
import { apiKey, navigationKey, selectionKey } from '@core/client/services/keys';
import { SessionProvider } from '@core/client/session/SessionContext';
import { currentUser, testAccessActors, testSession } from '@core/client/session/testing';
import type { FakeInsightsApi } from './fakeInsightsApi';
import { disposeAfterTest } from '@core/client/testing/teardown';

export interface InsightsHarnessOptions {
  api: FakeInsightsApi;
  /** Who is signed in (the fake server applies the same roles). */
  user: PermissionSubject;
  plugins?: readonly ClientPlugin[];
  conversationId?: string;
  filters?: Filters;
  setup?: (host: WorkbenchHost) => void;
}

/**
 * Renders `ui` as the app does: Fluent, the query cache, a signed-in session (the real session machine whose
 * current-user call answers `user`), the plugin host of `plugins` and the conversation page's popup host, over
 * the fake insights API. Navigation is recorded in `navigated`.
 */
export async function renderWithInsights(ui: ReactElement, opts: InsightsHarnessOptions) {
  vi.stubGlobal('fetch', vi.fn(opts.api.fetch));
  document.cookie = 'csrf_access_token=test-csrf';
  opts.api.setUser(opts.user);
  const { actor } = testSession([currentUser({}, { roles: [...opts.user.roles] })]);
  await waitFor(actor, (s) => s.matches('active'));
  const host = createWorkbenchHost(opts.plugins ?? []);
  disposeAfterTest(host.dispose);
  const holder = createHostHolder(async () => host);
  void holder.load();
  holder.current = host;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  host.services.provide(apiKey, { queryClient });
  const navigated: string[] = [];
  host.services.provide(navigationKey, { navigate: (to) => navigated.push(to), currentPath: () => '/' });
  opts.setup?.(host);
  const conversationId = opts.conversationId ?? 'c1';
  const wrap = (element: ReactElement) => (
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider actor={actor} access={testAccessActors(actor)}>
          <WorkbenchProvider value={holder}>
            {element}
            <PopupHost conversationId={conversationId} filters={opts.filters ?? emptyFilters()} />
          </WorkbenchProvider>
        </SessionProvider>
      </QueryClientProvider>
    </FluentProvider>
  );
  const rendered = render(wrap(ui));
  return { ...rendered, host, queryClient, navigated, selection: host.services.get(selectionKey), rerender: (next: ReactElement) => rendered.rerender(wrap(next)) };
}
