import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import UserManagementPage from './UserManagementPage';
import { currentUser, renderWithSession, testAccessActors, testSession } from '../../session/testing';

// Shared CI machines can be slow to render after a call; the default 1 s wait is too tight for them.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const USERS = [{
  id: '1d1c9a3e-2b9b-4d0b-8c55-8f2a6f0c1e77', email: 'ada@acme.test', first_name: 'Ada', last_name: 'Lovelace', organization_id: 'org-1',
  group_ids: ['9d1c9a3e-2b9b-4d0b-8c55-8f2a6f0c1e77'], roles: ['Analyst'], permissions: [], features: [], is_global_admin: false, is_analyst: true,
  is_senior_analyst: false, is_org_admin: true, require_mfa_enabled: false, mfa_enabled: true, mfa_enabled_at: '2026-01-01T00:00:00.000Z',
  change_password: false, is_active: true, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z',
}];
const GROUPS = [{ id: '9d1c9a3e-2b9b-4d0b-8c55-8f2a6f0c1e77', name: 'Admin', organization_id: 'org-1', user_ids: [USERS[0]!.id] }];

function server(onCreate: (body: unknown) => { status: number; errors?: string[]; msg?: string }) {
  const sent: Array<{ path: string; method: string; body: unknown }> = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ path, method, body });
    let status = 200;
    let data: unknown = null;
    let errors: string[] = [];
    let msg: string | null = null;
    if (path === '/api/v2/user' && method === 'GET') data = USERS;
    else if (path === '/api/v2/group') data = GROUPS;
    else if (path === '/api/v2/user' && method === 'POST') ({ status, errors = [], msg = null } = { msg: null, ...onCreate(body) });
    else status = 404;
    return new Response(JSON.stringify({ data, metadata: { errors, info: null, msg: msg ?? errors[0] ?? null, pagination_info: null } }), { status });
  });
  return sent;
}

function render(page: () => ReactElement) {
  const admin = currentUser({ is_org_admin: true, permissions: ['READ_USER', 'CREATE_USER', 'UPDATE_USER', 'DELETE_USER', 'READ_GROUP', 'CREATE_GROUP', 'ADD_USER_TO_GROUP'] });
  const { actor } = testSession([admin]);
  renderWithSession(page, { path: '/myOrganization/$page', url: '/myOrganization/userManagement', session: actor, access: testAccessActors(actor) });
}

describe('/myOrganization/userManagement', () => {
  it('lists the organisation\'s users with roles, groups and MFA', async () => {
    server(() => ({ status: 200 }));
    render(UserManagementPage);
    const table = await screen.findByRole('table', { name: 'Users' });
    const row = await within(table).findByText('ada@acme.test');
    const cells = within(row.closest('tr')!).getAllByRole('cell').map((c) => c.textContent);
    expect(cells.slice(0, 6)).toEqual(['Ada Lovelace', 'ada@acme.test', 'Analyst', 'Admin', 'Enabled', 'Active']);
  });

  it('adds a user with an initial password and shows the duplicate-user message of a 409', async () => {
    const sent = server(() => ({ status: 409, errors: ['DUPLICATE_USER'], msg: 'This user already exists. Please check the details and try again with a different email.' }));
    render(UserManagementPage);
    await userEvent.click(await screen.findByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    await userEvent.type(within(dialog).getByLabelText(/^Email/), 'ada@acme.test');
    await userEvent.type(within(dialog).getByLabelText(/^Initial password/), 'Initial-passphrase-42');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add user' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This user already exists. Please check the details and try again with a different email.');
    await waitFor(() => expect(sent.find((s) => s.method === 'POST')?.body).toMatchObject({
      email: 'ada@acme.test', password: 'Initial-passphrase-42', roles: ['Analyst'], permissions: ['CREATE_CONVERSATION'],
    }));
  });
});
