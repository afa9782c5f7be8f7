import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeExplorerApi, row } from '../testing/fakeExplorerApi';
import { renderPanel } from '../testing/harness';
import NotablePostsPanel from './NotablePostsPanel';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

describe('the notable posts panel', () => {
  it('lists the most engaged posts under the filters, switches kind and opens a post', async () => {
    const api = fakeExplorerApi([
      row(1, { additional_properties: { score: 5 } }), row(2, { additional_properties: { score: 50 }, body: 'Most engaged' }),
      row(3, { class: 'gab', additional_properties: { score: 500 } }),
    ]);
    renderPanel(NotablePostsPanel, { api, search: 'platforms=reddit:true', config: { type: 'engagement' } });
    const list = await screen.findByRole('list', { name: 'Notable posts: Most engaged' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getAllByRole('listitem')[0]!.textContent).toContain('Most engaged');
    const call = api.last(/notable_posts$/)!;
    expect([call.query.get('conversation_id'), call.query.get('type'), call.query.get('top_n'), call.query.getAll('platforms')]).toEqual(['c1', 'engagement', '10', ['reddit:true']]);

    fireEvent.click(screen.getByRole('tab', { name: 'Most recent' }));
    expect(await screen.findByRole('list', { name: 'Notable posts: Most recent' })).toBeTruthy();
    await waitFor(() => expect(api.last(/notable_posts$/)!.query.get('type')).toBe('recent'));

    fireEvent.click(screen.getByRole('button', { name: 'Open post 2' }));
    expect(await screen.findByRole('dialog', { name: 'User 2' })).toBeTruthy();
  });
});
