import type { ComponentType } from 'react';
import { render } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet, RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { createActor, fromPromise, waitFor } from 'xstate';
import { vi } from 'vitest';
import type { CurrentUser } from '@core/shared/access/session';
import { createWorkbenchHost } from '@core/client/app/host';
import { WorkbenchProvider, createHostHolder } from '@core/client/app/hostContext';
import { NotificationsProvider } from '@core/client/app/notifications';
import { apiKey } from '@core/client/services/keys';
import { sessionMachine } from '@core/client/session/sessionMachine';
import { SessionProvider } from '@core/client/session/SessionContext';
import conversationsClient from '../index';
import type { FakeApi } from './fakeApi';
import { disposeAfterTest } from '@core/client/testing/teardown';

export function currentUser(over: { permissions?: string[]; roles?: string[]; organizationId?: string } = {}): CurrentUser {
  const roles = over.roles ?? ['Analyst'];
  return {
    exp: Math.floor(Date.now() / 1000) + 3600, roles, features: [], logout_url: null,
    claims: { organization_id: over.organizationId ?? 'org-1', roles },
    user: {
      id: 'u1', email: 'analyst@acme.test', first_name: 'Ana', last_name: 'Lyst', organization_id: over.organizationId ?? 'org-1',
      group_ids: [], permissions: over.permissions ?? ['CREATE_CONVERSATION', 'DELETE_CONVERSATION'], is_global_admin: roles.includes('Global Admin'),
      is_analyst: true, is_senior_analyst: false, is_org_admin: false, require_mfa_enabled: false, mfa_enabled: true, mfa_enabled_at: null,
      change_password: false,
    },
    feedback_url: null, auth_method: 'cookie',
  } as unknown as CurrentUser;
}

/**
 * Renders components of this plugin inside the providers the workbench gives them (theme, notifications, query
 * cache, a signed-in session, the plugin host with its services, a router at `path` whose one route has the
 * pattern `routePath`, default any path), over a fake HTTP API.
 */
export async function renderWithApp(ui: ComponentType, opts: { api: FakeApi; path?: string; user?: CurrentUser | (() => CurrentUser); routePath?: string }) {
  vi.stubGlobal('fetch', vi.fn(opts.api.fetch));
  document.cookie = 'csrf_access_token=test-csrf';
  const session = createActor(sessionMachine.provide({
    actors: {
      fetchCurrent: fromPromise(async () => (typeof opts.user === 'function' ? opts.user() : opts.user) ?? currentUser()),
      refresh: fromPromise<unknown, { organizationId?: string }>(async () => undefined),
      logout: fromPromise<void>(async () => undefined),
    },
  })).start();
  await waitFor(session, (s) => s.matches('active'));
  const host = createWorkbenchHost([conversationsClient]);
  disposeAfterTest(host.dispose);
  const holder = createHostHolder(async () => host);
  await holder.load();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  host.services.provide(apiKey, { queryClient });
  const Ui = ui;
  const rootRoute = createRootRoute({ component: Outlet });
  const router = createRouter({
    routeTree: rootRoute.addChildren([createRoute({ getParentRoute: () => rootRoute, path: opts.routePath ?? '$', component: () => <Ui /> })]),
    history: createMemoryHistory({ initialEntries: [opts.path ?? '/'] }),
  });
  const result = render(
    <FluentProvider theme={webLightTheme}>
      <NotificationsProvider>
        <QueryClientProvider client={queryClient}>
          <SessionProvider actor={session}>
            <WorkbenchProvider value={holder}>
              <RouterProvider router={router as never} />
            </WorkbenchProvider>
          </SessionProvider>
        </QueryClientProvider>
      </NotificationsProvider>
    </FluentProvider>,
  );
  return { ...result, router, host, queryClient, session };
}
