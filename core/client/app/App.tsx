import { RouterProvider } from '@tanstack/react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import type { Layout } from '@core/shared/layout/schema';
import type { ClientPlugin } from '../plugin/contract';
import { createSessionActor } from '../session/sessionActor';
import { SessionProvider } from '../session/SessionContext';
import { ErrorDialogBoundary } from '../shell/ErrorDialog';
import { apiKey } from '../services/keys';
import { createQueryClient } from './queryClient';
import { createAppRouter } from './router';
import { loginRedirectFor } from './routes';
import { ThemeProvider } from './theme';
import { createHostHolder, WorkbenchProvider } from './hostContext';
import { NotificationsProvider } from './notifications';
import { LayoutsProvider } from './layouts';

export interface WorkbenchOptions {
  /** Loaded with the signed-in shell (a dynamic import keeps plugins out of the /login bundle). */
  loadPlugins: () => Promise<readonly ClientPlugin[]>;
  layouts: ReadonlyMap<string, Layout>;
}

/** Builds the app once: one session actor, one query client, one router, one plugin host. */
export function createWorkbenchApp({ loadPlugins, layouts }: WorkbenchOptions) {
  const session = createSessionActor();
  const queryClient = createQueryClient();
  const host = createHostHolder(async () => {
    const [{ createWorkbenchHost }, plugins] = await Promise.all([import('./host'), loadPlugins()]);
    const created = createWorkbenchHost(plugins);
    created.services.provide(apiKey, { queryClient });
    return created;
  });
  const router = createAppRouter({ session, queryClient, host });
  // A session that ends while in use (token timeout, sign out) sends the user to /login; a stale cookie found at
  // start-up is handled by the router's guard, which keeps the requested path in `next`.
  session.subscribe((s) => {
    const why = s.context.endedBecause;
    if (!(s.matches('ended') || s.matches('anonymous')) || (why !== 'token-timeout' && why !== 'signed-out')) return;
    if (window.location.pathname.startsWith('/login')) return;
    queryClient.clear();
    const here = `${window.location.pathname}${window.location.search}`;
    const target = loginRedirectFor(here);
    void router.navigate({ to: '/login', search: why === 'token-timeout' ? { ...target.search, status: 'timeout' } : {} });
  });

  return function App() {
    return (
      <ThemeProvider>
        <NotificationsProvider>
          <ErrorDialogBoundary>
            <QueryClientProvider client={queryClient}>
              <SessionProvider actor={session}>
                <WorkbenchProvider value={host}>
                  <LayoutsProvider value={layouts}>
                    <RouterProvider router={router} />
                  </LayoutsProvider>
                </WorkbenchProvider>
              </SessionProvider>
            </QueryClientProvider>
          </ErrorDialogBoundary>
        </NotificationsProvider>
      </ThemeProvider>
    );
  };
}
