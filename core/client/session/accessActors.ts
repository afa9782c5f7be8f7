import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import type { LoginResponse } from '@core/shared/access/session';
import { loginMachine, type LoginInput } from './loginMachine';
import { mfaEnrolmentMachine } from './mfaEnrolmentMachine';
import { accessApi } from './accessApi';
import type { SessionActor } from './sessionActor';
import { settledSession } from './sessionActor';
import { checkSso, login } from './sessionApi';

export type LoginActor = ActorRefFrom<typeof loginMachine>;
export type MfaEnrolmentActor = ActorRefFrom<typeof mfaEnrolmentMachine>;

export interface AccessActors {
  login: LoginActor;
  mfaEnrolment: MfaEnrolmentActor;
}

/**
 * The sign-in and MFA enrolment actors of the app, created once next to the session actor and talking to the
 * real API. A successful sign-in starts the session (SIGNED_IN) and waits until it is known.
 */
export function createAccessActors(session: SessionActor): AccessActors {
  const loginActor = createActor(loginMachine.provide({
    actors: {
      checkSso: fromPromise<string | null, { email: string }>(({ input }) => checkSso(input.email)),
      login: fromPromise<LoginResponse, LoginInput>(({ input }) => login(input.email, input.password, input.next, input.mfaCode)),
      startSession: fromPromise<void, { response: LoginResponse }>(async () => {
        session.send({ type: 'SIGNED_IN' });
        if (!(await settledSession(session))) throw new Error('Error logging in: 401');
      }),
    },
  })).start();
  const mfaActor = createActor(mfaEnrolmentMachine.provide({
    actors: {
      beginSetup: fromPromise(() => accessApi.mfaSetup()),
      verifyCode: fromPromise<Awaited<ReturnType<typeof accessApi.mfaVerify>>, { code: string }>(async ({ input }) => {
        const enabled = await accessApi.mfaVerify(input.code);
        // The session's user now has mfa_enabled: reload it so the banner and the guards see it.
        session.send({ type: 'RECHECK' });
        await settledSession(session);
        return enabled;
      }),
    },
  })).start();
  return { login: loginActor, mfaEnrolment: mfaActor };
}
