import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClusterData } from '../shared/api';
import { NetworkList, NO_SHARED_LINKS } from './NetworkList';

const account = (n: number) => ({ id: n, rid: `r${n}`, platform: 'twitter', screen_name: `user${n}`, display_name: null, profile_url: null, avatar_url: null, topic_id: null });
const preview = { cluster_insights: [], engagement_score: null, evidences: [], number_accounts: 3, number_posts: 9, percent_accounts: 0.1 };
const cluster = {
  cluster_id: 'c1', platform: 'twitter', coordinations: [], preview,
  accounts: [1, 2, 3].map(account),
  edges: [{ i: 'r1', j: 'r2', weight: 2, coordination_types: [] }, { i: 'r3', j: 'r1', weight: 1, coordination_types: [] }],
} as unknown as ClusterData;

afterEach(cleanup);

describe('the network navigator list', () => {
  it('folds a cluster open on its accounts; choosing one selects it; a selected account lists its links to the evidence', async () => {
    const onAccount = vi.fn();
    const onEdge = vi.fn();
    const { rerender } = render(<NetworkList clusters={[cluster]} selectedRid={null} onAccount={onAccount} onEdge={onEdge} />);
    const nav = screen.getByRole('navigation', { name: 'Clusters and accounts' });
    const toggle = within(nav).getByRole('button', { name: 'c1 · 3 accounts' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    const accounts = screen.getByRole('list', { name: 'Accounts of c1' });
    expect(within(accounts).getAllByRole('button', { pressed: false }).map((b) => b.textContent)).toEqual(['@user1', '@user2', '@user3']);
    await userEvent.click(within(accounts).getByRole('button', { name: '@user1' }));
    expect(onAccount).toHaveBeenCalledWith('r1', 'c1');

    rerender(<NetworkList clusters={[cluster]} selectedRid="r1" onAccount={onAccount} onEdge={onEdge} />);
    expect(screen.getByRole('button', { name: '@user1' }).getAttribute('aria-pressed')).toBe('true');
    const links = screen.getByRole('list', { name: 'Coordination links of @user1' });
    expect(within(links).getAllByRole('button').map((b) => b.textContent)).toEqual(['Evidence with @user2', 'Evidence with @user3']);
    await userEvent.click(within(links).getByRole('button', { name: 'Evidence with @user3' }));
    expect(onEdge).toHaveBeenCalledWith('c1', 'r3', 'r1');
  });

  it('opens the cluster of an account selected on the canvas', () => {
    render(<NetworkList clusters={[cluster]} selectedRid="r2" onAccount={() => undefined} onEdge={() => undefined} />);
    expect(screen.getByRole('button', { name: 'c1 · 3 accounts' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: '@user2' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('lists the Shared links layer by domain; a domain or a link opens its popup; an empty layer says so', async () => {
    const onLink = vi.fn();
    const link = (url: string, domain: string, creators: string[]) => ({ url, domain, creator_ids: creators, names: creators, platforms: creators.map(() => 'twitter'),
      share_count: creators.length, extra: creators.map(() => ({ urls: [], post_dates: [] })) });
    const links = [link('https://wire.org/x', 'wire.org', ['r1', 'r2']), link('https://fresh-report.com/1', 'fresh-report.com', ['r1', 'r2', 'r3'])];
    const { rerender } = render(<NetworkList clusters={[cluster]} selectedRid={null} onAccount={() => undefined} onEdge={() => undefined} links={links} onLink={onLink} />);
    const list = screen.getByRole('list', { name: 'Shared links' });
    expect(within(list).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'fresh-report.com', 'https://fresh-report.com/1 · 3 accounts', 'wire.org', 'https://wire.org/x · 2 accounts',
    ]);
    await userEvent.click(within(list).getByRole('button', { name: 'wire.org' }));
    await userEvent.click(within(list).getByRole('button', { name: 'https://fresh-report.com/1 · 3 accounts' }));
    expect(onLink.mock.calls).toEqual([['domains', 'wire.org'], ['links', 'https://fresh-report.com/1']]);

    rerender(<NetworkList clusters={[cluster]} selectedRid={null} onAccount={() => undefined} onEdge={() => undefined} links={[]} onLink={onLink} />);
    expect(screen.getByText(NO_SHARED_LINKS)).toBeTruthy();
    rerender(<NetworkList clusters={[cluster]} selectedRid={null} onAccount={() => undefined} onEdge={() => undefined} />);
    expect(screen.queryByRole('list', { name: 'Shared links' })).toBeNull();
  });
});
