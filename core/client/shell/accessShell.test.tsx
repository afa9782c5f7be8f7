import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Header, sortOrganizations } from './Header';
import { MfaBanner } from './MfaBanner';
import { ApiKeysSection } from '../pages/account/SettingsSections';
import { currentUser, renderWithSession, testAccessActors, testSession } from '../session/testing';
import type { CurrentUser } from '@core/shared/access/session';

// Shared CI machines can be slow to render after a call; the default 1 s wait is too tight for them.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

type Answer = { status: number; data?: unknown };
function serverAnswers(handler: (path: string, method: string, body: unknown) => Answer) {
  const sent: Array<{ path: string; method: string; body: unknown }> = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ path, method, body });
    const a = handler(path, method, body);
    return new Response(JSON.stringify({ data: a.data ?? null, metadata: { errors: [], info: null, msg: null, pagination_info: null } }), {
      status: a.status, headers: { 'Content-Type': 'application/json' },
    });
  });
  return sent;
}

function shell(ui: () => ReactElement, users: CurrentUser[]) {
  const { actor, calls } = testSession(users);
  renderWithSession(ui, { path: '/projects/$projectName', url: '/projects/Alpha', session: actor, access: testAccessActors(actor) });
  return { session: actor, calls };
}

describe('the MFA banner', () => {
  it('shows the enrolment date from mfa_enabled_at and links to /myOrganization/settings', async () => {
    shell(() => <MfaBanner />, [currentUser({ mfa_enabled: false, mfa_enabled_at: '2026-03-04T00:00:00.000Z' })]);
    const banner = await screen.findByRole('status', { name: 'Multi-factor authentication' });
    expect(banner.textContent).toContain('Please enable it before 4 March 2026.');
    expect(within(banner).getByRole('link').getAttribute('href')).toBe('/myOrganization/settings');
  });

  it('is shown to single-sign-on users too while they have not enabled MFA', async () => {
    shell(() => <MfaBanner />, [currentUser({ mfa_enabled: false, uses_sso: true, mfa_enabled_at: '2026-03-04T00:00:00.000Z' })]);
    const banner = await screen.findByRole('status', { name: 'Multi-factor authentication' });
    expect(banner.textContent).toContain('Please enable it before 4 March 2026.');
  });

  it('is not shown once MFA is enabled', async () => {
    const { session } = shell(() => <MfaBanner />, [currentUser({ mfa_enabled: true, mfa_enabled_at: '2026-01-01T00:00:00.000Z' })]);
    await waitFor(() => expect(session.getSnapshot().matches('active')).toBe(true));
    expect(screen.queryByRole('status', { name: 'Multi-factor authentication' })).toBeNull();
  });
});

describe('the header user menu', () => {
  const orgs = [{ id: 'o-z', name: 'zeta' }, { id: 'org-1', name: 'Acme' }, { id: 'o-b', name: 'beta' }];

  it('sorts organisations by name for global admins; switching refreshes with organization_id and lands on /', async () => {
    serverAnswers((path) => (path === '/api/v2/organization' ? { status: 200, data: orgs } : { status: 404 }));
    const admin = currentUser({ is_global_admin: true });
    const { calls } = shell(() => <Header onOpenPalette={() => {}} />, [admin, currentUser({ is_global_admin: true, organization_id: 'o-b' })]);
    await userEvent.click(await screen.findByRole('button', { name: /^User menu: / }));
    await waitFor(() => expect(screen.getAllByRole('menuitemradio')).toHaveLength(3));
    expect(screen.getAllByRole('menuitemradio').map((m) => m.textContent)).toEqual(['Acme', 'beta', 'zeta']);
    expect(screen.getByRole('menuitemradio', { name: 'Acme' }).getAttribute('aria-checked')).toBe('true');
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'beta' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(calls.refresh).toEqual(['o-b']);
  });

  it('shows no organisation switcher to others; Submit feedback opens the configured help desk', async () => {
    const sent = serverAnswers(() => ({ status: 404 }));
    shell(() => <Header onOpenPalette={() => {}} />, [currentUser({}, { feedback_url: 'https://help.example.org/new' })]);
    await userEvent.click(await screen.findByRole('button', { name: /^User menu: / }));
    const feedback = await screen.findByRole('menuitem', { name: 'Submit feedback' });
    expect(feedback.getAttribute('href')).toBe('https://help.example.org/new');
    expect(screen.queryAllByRole('menuitemradio')).toEqual([]);
    expect(sent.filter((s) => s.path === '/api/v2/organization')).toEqual([]);
  });

  it('Sign out ends the session through logout', async () => {
    serverAnswers(() => ({ status: 404 }));
    const { session, calls } = shell(() => <Header onOpenPalette={() => {}} />, [currentUser()]);
    await userEvent.click(await screen.findByRole('button', { name: /^User menu: / }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(session.getSnapshot().matches('anonymous')).toBe(true));
    expect(calls.logout).toBe(1);
  });
});

describe('sortOrganizations', () => {
  it('sorts by name without regard to case', () => {
    expect(sortOrganizations([{ name: 'b' }, { name: 'A' }, { name: 'c' }]).map((o) => o.name)).toEqual(['A', 'b', 'c']);
  });
});

describe('the API keys section', () => {
  it('creates a key with a label, shows it once, lists it and revokes it', async () => {
    const keys: Array<Record<string, unknown>> = [];
    const sent = serverAnswers((path, method, body) => {
      if (path === '/api/v2/api_key' && method === 'GET') return { status: 200, data: keys };
      if (path === '/api/v2/api_key' && method === 'POST') {
        const k = { id: '7d1c9a3e-2b9b-4d0b-8c55-8f2a6f0c1e77', organization_id: 'org-1', label: (body as { label: string }).label, key_prefix: 'nsk_abcdef',
          api_key: 'nsk_abcdef••••••••', is_active: true, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z', last_used_at: null };
        keys.push(k);
        return { status: 200, data: { ...k, api_key: 'nsk_abcdefSECRETSECRET' } };
      }
      if (method === 'DELETE') {
        keys[0] = { ...keys[0], is_active: false };
        return { status: 200, data: keys[0] };
      }
      return { status: 404 };
    });
    shell(() => <ApiKeysSection />, [currentUser()]);
    await userEvent.type(await screen.findByLabelText(/^Label/), 'Nightly export');
    await userEvent.click(screen.getByRole('button', { name: 'Create API key' }));
    expect((await screen.findByTestId('new-api-key')).textContent).toBe('nsk_abcdefSECRETSECRET');
    const table = await screen.findByRole('table', { name: 'Your API keys' });
    await waitFor(() => expect(within(table).getByText('Nightly export')).toBeTruthy());
    expect(within(table).queryByText(/SECRET/)).toBeNull();
    expect(within(table).getByText('nsk_abcdef••••••••')).toBeTruthy();
    await userEvent.click(within(table).getByRole('button', { name: 'Revoke Nightly export' }));
    await waitFor(() => expect(within(table).getByText('Revoked')).toBeTruthy());
    expect(sent.find((s) => s.method === 'DELETE')?.path).toBe('/api/v2/api_key/7d1c9a3e-2b9b-4d0b-8c55-8f2a6f0c1e77');
  });
});
