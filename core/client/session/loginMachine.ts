import { assign, fromPromise, setup } from 'xstate';
import type { LoginResponse } from '@core/shared/access/session';
import { LOGIN_STATUS_MESSAGES } from '@core/shared/access/session';
import { sameSitePath } from '@core/shared/access/sameSitePath';

/** Only same-site paths are followed after sign-in; anything else goes to the dashboard. */
export const safeNext = sameSitePath;

export interface LoginContext {
  email: string;
  password: string;
  code: string;
  next: string | undefined;
  error: string | null;
  /** Where the browser goes when the machine is done (a full-page URL for SSO and `location`, else a route). */
  destination: { kind: 'redirect' | 'route'; href: string } | null;
}

export type LoginEvent =
  | { type: 'START'; next?: string; status?: string }
  | { type: 'SUBMIT_EMAIL'; email: string }
  | { type: 'SUBMIT_PASSWORD'; password: string }
  | { type: 'SUBMIT_CODE'; code: string }
  | { type: 'CHANGE_EMAIL' };

export interface LoginInput {
  email: string;
  password: string;
  next?: string;
  mfaCode?: string;
}

/** Errors the login actor throws carry a kind: the MFA ones lead to the code step. */
type LoginFailure = Error & { kind?: 'credentials' | 'mfa_required' | 'mfa_invalid' | 'status' };

const failureKind = (error: unknown) => (error as LoginFailure)?.kind;

/**
 * The two-step sign-in of spec part 1 sections 2 and 4, created once per app and shared: email and Next → SSO
 * check → redirect to the SSO link, or the password step → Log In → (code step for MFA users) → the branches
 * of the login answer: location (redirect), change_password (/changePassword), require_mfa_enabled
 * (/mfa-required), roles and organisation (next or /). `checkSso`, `login` and `startSession` are provided by
 * the caller (the real API in the app, other functions in pure machine tests).
 */
export const loginMachine = setup({
  types: { context: {} as LoginContext, events: {} as LoginEvent },
  actors: {
    checkSso: fromPromise<string | null, { email: string }>(async () => { throw new Error('checkSso not provided'); }),
    login: fromPromise<LoginResponse, LoginInput>(async () => { throw new Error('login not provided'); }),
    startSession: fromPromise<void, { response: LoginResponse }>(async () => undefined),
  },
  guards: {
    hasLocation: ({ event }) => !!(event as unknown as { output: LoginResponse }).output.location,
    needsCode: ({ event }) => failureKind((event as unknown as { error: unknown }).error) === 'mfa_required',
    codeRefused: ({ event }) => failureKind((event as unknown as { error: unknown }).error) === 'mfa_invalid',
  },
}).createMachine({
  id: 'login',
  context: { email: '', password: '', code: '', next: undefined, error: null, destination: null },
  initial: 'email',
  on: {
    // Visiting /login again starts over, keeping `next` and showing the status message of ?status=.
    START: {
      target: '.email',
      actions: assign(({ event }) => ({
        email: '', password: '', code: '', next: event.next, destination: null,
        error: event.status ? LOGIN_STATUS_MESSAGES[event.status] ?? null : null,
      })),
    },
  },
  states: {
    email: {
      on: {
        SUBMIT_EMAIL: { guard: ({ event }) => event.email.trim() !== '', target: 'checkingSso', actions: assign({ email: ({ event }) => event.email.trim(), error: null }) },
      },
    },
    checkingSso: {
      invoke: {
        src: 'checkSso',
        input: ({ context }) => ({ email: context.email }),
        onDone: [
          { guard: ({ event }) => !!event.output, target: 'redirecting', actions: assign({ destination: ({ event }) => ({ kind: 'redirect' as const, href: event.output! }) }) },
          { target: 'password' },
        ],
        onError: { target: 'email', actions: assign({ error: ({ event }) => (event.error as Error).message }) },
      },
    },
    password: {
      on: {
        SUBMIT_PASSWORD: { guard: ({ event }) => event.password !== '', target: 'signingIn', actions: assign({ password: ({ event }) => event.password, error: null }) },
        CHANGE_EMAIL: { target: 'email', actions: assign({ password: '', error: null }) },
      },
    },
    signingIn: {
      invoke: {
        src: 'login',
        input: ({ context }) => ({ email: context.email, password: context.password, next: context.next, mfaCode: context.code || undefined }),
        onDone: [
          { guard: 'hasLocation', target: 'redirecting', actions: assign({ destination: ({ event }) => ({ kind: 'redirect' as const, href: event.output.location! }) }) },
          {
            guard: ({ event }) => event.output.change_password,
            target: 'startingSession',
            actions: assign({ destination: { kind: 'route' as const, href: '/changePassword' } }),
          },
          {
            guard: ({ event }) => event.output.require_mfa_enabled,
            target: 'startingSession',
            actions: assign({ destination: { kind: 'route' as const, href: '/mfa-required' } }),
          },
          {
            guard: ({ event }) => !!event.output.roles && !!event.output.organization_id,
            target: 'startingSession',
            actions: assign({ destination: ({ context }) => ({ kind: 'route' as const, href: safeNext(context.next) }) }),
          },
          // An answer without roles or organisation cannot start a session.
          { target: 'password', actions: assign({ error: 'Error logging in: 200', password: '' }) },
        ],
        onError: [
          { guard: 'needsCode', target: 'code', actions: assign({ error: null, code: '' }) },
          { guard: 'codeRefused', target: 'code', actions: assign({ error: ({ event }) => (event.error as Error).message, code: '' }) },
          // The password field is kept so the user can correct it; the button is enabled again.
          { target: 'password', actions: assign({ error: ({ event }) => (event.error as Error).message, code: '' }) },
        ],
      },
    },
    code: {
      on: {
        SUBMIT_CODE: { guard: ({ event }) => event.code.trim() !== '', target: 'signingIn', actions: assign({ code: ({ event }) => event.code.trim(), error: null }) },
        CHANGE_EMAIL: { target: 'email', actions: assign({ password: '', code: '', error: null }) },
      },
    },
    startingSession: {
      // The password is forgotten as soon as it is no longer needed.
      entry: assign({ password: '', code: '' }),
      invoke: {
        src: 'startSession',
        input: ({ event }) => ({ response: (event as unknown as { output: LoginResponse }).output }),
        onDone: 'signedIn',
        onError: { target: 'password', actions: assign({ error: ({ event }) => (event.error as Error).message, destination: null }) },
      },
    },
    // Not final: the one shared actor starts over (START) when /login is visited again.
    redirecting: { entry: assign({ password: '', code: '' }) },
    signedIn: {},
  },
});
