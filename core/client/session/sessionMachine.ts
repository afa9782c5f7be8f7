import { assign, fromPromise, setup } from 'xstate';
import type { CurrentUser } from '@core/shared/access/session';

/** Refresh this long before the access token expires (spec part 1 section 9). */
export const REFRESH_LEAD_MS = 5 * 60 * 1000;

export interface SessionContext {
  current: CurrentUser | null;
  /** Why the last session ended: a token timeout (user was present) or a stale cookie (none was). */
  endedBecause: 'token-timeout' | 'stale-cookie' | 'signed-out' | null;
}

export type SessionEvent =
  | { type: 'SIGNED_IN' }
  | { type: 'SIGN_OUT' }
  | { type: 'SWITCH_ORGANIZATION'; organizationId: string }
  | { type: 'RECHECK' };

/**
 * The session lifecycle of spec part 1 section 4, as one machine created once and shared. Its actors are
 * provided by the caller (real HTTP in the app, other functions in pure machine tests).
 */
export const sessionMachine = setup({
  types: { context: {} as SessionContext, events: {} as SessionEvent },
  actors: {
    fetchCurrent: fromPromise<CurrentUser>(async () => { throw new Error('fetchCurrent not provided'); }),
    refresh: fromPromise<unknown, { organizationId?: string }>(async () => { throw new Error('refresh not provided'); }),
    logout: fromPromise<void>(async () => undefined),
  },
  delays: {
    untilRefresh: ({ context }) => {
      const exp = context.current?.exp ?? 0;
      return Math.max(0, exp * 1000 - Date.now() - REFRESH_LEAD_MS);
    },
  },
}).createMachine({
  id: 'session',
  context: { current: null, endedBecause: null },
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        src: 'fetchCurrent',
        onDone: { target: 'active', actions: assign({ current: ({ event }) => event.output, endedBecause: null }) },
        onError: [
          // A user was present and the call failed: the session ended as a token timeout.
          { guard: ({ context }) => context.current !== null, target: 'ended', actions: assign({ current: null, endedBecause: 'token-timeout' }) },
          // No user and the call failed: a stale cookie; log out so the cookies are cleared.
          { target: 'clearingStaleCookie' },
        ],
      },
    },
    clearingStaleCookie: {
      invoke: { src: 'logout', onDone: 'anonymous', onError: 'anonymous' },
      exit: assign({ endedBecause: 'stale-cookie' }),
    },
    active: {
      after: { untilRefresh: 'refreshing' },
      on: {
        SIGN_OUT: 'signingOut',
        RECHECK: 'checking',
        SWITCH_ORGANIZATION: 'switching',
      },
    },
    refreshing: {
      invoke: { src: 'refresh', input: () => ({}), onDone: 'checking', onError: { target: 'ended', actions: assign({ current: null, endedBecause: 'token-timeout' }) } },
    },
    switching: {
      invoke: {
        src: 'refresh',
        input: ({ event }) => ({ organizationId: event.type === 'SWITCH_ORGANIZATION' ? event.organizationId : undefined }),
        onDone: 'checking',
        onError: 'active',
      },
    },
    signingOut: {
      invoke: { src: 'logout', onDone: { target: 'anonymous', actions: assign({ current: null, endedBecause: 'signed-out' }) }, onError: { target: 'anonymous', actions: assign({ current: null, endedBecause: 'signed-out' }) } },
    },
    anonymous: { on: { SIGNED_IN: 'checking', RECHECK: 'checking' } },
    ended: { on: { SIGNED_IN: 'checking', RECHECK: 'checking' } },
  },
});
