import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSearch } from '@tanstack/react-router';
import type { LoginResponse } from '@core/shared/access/session';
import { LoginPage } from './LoginPage';
import { currentUser, renderWithSession, testAccessActors, testSession, type TestAccessScript } from '../session/testing';

// Shared CI machines can be slow to render after a call; the default 1 s wait is too tight for them.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const ok = (over: Partial<LoginResponse> = {}): LoginResponse => ({
  exp: 1, organization_id: 'org-1', roles: ['Analyst'], user: null, change_password: false, location: null, require_mfa_enabled: false, ...over,
});
const fail = (message: string, kind: string) => Object.assign(new Error(message), { kind });

function Login() {
  const search = useSearch({ strict: false }) as { next?: string; status?: string };
  return <LoginPage next={search.next} status={search.status} />;
}

function setup(script: TestAccessScript, url = '/login') {
  const { actor } = testSession([null, currentUser()]);
  const access = testAccessActors(actor, script);
  renderWithSession(Login, { path: '/login', url, session: actor, access });
  return { session: actor };
}

const location = () => screen.getByTestId('location').textContent;

describe('the /login page', () => {
  it('asks for the email first, then the password with Log In and the Forgot my password link', async () => {
    const checked: string[] = [];
    setup({ checkSso: async (email) => { checked.push(email); return null; }, login: async () => ok() });
    await screen.findByLabelText(/^Email/);
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Forgot my password' })).toBeNull();
    await userEvent.type(await screen.findByLabelText(/^Email/), 'ada@acme.test');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByLabelText(/^Password/);
    expect(checked).toEqual(['ada@acme.test']);
    expect(screen.getByRole('link', { name: 'Forgot my password' }).getAttribute('href')).toBe('/forgotPassword');
    expect(screen.getByRole('button', { name: 'Log In' })).toBeTruthy();
  });

  it('disables the button while signing in and enables it again after a failure, with the spec message', async () => {
    let reject!: (e: Error) => void;
    setup({ login: () => new Promise((_, r) => { reject = r; }) });
    await userEvent.type(await screen.findByLabelText(/^Email/), 'ada@acme.test');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.type(await screen.findByLabelText(/^Password/), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect((screen.getByRole('button', { name: 'Log In' }) as HTMLButtonElement).disabled).toBe(true);
    reject(fail('Invalid login credentials. Please try again.', 'credentials'));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid login credentials. Please try again.');
    expect((screen.getByRole('button', { name: 'Log In' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('redirects the browser to the sign-on link for SSO emails', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    setup({ checkSso: async () => '/api/v2/user/sso/login?organization_id=o1' });
    await userEvent.type(await screen.findByLabelText(/^Email/), 'ada@corp.test');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/v2/user/sso/login?organization_id=o1'));
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
  });

  it('goes to next after signing in', async () => {
    setup({ login: async () => ok() }, '/login?next=%2Fprojects%2FAlpha');
    await userEvent.type(await screen.findByLabelText(/^Email/), 'ada@acme.test');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.type(await screen.findByLabelText(/^Password/), 'right-password');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(location()).toBe('/projects/Alpha'));
  });

  it('goes to /changePassword or /mfa-required as the answer says', async () => {
    setup({ login: async () => ok({ require_mfa_enabled: true }) });
    await userEvent.type(await screen.findByLabelText(/^Email/), 'ada@acme.test');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.type(await screen.findByLabelText(/^Password/), 'right-password');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(location()).toBe('/mfa-required'));
  });

  it('asks MFA users for the authenticator code and sends it with the password', async () => {
    const inputs: Array<string | undefined> = [];
    setup({
      login: async (input) => {
        inputs.push(input.mfaCode);
        if (!input.mfaCode) throw fail('Enter the 6-digit code from your authenticator app.', 'mfa_required');
        return ok();
      },
    });
    await userEvent.type(await screen.findByLabelText(/^Email/), 'ada@acme.test');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.type(await screen.findByLabelText(/^Password/), 'right-password');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    await userEvent.type(await screen.findByLabelText(/^Authentication code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(inputs).toEqual([undefined, '123456']);
  });

  it('shows the mfa_0 status message', async () => {
    setup({}, '/login?status=mfa_0');
    expect((await screen.findByRole('alert')).textContent).toBe('An issue occurred on our end. Please retry later.');
  });
});
