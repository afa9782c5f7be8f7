import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { LoginResponse } from '@core/shared/access/session';
import { loginMachine, safeNext, type LoginInput } from './loginMachine';

const answer = (over: Partial<LoginResponse> = {}): LoginResponse => ({
  exp: 1, organization_id: 'org-1', roles: ['Analyst'], user: null, change_password: false, location: null, require_mfa_enabled: false, ...over,
});
const failure = (message: string, kind: string) => Object.assign(new Error(message), { kind });

/** The machine under test with scripted actors (checkSso answers, a queue of login outcomes). */
function start(opts: { sso?: string | null | Error; logins: Array<LoginResponse | Error> }) {
  const seen = { logins: [] as LoginInput[], sessions: 0 };
  const actor = createActor(loginMachine.provide({
    actors: {
      checkSso: fromPromise<string | null, { email: string }>(async () => {
        if (opts.sso instanceof Error) throw opts.sso;
        return opts.sso ?? null;
      }),
      login: fromPromise<LoginResponse, LoginInput>(async ({ input }) => {
        seen.logins.push(input);
        const next = opts.logins.shift();
        if (!next) throw new Error('no scripted answer');
        if (next instanceof Error) throw next;
        return next;
      }),
      startSession: fromPromise<void, { response: LoginResponse }>(async () => { seen.sessions++; }),
    },
  })).start();
  return { actor, seen };
}

const settle = (actor: ReturnType<typeof start>['actor'], state: 'email' | 'password' | 'code' | 'signedIn' | 'redirecting') => waitFor(actor, (s) => s.matches(state));

describe('the login machine (spec part 1 §2 and §4)', () => {
  it('Next checks SSO and redirects to the sign-on link when one comes back', async () => {
    const { actor, seen } = start({ sso: '/api/v2/user/sso/login?organization_id=o', logins: [] });
    actor.send({ type: 'SUBMIT_EMAIL', email: ' sso@corp.test ' });
    expect(actor.getSnapshot().matches('checkingSso')).toBe(true);
    const s = await settle(actor, 'redirecting');
    expect(s.context.destination).toEqual({ kind: 'redirect', href: '/api/v2/user/sso/login?organization_id=o' });
    expect(seen.logins).toEqual([]);
  });

  it('shows the SSO check error and stays on the email step', async () => {
    const { actor } = start({ sso: new Error('Something went wrong. Please try again.'), logins: [] });
    actor.send({ type: 'SUBMIT_EMAIL', email: 'a@b.test' });
    const s = await settle(actor, 'email');
    expect(s.context.error).toBe('Something went wrong. Please try again.');
  });

  it('without a link asks for the password; a wrong one shows the message and allows another try', async () => {
    const { actor } = start({ logins: [failure('Invalid login credentials. Please try again.', 'credentials'), answer()] });
    actor.send({ type: 'START', next: '/projects/Alpha' });
    actor.send({ type: 'SUBMIT_EMAIL', email: 'a@b.test' });
    await settle(actor, 'password');
    actor.send({ type: 'SUBMIT_PASSWORD', password: 'wrong' });
    expect(actor.getSnapshot().matches('signingIn')).toBe(true);
    const failed = await settle(actor, 'password');
    expect(failed.context.error).toBe('Invalid login credentials. Please try again.');
    actor.send({ type: 'SUBMIT_PASSWORD', password: 'right' });
    const done = await settle(actor, 'signedIn');
    expect(done.context.destination).toEqual({ kind: 'route', href: '/projects/Alpha' });
    expect(done.context.password).toBe('');
  });

  it('follows the answer\'s branches in the spec\'s order: location, change_password, require_mfa_enabled, roles', async () => {
    const cases: Array<[Partial<LoginResponse>, { kind: string; href: string }]> = [
      [{ location: 'https://idp.test/x', change_password: true }, { kind: 'redirect', href: 'https://idp.test/x' }],
      [{ change_password: true, require_mfa_enabled: true }, { kind: 'route', href: '/changePassword' }],
      [{ require_mfa_enabled: true }, { kind: 'route', href: '/mfa-required' }],
      [{}, { kind: 'route', href: '/' }],
    ];
    for (const [over, destination] of cases) {
      const { actor, seen } = start({ logins: [answer(over)] });
      actor.send({ type: 'SUBMIT_EMAIL', email: 'a@b.test' });
      await settle(actor, 'password');
      actor.send({ type: 'SUBMIT_PASSWORD', password: 'pw' });
      const s = await waitFor(actor, (x) => x.matches('signedIn') || x.matches('redirecting'));
      expect(s.context.destination, JSON.stringify(over)).toEqual(destination);
      expect(seen.sessions).toBe(destination.kind === 'route' ? 1 : 0);
    }
  });

  it('refuses an answer without roles or organisation', async () => {
    const { actor } = start({ logins: [answer({ roles: null, organization_id: null })] });
    actor.send({ type: 'SUBMIT_EMAIL', email: 'a@b.test' });
    await settle(actor, 'password');
    actor.send({ type: 'SUBMIT_PASSWORD', password: 'pw' });
    await waitFor(actor, (s) => s.matches('password') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('Error logging in: 200');
  });

  it('asks MFA users for the code, sends it with the password, and lets them retry a wrong code', async () => {
    const { actor, seen } = start({
      logins: [failure('Enter the 6-digit code from your authenticator app.', 'mfa_required'), failure('That code is not valid. Please try again.', 'mfa_invalid'), answer()],
    });
    actor.send({ type: 'SUBMIT_EMAIL', email: 'a@b.test' });
    await settle(actor, 'password');
    actor.send({ type: 'SUBMIT_PASSWORD', password: 'pw' });
    const asked = await settle(actor, 'code');
    expect(asked.context.error).toBeNull();
    actor.send({ type: 'SUBMIT_CODE', code: '111111' });
    const refused = await settle(actor, 'code');
    expect(refused.context.error).toBe('That code is not valid. Please try again.');
    actor.send({ type: 'SUBMIT_CODE', code: ' 222222 ' });
    await settle(actor, 'signedIn');
    expect(seen.logins.map((l) => l.mfaCode)).toEqual([undefined, '111111', '222222']);
    expect(seen.logins.every((l) => l.password === 'pw')).toBe(true);
  });

  it('START shows the message of ?status= (mfa_0) and starts over', async () => {
    const { actor } = start({ logins: [] });
    actor.send({ type: 'START', status: 'mfa_0' });
    expect(actor.getSnapshot().context.error).toBe('An issue occurred on our end. Please retry later.');
    actor.send({ type: 'START' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('ignores an empty email or password', () => {
    const { actor } = start({ logins: [] });
    actor.send({ type: 'SUBMIT_EMAIL', email: '   ' });
    expect(actor.getSnapshot().matches('email')).toBe(true);
  });
});

describe('safeNext', () => {
  it('follows only same-site paths', () => {
    expect(safeNext('/projects/A')).toBe('/projects/A');
    expect(safeNext('//evil.test')).toBe('/');
    expect(safeNext('/\\evil.test')).toBe('/');
    expect(safeNext('https://evil.test')).toBe('/');
    expect(safeNext(undefined)).toBe('/');
  });
});
