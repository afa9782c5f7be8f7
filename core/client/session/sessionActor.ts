import { createActor, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import type { CurrentUser } from '@core/shared/access/session';
import { sessionMachine } from './sessionMachine';
import { fetchCurrentUser, logout, refreshSession } from './sessionApi';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;

/** The one session actor of the app, talking to the real API. */
export function createSessionActor(): SessionActor {
  const machine = sessionMachine.provide({
    actors: {
      fetchCurrent: fromPromise<CurrentUser>(() => fetchCurrentUser()),
      refresh: fromPromise<unknown, { organizationId?: string }>(({ input }) => refreshSession(input.organizationId)),
      logout: fromPromise<void>(() => logout()),
    },
  });
  return createActor(machine).start();
}

const SETTLED = ['active', 'anonymous', 'ended'] as const;

/** Resolves once the session knows whether someone is signed in. */
export async function settledSession(actor: SessionActor): Promise<CurrentUser | null> {
  const snapshot = await waitFor(actor, (s) => SETTLED.some((state) => s.matches(state)), { timeout: 30_000 });
  return snapshot.matches('active') ? snapshot.context.current : null;
}

/**
 * Signs out (header menu and palette alike). For users of a single-sign-on organisation the provider's logout page is
 * opened first, as spec part 1 section 7 says ("the SSO logout URL is opened first if present"), in a new tab so this
 * page can still end our session; then our session ends. `open` is injectable for tests.
 */
export async function signOut(actor: SessionActor, open: (url: string) => void = (url) => { window.open(url, '_blank', 'noopener,noreferrer'); }): Promise<void> {
  const logoutUrl = actor.getSnapshot().context.current?.logout_url ?? null;
  if (logoutUrl) open(logoutUrl);
  actor.send({ type: 'SIGN_OUT' });
  await waitFor(actor, (s) => s.matches('anonymous'), { timeout: 10_000 }).catch(() => undefined);
}
