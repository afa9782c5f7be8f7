import { lazy } from 'react';
import {
  Outlet, createRootRouteWithContext, createRoute, createRouter, redirect,
} from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { SessionActor } from '../session/sessionActor';
import { settledSession } from '../session/sessionActor';
import { NotFoundPage } from '../pages/NotFoundPage';
import { LoginPage } from '../pages/LoginPage';
import { loginRedirectFor } from './routes';
import type { HostHolder } from './hostContext';

export interface RouterContext {
  session: SessionActor;
  queryClient: QueryClient;
  host: HostHolder;
}

// Signed-in screens load on demand so /login stays small.
const Shell = lazy(() => import('../shell/Shell'));
const DashboardLayout = lazy(() => import('../pages/DashboardLayout'));
const DashboardHome = lazy(() => import('../pages/DashboardHome'));
const ConversationPage = lazy(() => import('../pages/ConversationPage'));
const ProjectPage = lazy(() => import('../pages/ProjectPage'));
const MyOrganizationPage = lazy(() => import('../pages/MyOrganizationPage'));
const AccountPages = lazy(() => import('../pages/AccountPages'));

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFoundPage,
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: z.object({ next: z.string().optional(), status: z.string().optional() }),
  component: function Login() {
    const { next, status } = loginRoute.useSearch();
    return <LoginPage next={next} status={status} />;
  },
});

/** Setting a password and enrolling in MFA need the session the login started; without one, sign in first. */
const SIGNED_IN_ACCOUNT_PAGES = new Set(['changePassword', 'mfaRequired']);

const accountPage = <P extends string>(path: P, page: 'forgotPassword' | 'resetPassword' | 'changePassword' | 'mfaRequired') => {
  const route = createRoute({
    getParentRoute: () => rootRoute,
    path,
    validateSearch: z.object({ token: z.string().optional() }),
    beforeLoad: async ({ context, location }) => {
      if (!SIGNED_IN_ACCOUNT_PAGES.has(page)) return;
      if (!(await settledSession(context.session))) throw redirect(loginRedirectFor(location.href));
    },
    component: function Account() {
      const search: { token?: string } = route.useSearch();
      return <AccountPages page={page} token={search.token} />;
    },
  });
  return route;
};

/** Everything below requires a session; visitors without one go to /login with `next`. */
const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: async ({ context, location }) => {
    const user = await settledSession(context.session);
    if (!user) throw redirect(loginRedirectFor(location.href));
    // Until they enrol, users who must use MFA see only the enrolment page (the API refuses the rest anyway).
    if (user.user.require_mfa_enabled) throw redirect({ to: '/mfa-required' });
    await context.host.load();
    return { user };
  },
  component: Shell,
});

const dashboardRoute = createRoute({ getParentRoute: () => appRoute, id: 'dashboard', component: DashboardLayout });
const dashboardIndexRoute = createRoute({ getParentRoute: () => dashboardRoute, path: '/', component: DashboardHome });
export const conversationRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'conversations/$conversationId/{-$tab}/{-$subtab}',
  component: ConversationPage,
});
export const projectRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'projects/$projectName',
  component: ProjectPage,
});
export const projectConversationRoute = createRoute({
  getParentRoute: () => dashboardRoute,
  path: 'projects/$projectName/$conversationId/{-$tab}/{-$subtab}',
  component: ConversationPage,
});

const myOrganizationRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/myOrganization/{-$page}',
  component: MyOrganizationPage,
});

const routeTree = rootRoute.addChildren([
  loginRoute,
  accountPage('/forgotPassword', 'forgotPassword'),
  accountPage('/resetPassword/$', 'resetPassword'),
  accountPage('/changePassword', 'changePassword'),
  accountPage('/mfa-required', 'mfaRequired'),
  appRoute.addChildren([
    dashboardRoute.addChildren([dashboardIndexRoute, conversationRoute, projectRoute, projectConversationRoute]),
    myOrganizationRoute,
  ]),
]);

export function createAppRouter(context: RouterContext) {
  return createRouter({ routeTree, context, defaultPreload: false, scrollRestoration: true });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
