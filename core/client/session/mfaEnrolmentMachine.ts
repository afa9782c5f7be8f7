import { assign, fromPromise, setup } from 'xstate';

export interface MfaSetup {
  secret: string;
  otpauth_uri: string;
  qr_code: string;
}

export interface MfaEnabled {
  mfa_enabled: true;
  mfa_enabled_at: string;
  recovery_codes: string[];
}

export interface MfaEnrolmentContext {
  setup: MfaSetup | null;
  recoveryCodes: string[];
  enabledAt: string | null;
  error: string | null;
}

export type MfaEnrolmentEvent = { type: 'START' } | { type: 'SUBMIT_CODE'; code: string } | { type: 'RESET' };

export const MFA_ENROLMENT_MESSAGES = {
  setupFailed: 'We could not start the set-up. Please try again.',
  codeFormat: 'Enter the 6-digit code from your authenticator app.',
} as const;

/**
 * TOTP enrolment, created once and shared by /mfa-required and the settings page: START asks the server for a
 * secret and QR code, SUBMIT_CODE verifies the code the authenticator shows, and `enabled` holds the recovery
 * codes to show once. A refused code keeps the same secret (the QR code stays on screen).
 */
export const mfaEnrolmentMachine = setup({
  types: { context: {} as MfaEnrolmentContext, events: {} as MfaEnrolmentEvent },
  actors: {
    beginSetup: fromPromise<MfaSetup>(async () => { throw new Error('beginSetup not provided'); }),
    verifyCode: fromPromise<MfaEnabled, { code: string }>(async () => { throw new Error('verifyCode not provided'); }),
  },
}).createMachine({
  id: 'mfaEnrolment',
  context: { setup: null, recoveryCodes: [], enabledAt: null, error: null },
  initial: 'idle',
  on: { RESET: { target: '.idle', actions: assign({ setup: null, recoveryCodes: [], enabledAt: null, error: null }) } },
  states: {
    idle: { on: { START: 'loadingSetup' } },
    loadingSetup: {
      entry: assign({ error: null, setup: null, recoveryCodes: [] }),
      invoke: {
        src: 'beginSetup',
        onDone: { target: 'awaitingCode', actions: assign({ setup: ({ event }) => event.output }) },
        onError: { target: 'setupFailed', actions: assign({ error: MFA_ENROLMENT_MESSAGES.setupFailed }) },
      },
    },
    setupFailed: { on: { START: 'loadingSetup' } },
    awaitingCode: {
      on: {
        SUBMIT_CODE: [
          { guard: ({ event }) => /^\d{6}$/.test(event.code.replace(/\s+/g, '')), target: 'verifying', actions: assign({ error: null }) },
          { actions: assign({ error: MFA_ENROLMENT_MESSAGES.codeFormat }) },
        ],
        START: 'loadingSetup',
      },
    },
    verifying: {
      invoke: {
        src: 'verifyCode',
        input: ({ event }) => ({ code: (event as { type: 'SUBMIT_CODE'; code: string }).code.replace(/\s+/g, '') }),
        onDone: {
          target: 'enabled',
          actions: assign({ recoveryCodes: ({ event }) => event.output.recovery_codes, enabledAt: ({ event }) => event.output.mfa_enabled_at }),
        },
        onError: { target: 'awaitingCode', actions: assign({ error: ({ event }) => (event.error as Error).message }) },
      },
    },
    enabled: {
      // Replacing the authenticator later starts again from here.
      on: { START: 'loadingSetup' },
    },
  },
});
