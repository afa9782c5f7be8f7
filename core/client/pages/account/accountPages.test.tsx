import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSearch } from '@tanstack/react-router';
import ForgotPasswordPage from './ForgotPasswordPage';
import PasswordPage from './PasswordPage';
import MfaRequiredPage from './MfaRequiredPage';
import { currentUser, renderWithSession, testAccessActors, testSession, type TestAccessScript } from '../../session/testing';
import type { ReactElement } from 'react';
import type { CurrentUser } from '@core/shared/access/session';

// A Fluent dialog closed in an earlier test can leave tabster's modaliser hiding the page from the accessibility
// tree inside one jsdom document, so dialog queries include hidden elements.
// Shared CI machines can be slow to render after a call; the default 1 s wait is too tight for them.
configure({ asyncUtilTimeout: 10_000, defaultHidden: true });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Answers fetch calls like the server would: status and metadata per path; records the bodies sent. */
function serverAnswers(answers: Record<string, { status: number; data?: unknown; errors?: string[] }>) {
  const sent: Array<{ path: string; method: string; body: unknown }> = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = String(input);
    sent.push({ path, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const a = answers[path] ?? { status: 404 };
    return new Response(JSON.stringify({ data: a.data ?? null, metadata: { errors: a.errors ?? [], info: null, msg: a.errors?.[0] ?? null, pagination_info: null } }), {
      status: a.status, headers: { 'Content-Type': 'application/json' },
    });
  });
  return sent;
}

function page(path: string, url: string, Page: () => ReactElement, opts: { users?: Array<CurrentUser | null>; script?: TestAccessScript } = {}) {
  const { actor } = testSession(opts.users ?? [currentUser()]);
  renderWithSession(Page, { path, url, session: actor, access: testAccessActors(actor, opts.script) });
  return actor;
}
const location = () => screen.getByTestId('location').textContent;

describe('/forgotPassword', () => {
  it('has an email input, Send and Back to Login, and shows the success text', async () => {
    const sent = serverAnswers({ '/api/v2/user/forgotPassword': { status: 200, data: { message: 'Your request has been received.' } } });
    page('/forgotPassword', '/forgotPassword', ForgotPasswordPage);
    const email = await screen.findByLabelText(/^Email/);
    expect(email.getAttribute('type')).toBe('email');
    expect(email.hasAttribute('required')).toBe(true);
    expect(screen.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe('/login');
    await userEvent.type(email, 'ada@acme.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('status')).textContent).toBe('Your request has been received.');
    expect(sent[0]).toMatchObject({ path: '/api/v2/user/forgotPassword', method: 'POST', body: { email: 'ada@acme.test' } });
  });

  it('shows the failure text when the call fails', async () => {
    serverAnswers({ '/api/v2/user/forgotPassword': { status: 400, errors: ['body.email: Invalid email address'] } });
    page('/forgotPassword', '/forgotPassword', ForgotPasswordPage);
    await userEvent.type(await screen.findByLabelText(/^Email/), 'ada@acme');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong. Please verify your email address and try again.');
  });
});

function ResetRoute() {
  const { token } = useSearch({ strict: false }) as { token?: string };
  return <PasswordPage mode="reset" token={token} />;
}

async function fillPasswords(password: string, confirm = password) {
  await userEvent.type(await screen.findByLabelText(/^New password/), password);
  await userEvent.type(screen.getByLabelText(/^Confirm new password/), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
}

const dialogText = async () => within(await screen.findByRole('alertdialog', { hidden: true })).getByText(/./, { selector: 'p' }).textContent;

describe('/resetPassword/*?token=', () => {
  it('shows the hint, refuses different passwords in a dismissable dialog without calling the server', async () => {
    const sent = serverAnswers({});
    page('/resetPassword/$', '/resetPassword/new?token=abc', ResetRoute);
    expect(await screen.findByText('Your password must be between 8 and 64 characters and cannot be in a list of common passwords.')).toBeTruthy();
    await fillPasswords('Brand-new-passphrase-7', 'Brand-new-passphrase-8');
    expect(await dialogText()).toBe('Your passwords do not match. Please try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('alertdialog', { hidden: true })).toBeNull());
    expect(sent).toEqual([]);
  });

  it('maps the answers by status: 400 short, 400 weak with the tips, 401 expired link', async () => {
    const answers: Record<string, { status: number; errors?: string[] }> = { '/api/v2/user/resetPassword': { status: 400 } };
    serverAnswers(answers);
    page('/resetPassword/$', '/resetPassword/new?token=abc', ResetRoute);
    await fillPasswords('short');
    expect(await dialogText()).toBe('Your password change was unsuccessful because your password was too short. Your password must be between 8 and 64 characters long.');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss', hidden: true }));

    await userEvent.clear(screen.getByLabelText(/^New password/));
    await userEvent.clear(screen.getByLabelText(/^Confirm new password/));
    await fillPasswords('password1');
    const dialog = await screen.findByRole('alertdialog', { hidden: true });
    expect(within(dialog).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Use 8 - 64 characters', 'No common passwords', 'Use a mix of letters, numbers and symbols']);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss', hidden: true }));

    answers['/api/v2/user/resetPassword'] = { status: 401 };
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await dialogText()).toBe('Your password reset link has expired.');
  });

  it('resets, shows the toast and goes to /login', async () => {
    const sent = serverAnswers({ '/api/v2/user/resetPassword': { status: 200, data: { message: 'ok' } } });
    page('/resetPassword/$', '/resetPassword/new?token=the-token', ResetRoute);
    await fillPasswords('Brand-new-passphrase-7');
    expect(await screen.findByText('Your password has been successfully reset')).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/login'));
    expect(sent[0]!.body).toEqual({ token: 'the-token', password: 'Brand-new-passphrase-7' });
  });
});

describe('/changePassword', () => {
  it('asks for the current password of a user who chose theirs, and maps 401 to the spec message', async () => {
    serverAnswers({ '/api/v2/user/changePassword': { status: 401 } });
    const session = page('/changePassword', '/changePassword', () => <PasswordPage mode="change" />);
    await waitFor(() => expect(session.getSnapshot().matches('active')).toBe(true));
    await userEvent.type(await screen.findByLabelText(/^Current password/), 'not-it');
    await fillPasswords('Brand-new-passphrase-7');
    expect(await dialogText()).toBe('Please enter your current password again. The password you have entered does not match our records.');
  });

  it('sets an administrator-given password without the current one, toasts and goes to /', async () => {
    const sent = serverAnswers({ '/api/v2/user/changePassword': { status: 200, data: { error: null } } });
    const session = page('/changePassword', '/changePassword', () => <PasswordPage mode="change" />, {
      users: [currentUser({ change_password: true }), currentUser()],
    });
    await waitFor(() => expect(session.getSnapshot().matches('active')).toBe(true));
    expect(screen.queryByLabelText(/^Current password/)).toBeNull();
    await fillPasswords('Brand-new-passphrase-7');
    expect(await screen.findByText('Your password has been successfully set')).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/'));
    expect(sent[0]).toMatchObject({ method: 'PUT', body: { password: 'Brand-new-passphrase-7' } });
  });
});

describe('/mfa-required', () => {
  it('shows the QR code and key, verifies the code, then the recovery codes and Continue to /', async () => {
    page('/mfa-required', '/mfa-required', MfaRequiredPage, {
      script: {
        beginSetup: async () => ({ secret: 'JBSWY3DPEHPK3PXP', otpauth_uri: 'otpauth://totp/x', qr_code: 'data:image/png;base64,iVBORw0KGgo=' }),
        verifyCode: async (code) => {
          if (code !== '123456') throw new Error('That code is not valid. Please try again.');
          return { mfa_enabled: true, mfa_enabled_at: '2026-01-01T00:00:00.000Z', recovery_codes: ['abcde-fghij', 'klmno-pqrst'] };
        },
      },
    });
    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(screen.getByTestId('mfa-secret').textContent).toBe('JBSWY3DPEHPK3PXP');
    await userEvent.type(screen.getByLabelText(/^Authentication code/), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That code is not valid. Please try again.');
    await userEvent.clear(screen.getByLabelText(/^Authentication code/));
    await userEvent.type(screen.getByLabelText(/^Authentication code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    const codes = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(codes).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['abcde-fghij', 'klmno-pqrst']);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(location()).toBe('/'));
  });
});
