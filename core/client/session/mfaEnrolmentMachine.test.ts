import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { mfaEnrolmentMachine, type MfaEnabled, type MfaSetup } from './mfaEnrolmentMachine';

const SETUP: MfaSetup = { secret: 'JBSWY3DPEHPK3PXP', otpauth_uri: 'otpauth://totp/x', qr_code: 'data:image/png;base64,AAAA' };

function start(opts: { setupFails?: boolean; goodCode: string }) {
  const codes: string[] = [];
  const actor = createActor(mfaEnrolmentMachine.provide({
    actors: {
      beginSetup: fromPromise<MfaSetup>(async () => {
        if (opts.setupFails) throw new Error('500');
        return SETUP;
      }),
      verifyCode: fromPromise<MfaEnabled, { code: string }>(async ({ input }) => {
        codes.push(input.code);
        if (input.code !== opts.goodCode) throw new Error('That code is not valid. Please try again.');
        return { mfa_enabled: true, mfa_enabled_at: '2026-01-02T03:04:05.000Z', recovery_codes: ['aaaaa-bbbbb'] };
      }),
    },
  })).start();
  return { actor, codes };
}

describe('the MFA enrolment machine', () => {
  it('loads a secret, refuses a wrong code keeping the secret, and enables with the recovery codes', async () => {
    const { actor, codes } = start({ goodCode: '123456' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    actor.send({ type: 'START' });
    const ready = await waitFor(actor, (s) => s.matches('awaitingCode'));
    expect(ready.context.setup).toEqual(SETUP);
    actor.send({ type: 'SUBMIT_CODE', code: '000000' });
    const refused = await waitFor(actor, (s) => s.matches('awaitingCode') && s.context.error !== null);
    expect(refused.context.error).toBe('That code is not valid. Please try again.');
    expect(refused.context.setup).toEqual(SETUP);
    actor.send({ type: 'SUBMIT_CODE', code: '123 456' });
    const enabled = await waitFor(actor, (s) => s.matches('enabled'));
    expect(enabled.context).toMatchObject({ recoveryCodes: ['aaaaa-bbbbb'], enabledAt: '2026-01-02T03:04:05.000Z', error: null });
    expect(codes).toEqual(['000000', '123456']);
  });

  it('checks the code format before calling the server', async () => {
    const { actor, codes } = start({ goodCode: '123456' });
    actor.send({ type: 'START' });
    await waitFor(actor, (s) => s.matches('awaitingCode'));
    actor.send({ type: 'SUBMIT_CODE', code: '12ab' });
    expect(actor.getSnapshot().context.error).toBe('Enter the 6-digit code from your authenticator app.');
    expect(codes).toEqual([]);
  });

  it('offers a retry when set-up fails, and RESET returns to idle', async () => {
    const { actor } = start({ setupFails: true, goodCode: '1' });
    actor.send({ type: 'START' });
    const failed = await waitFor(actor, (s) => s.matches('setupFailed'));
    expect(failed.context.error).toBe('We could not start the set-up. Please try again.');
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});
