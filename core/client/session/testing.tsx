import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  Outlet, RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter, useRouterState,
} from '@tanstack/react-router';
import { createActor, fromPromise } from 'xstate';
import type { CurrentUser, LoginResponse } from '@core/shared/access/session';
import { NotificationsProvider } from '../app/notifications';
import { ThemeProvider } from '../app/theme';
import { sessionMachine } from './sessionMachine';
import type { SessionActor } from './sessionActor';
import { SessionProvider } from './SessionContext';
import { loginMachine, type LoginInput } from './loginMachine';
import { mfaEnrolmentMachine, type MfaEnabled, type MfaSetup } from './mfaEnrolmentMachine';
import type { AccessActors } from './accessActors';

/** A current-user answer for tests. */
export function currentUser(over: Partial<CurrentUser['user']> = {}, top: Partial<CurrentUser> = {}): CurrentUser {
  const user = {
    id: 'u1', email: 'ada@acme.test', first_name: 'Ada', last_name: 'Lovelace', organization_id: 'org-1', group_ids: [], permissions: [],
    is_global_admin: false, is_analyst: true, is_senior_analyst: false, is_org_admin: false, require_mfa_enabled: false,
    mfa_enabled: false, mfa_enabled_at: null, change_password: false, uses_sso: false, ...over,
  };
  return {
    exp: Math.floor(Date.now() / 1000) + 900, roles: user.is_global_admin ? ['Global Admin'] : ['Analyst'], features: [], logout_url: null,
    feedback_url: null, remote_media: 'proxy', auth_method: 'cookie', analytics: false, claims: { organization_id: user.organization_id, roles: ['Analyst'] }, user, ...top,
  };
}

/**
 * A session actor whose current-user call answers the given users in turn (null: not signed in), with the
 * other calls recorded. The machine is the real one; only its calls to the server are replaced.
 */
export function testSession(answers: Array<CurrentUser | null>) {
  const calls = { refresh: [] as Array<string | undefined>, logout: 0 };
  let i = 0;
  const actor = createActor(sessionMachine.provide({
    actors: {
      fetchCurrent: fromPromise<CurrentUser>(async () => {
        const next = answers[Math.min(i++, answers.length - 1)];
        if (!next) throw new Error('not logged in');
        return next;
      }),
      refresh: fromPromise<unknown, { organizationId?: string }>(async ({ input }) => { calls.refresh.push(input.organizationId); return {}; }),
      logout: fromPromise<void>(async () => { calls.logout++; }),
    },
  })).start() as SessionActor;
  return { actor, calls };
}

export interface TestAccessScript {
  checkSso?: (email: string) => Promise<string | null>;
  login?: (input: LoginInput) => Promise<LoginResponse>;
  beginSetup?: () => Promise<MfaSetup>;
  verifyCode?: (code: string) => Promise<MfaEnabled>;
}

/** Login and MFA actors built from the real machines with scripted server calls. */
export function testAccessActors(session: SessionActor, script: TestAccessScript = {}): AccessActors {
  const login = createActor(loginMachine.provide({
    actors: {
      checkSso: fromPromise<string | null, { email: string }>(({ input }) => (script.checkSso ?? (async () => null))(input.email)),
      login: fromPromise<LoginResponse, LoginInput>(({ input }) => (script.login ?? (async () => { throw new Error('no login'); }))(input)),
      startSession: fromPromise<void, { response: LoginResponse }>(async () => { session.send({ type: 'SIGNED_IN' }); }),
    },
  })).start();
  const mfaEnrolment = createActor(mfaEnrolmentMachine.provide({
    actors: {
      beginSetup: fromPromise<MfaSetup>(() => (script.beginSetup ?? (async () => { throw new Error('no setup'); }))()),
      verifyCode: fromPromise<MfaEnabled, { code: string }>(({ input }) => (script.verifyCode ?? (async () => { throw new Error('no verify'); }))(input.code)),
    },
  })).start();
  return { login, mfaEnrolment };
}

function Where() {
  const location = useRouterState({ select: (s) => s.location });
  return <div data-testid="location">{`${location.pathname}${location.searchStr ?? ''}`}</div>;
}

const STUB_PATHS = ['/', '/login', '/forgotPassword', '/changePassword', '/mfa-required', '/myOrganization/$page', '/projects/$projectName'];

/**
 * Renders a page at `url` inside a memory router (other paths render their location, so a test can see where
 * the page navigated), with the theme, notifications, data cache and the given session and access actors.
 */
export function renderWithSession(page: () => ReactElement, opts: { path: string; url: string; session: SessionActor; access: AccessActors }) {
  const root = createRootRoute({ component: () => <><Outlet /><Where /></> });
  const pageRoute = createRoute({ getParentRoute: () => root, path: opts.path, component: page });
  const stubs = STUB_PATHS.filter((p) => p !== opts.path).map((p) => createRoute({ getParentRoute: () => root, path: p, component: () => null }));
  const router = createRouter({
    routeTree: root.addChildren([pageRoute, ...stubs]),
    history: createMemoryHistory({ initialEntries: [opts.url] }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <ThemeProvider>
      <NotificationsProvider>
        <QueryClientProvider client={queryClient}>
          <SessionProvider actor={opts.session} access={opts.access}>
            <RouterProvider router={router as never} />
          </SessionProvider>
        </QueryClientProvider>
      </NotificationsProvider>
    </ThemeProvider>,
  );
  return { ...result, router, queryClient };
}

/** Renders a component (no routing) with Fluent UI and the data cache. */
export function renderPlain(ui: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<FluentProvider theme={webLightTheme}><QueryClientProvider client={queryClient}>{ui}</QueryClientProvider></FluentProvider>);
}
