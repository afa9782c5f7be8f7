import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { conversation, fakeApi, project } from '../testing/fakeApi';
import { currentUser, renderWithApp } from '../testing/harness';
import Picker, { COLLAPSED_KEY } from './Picker';

beforeEach(() => window.localStorage.clear());
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

const rows = (testId: string) => screen.getAllByTestId(testId);

describe('the picker: projects view', () => {
  it('shows the organisation, My Projects, the search placeholder, and rows with Open and the conversation count', async () => {
    const api = fakeApi({ projects: [project('p1', 'Elections'), project('p2', 'Health', '2026-02-01T00:00:00.000Z')], conversations: [conversation('c1')] });
    await renderWithApp(Picker, { api });
    expect(await screen.findByText('Acme Research')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'My Projects' })).toBeTruthy();
    expect(screen.getByPlaceholderText('Search Projects')).toBeTruthy();
    await waitFor(() => expect(rows('project-row')).toHaveLength(2));
    const first = rows('project-row')[0]!;
    expect(within(first).getByText('Elections')).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Open' })).toBeTruthy();
    expect(within(first).getByText('Conversations: 1')).toBeTruthy();
    expect(within(rows('project-row')[1]!).getByText('Conversations: 0')).toBeTruthy();
  });

  it('filters by a case-insensitive match on name', async () => {
    const api = fakeApi({ projects: [project('p1', 'Elections'), project('p2', 'Health')] });
    await renderWithApp(Picker, { api });
    await waitFor(() => expect(rows('project-row')).toHaveLength(2));
    await userEvent.type(screen.getByPlaceholderText('Search Projects'), 'HEAL');
    expect(rows('project-row').map((r) => r.textContent)).toEqual([expect.stringContaining('Health')]);
  });

  it('disables delete with "Can\'t delete the only project" when only one project exists', async () => {
    const api = fakeApi({ projects: [project('p1', 'Only')] });
    await renderWithApp(Picker, { api });
    const remove = await screen.findByRole('button', { name: 'Remove project Only' });
    expect(remove.getAttribute('aria-disabled')).toBe('true');
    await userEvent.hover(remove);
    expect(await screen.findByText("Can't delete the only project")).toBeTruthy();
    await userEvent.click(remove);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('collapses, stores it under narrascope:picker:collapsed, and shows position numbers', async () => {
    const api = fakeApi({ projects: [project('p1', 'Elections'), project('p2', 'Health')] });
    await renderWithApp(Picker, { api });
    await waitFor(() => expect(rows('project-row')).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Collapse' }));
    expect(window.localStorage.getItem(COLLAPSED_KEY)).toBe('true');
    expect(COLLAPSED_KEY).toBe('narrascope:picker:collapsed');
    expect(rows('project-row').map((r) => r.textContent)).toEqual(['1', '2']);
    expect(screen.queryByText('Elections')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Expand' }));
    expect(window.localStorage.getItem(COLLAPSED_KEY)).toBe('false');
  });

  it('adds a project after the client checks (required, unique), and closes when the server confirms', async () => {
    const api = fakeApi({ projects: [project('p1', 'Elections')] });
    await renderWithApp(Picker, { api });
    await userEvent.click(await screen.findByRole('button', { name: 'Add project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Project' });
    expect(within(dialog).getByText('Add Project')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByText('Project name is required')).toBeTruthy();
    await userEvent.type(within(dialog).getByRole('textbox'), 'elections');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByText('a project with that name already exists')).toBeTruthy();
    expect(api.mutations()).toEqual([]);
    await userEvent.clear(within(dialog).getByRole('textbox'));
    await userEvent.type(within(dialog).getByRole('textbox'), 'Climate');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.mutations()).toEqual([{ method: 'POST', path: '/api/v2/project', body: { name: 'Climate', organization_id: 'org-1' } }]);
    await waitFor(() => expect(rows('project-row').map((r) => within(r).getAllByRole('button')[0]!.textContent)).toEqual(['Elections', 'Climate']));
  });

  it('rolls an optimistic rename back and shows the server\'s message in the dialog', async () => {
    const api = fakeApi({ projects: [project('p1', 'Elections'), project('p2', 'Health')] });
    await renderWithApp(Picker, { api });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit project Health' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Project' });
    api.failNext('PUT', /\/api\/v2\/project\/p2/, 409, ['a project with that name already exists']);
    await userEvent.clear(within(dialog).getByRole('textbox'));
    await userEvent.type(within(dialog).getByRole('textbox'), 'Health 2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('a project with that name already exists')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit project Health' })).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Edit project Health 2' })).toBeNull();
  });

  it('removes a project after the spec\'s confirmation, and shows a failure inside the dialog', async () => {
    const api = fakeApi({ projects: [project('p1', 'Elections'), project('p2', 'Old stuff')] });
    await renderWithApp(Picker, { api });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove project Old stuff' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove project' });
    expect(within(dialog).getByText('Are you sure you want to remove the project "Old stuff"')).toBeTruthy();
    expect(within(dialog).getByText('You will lose access to any conversations in this project.')).toBeTruthy();
    api.failNext('DELETE', /\/api\/v2\/project\/p2/, 403, ['You do not have permission to delete the conversations of this project.']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText('You do not have permission to delete the conversations of this project.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(rows('project-row')).toHaveLength(1));
    expect(api.state.projects.map((p) => p.name)).toEqual(['Elections']);
  });

  it('starts afresh when the organisation changes', async () => {
    const api = fakeApi({ projects: [project('p1', 'Elections')] });
    let user = currentUser({ roles: ['Global Admin'] });
    const { session } = await renderWithApp(Picker, { api, user: () => user });
    await waitFor(() => expect(rows('project-row')).toHaveLength(1));
    await userEvent.type(screen.getByPlaceholderText('Search Projects'), 'elec');
    const before = api.calls.filter((c) => c.path === '/api/v2/project').length;
    user = currentUser({ roles: ['Global Admin'], organizationId: 'org-2' });
    session.send({ type: 'SWITCH_ORGANIZATION', organizationId: 'org-2' });
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/api/v2/project').length).toBe(before + 1));
    expect((screen.getByPlaceholderText('Search Projects') as HTMLInputElement).value).toBe('');
  });

  it('fails with "not logged in" without an organisation', async () => {
    const api = fakeApi();
    const user = currentUser({ organizationId: '' });
    await renderWithApp(Picker, { api, user });
    expect(await screen.findByText('not logged in')).toBeTruthy();
  });
});

describe('the picker: conversations view', () => {
  const setup = async (conversations = [
    conversation('Third', { created_at: '2026-01-03T00:00:00.000Z', status: 'FAILED' }),
    conversation('First', { created_at: '2026-01-01T00:00:00.000Z', status: 'SUCCESS' }),
    conversation('Second', { created_at: '2026-01-02T00:00:00.000Z', status: 'RUNNING', DAG_step: 3, enrichment_stages: [{ datacollector: null, stage: 'Core NLP' }] }),
    conversation('Fourth', { created_at: '2026-01-04T00:00:00.000Z', status: 'CANCELLED', threat_feed: true }),
    conversation('Fifth', { created_at: '2026-01-05T00:00:00.000Z', status: 'PENDING', threat_feed: true, suspended: true }),
  ], user = currentUser()) => {
    const api = fakeApi({ projects: [project('p1', 'Elections 2026'), project('p2', 'Other')], conversations });
    const app = await renderWithApp(Picker, { api, path: '/projects/Elections%202026', user });
    await waitFor(() => expect(rows('conversation-item')).toHaveLength(conversations.length));
    return { api, ...app };
  };

  it('shows Conversations "in" the project, sorted by created_at, with badges, last run or progress, and scheduled icons', async () => {
    await setup();
    expect(screen.getByRole('heading', { name: 'Conversations' })).toBeTruthy();
    expect(screen.getByText('in Elections 2026')).toBeTruthy();
    const items = rows('conversation-item');
    expect(items.map((i) => within(i).getAllByRole('button')[0]!.textContent)).toEqual(['First', 'Second', 'Third', 'Fourth', 'Fifth']);
    expect(items.map((i) => within(i).getByTestId('status-badge').textContent)).toEqual(['View', 'Running', 'Failed', 'Pending', 'Pending']);
    expect(within(items[0]!).getByTestId('conversation-meta').textContent).toBe('Last run: 2026-01-04 10:30 UTC');
    expect(within(items[1]!).getByTestId('conversation-meta').textContent).toBe('Step 3 of 5 · Core NLP');
    expect(within(items[3]!).queryByTestId('icon-continuous')).toBeTruthy();
    expect(within(items[4]!).queryByTestId('icon-suspended')).toBeTruthy();
    expect(within(items[0]!).queryByTestId('icon-continuous')).toBeNull();
  });

  it('shows re-run only where the rules allow it, disabled while PENDING or RUNNING', async () => {
    await setup();
    const rerun = (name: string) => screen.queryByRole('button', { name: `Re-run ${name}` });
    expect(rerun('First')!.getAttribute('aria-disabled')).toBeNull();
    expect(rerun('Second')!.getAttribute('aria-disabled')).toBe('true');
    expect(rerun('Third')!.getAttribute('aria-disabled')).toBeNull();
    // Continuous ones need RERUN_SCHEDULED_QUERY, which this analyst lacks.
    expect(rerun('Fourth')).toBeNull();
    expect(rerun('Fifth')).toBeNull();
  });

  it('hides re-run for scaled and NRMS conversations even from a global admin, and shows continuous ones to them', async () => {
    await setup([
      conversation('Scaled', { is_scaled: true }), conversation('Nrms', { is_org_nrms: true, created_at: '2026-01-02T00:00:00.000Z' }),
      conversation('Daily', { threat_feed: true, created_at: '2026-01-03T00:00:00.000Z' }),
    ], currentUser({ roles: ['Global Admin'], permissions: [] }));
    expect(screen.queryByRole('button', { name: 'Re-run Scaled' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Re-run Nrms' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Re-run Daily' })).toBeTruthy();
  });

  it('re-runs through the shared lifecycle: PENDING at once, one PUT with rerun=true, then disabled', async () => {
    const { api } = await setup();
    await userEvent.click(screen.getByRole('button', { name: 'Re-run Third' }));
    const third = rows('conversation-item')[2]!;
    expect(within(third).getByTestId('status-badge').textContent).toBe('Pending');
    await waitFor(() => expect(api.mutations()).toEqual([{ method: 'PUT', path: '/api/v2/conversations/Third', body: { rerun: true, use_existing_data: false } }]));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Re-run Third' }).getAttribute('aria-disabled')).toBe('true'));
  });

  it('rolls a refused re-run back to its status and shows the server\'s message', async () => {
    const { api } = await setup();
    api.failNext('PUT', /\/api\/v2\/conversations\/First/, 409, ['This conversation is already queued or running']);
    await userEvent.click(screen.getByRole('button', { name: 'Re-run First' }));
    expect(await screen.findByText('This conversation is already queued or running')).toBeTruthy();
    expect(within(rows('conversation-item')[0]!).getByTestId('status-badge').textContent).toBe('View');
  });

  it('goes back to the projects and clears the search', async () => {
    await setup();
    await userEvent.type(screen.getByPlaceholderText('Search Conversations'), 'fir');
    expect(rows('conversation-item')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'My Projects' })).toBeTruthy();
    expect((screen.getByPlaceholderText('Search Projects') as HTMLInputElement).value).toBe('');
  });

  it('opens a project with Open, which shows its conversations', async () => {
    const api = fakeApi({ projects: [project('p1', 'Elections'), project('p2', 'Health')], conversations: [conversation('Vaccines', { project_id: 'p2' })] });
    const { router } = await renderWithApp(Picker, { api });
    await userEvent.click(within((await screen.findAllByTestId('project-row'))[1]!).getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/Health'));
    expect(await screen.findByText('in Health')).toBeTruthy();
    expect(await screen.findByText('Vaccines')).toBeTruthy();
  });

  it('polls every 30 seconds while a conversation is running', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { api } = await setup([conversation('Busy', { status: 'RUNNING' })]);
      const listCalls = () => api.calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/v2/conversations?project_id=p1')).length;
      const before = listCalls();
      await vi.advanceTimersByTimeAsync(30_000);
      await waitFor(() => expect(listCalls()).toBe(before + 1));
      api.state.conversations[0]!.status = 'SUCCESS';
      await vi.advanceTimersByTimeAsync(30_000);
      await waitFor(() => expect(within(rows('conversation-item')[0]!).getByTestId('status-badge').textContent).toBe('View'));
      const settled = listCalls();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(listCalls()).toBe(settled);
    } finally {
      vi.useRealTimers();
    }
  });
});
