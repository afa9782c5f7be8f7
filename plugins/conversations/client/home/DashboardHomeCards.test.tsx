import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { MEDIA_IMAGE_PATH } from '@core/shared/api/media';
import userEvent from '@testing-library/user-event';
import { conversation, fakeApi, project } from '../testing/fakeApi';
import { renderWithApp } from '../testing/harness';
import Picker from '../picker/Picker';
import DashboardHomeCards from './DashboardHomeCards';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

describe('the dashboard home', () => {
  it('shows a loading indicator, then the welcome text when there is no conversation', async () => {
    const api = fakeApi({ projects: [project('p1', 'Elections')] });
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    const slow = { ...api, fetch: async (url: string, init?: RequestInit) => { if (url.startsWith('/api/v2/conversations')) await gate; return api.fetch(url, init); } };
    await renderWithApp(DashboardHomeCards, { api: slow });
    expect(await screen.findByText('Loading…')).toBeTruthy();
    release();
    expect(await screen.findByText('Select or create a project from the project list to get started.')).toBeTruthy();
  });

  it('shows the Platform Intelligence cards by status with the spec\'s texts', async () => {
    const api = fakeApi({
      projects: [project('p1', 'Elections')],
      conversations: [
        conversation('done', { name: 'Done', description: 'What the ballots debate looks like.', image_url: 'https://img.test/a.png' }),
        conversation('busy', { name: 'Busy', status: 'RUNNING', created_at: '2026-01-02T00:00:00.000Z' }),
        conversation('queued', { name: 'Queued', status: 'PENDING', created_at: '2026-01-03T00:00:00.000Z' }),
        conversation('broken', { name: 'Broken', status: 'FAILED', created_at: '2026-01-04T00:00:00.000Z' }),
        conversation('stopped', { name: 'Stopped', status: 'CANCELLED', created_at: '2026-01-05T00:00:00.000Z' }),
      ],
    });
    await renderWithApp(DashboardHomeCards, { api });
    expect(await screen.findByRole('heading', { name: 'Platform Intelligence' })).toBeTruthy();
    const cards = screen.getAllByTestId('conversation-card');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Done', 'Busy', 'Queued', 'Broken', 'Stopped']);
    const done = within(cards[0]!);
    expect(done.getByText('What the ballots debate looks like.')).toBeTruthy();
    // The remote image through the server's image proxy, never from its host (issue 18, finding 9).
    expect(cards[0]!.querySelector('img')?.getAttribute('src')).toBe(`${MEDIA_IMAGE_PATH}?url=${encodeURIComponent('https://img.test/a.png')}`);
    expect(done.getByRole('link', { name: 'View' }).getAttribute('href')).toBe('/conversations/done');
    for (const i of [1, 2]) {
      expect(within(cards[i]!).getByText('Conversation is refreshing')).toBeTruthy();
      expect(within(cards[i]!).getByText('Check back soon')).toBeTruthy();
    }
    for (const i of [3, 4]) {
      expect(within(cards[i]!).getByText('Conversation refresh failed')).toBeTruthy();
      expect(within(cards[i]!).getByText("We're looking into it! Check back soon")).toBeTruthy();
    }
  });

  it('shares one lifecycle with the picker: a re-run there turns the card to refreshing at once', async () => {
    const api = fakeApi({ projects: [project('p1', 'Elections')], conversations: [conversation('done', { name: 'Done' })] });
    const Both = () => <><Picker /><DashboardHomeCards /></>;
    await renderWithApp(Both, { api, path: '/projects/Elections' });
    const card = await screen.findByTestId('conversation-card');
    expect(within(card).getByRole('link', { name: 'View' })).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Re-run Done' }));
    expect(within(card).getByText('Conversation is refreshing')).toBeTruthy();
    await waitFor(() => expect(api.mutations()).toHaveLength(1));
  });
});
