import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { renderInWorkbench } from '@core/client/testing/workbench';
import radarClient from './index';
import { RadarView } from './RadarView';
import { FakeRadarApi, assessment, assessments } from './testing/fakeRadarApi';
import { THEME_ORDER } from '../shared/themes';

let api: FakeRadarApi;
beforeEach(() => {
  api = new FakeRadarApi();
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  vi.stubGlobal('IntersectionObserver', class { observe() {} disconnect() {} unobserve() {} takeRecords() { return []; } });
});
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

const evidence = { since: '2025-06-29T01:00:00.000Z', baseline_per_hour: 0.25, current_per_hour: 3, first_post_ids: [7, 8, 9] };

describe('emerging narratives and themes on the Risk Radar tab', () => {
  it('shows each emerging narrative with its title, rates and first posts', async () => {
    api.narratives = [{ topic: 't1', posts: 1250, emerging: evidence }];
    api.topicTitles = { t1: 'Port strike spreads' };
    renderInWorkbench(<RadarView conversationId="c1" range="LAST_WEEK" onRange={() => {}} />, { plugins: [radarClient] });
    const card = await screen.findByTestId('radar-narrative-t1');
    await waitFor(() => expect(within(card).getByRole('heading').textContent).toBe('Port strike spreads'));
    expect(within(card).getByText('1.25K posts in 30 days')).toBeTruthy();
    expect(within(card).getByText('Emerging since 2025-06-29 01h: 3.0 posts an hour against 0.3')).toBeTruthy();
    const first = await within(card).findByRole('list', { name: 'First posts of the burst' });
    expect(within(first).getAllByRole('listitem').map((li) => li.textContent)).toEqual([7, 8, 9].map((id) => `2025-06-29 01:00 @early_bird: First post ${id}`));
    expect(api.requests).toContain('/api/v2/posts/details?conversation_id=c1&post_id=7&post_id=8&post_id=9');
  });

  it('shows no section and asks for no titles while no narrative is emerging', async () => {
    renderInWorkbench(<RadarView conversationId="c1" range="LAST_WEEK" onRange={() => {}} />, { plugins: [radarClient] });
    await screen.findByTestId('radar-card-TARIFF');
    await waitFor(() => expect(api.requests).toContain('/api/v2/radar/emerging_narratives?conversation_id=c1'));
    expect(screen.queryByTestId('radar-emerging-narratives')).toBeNull();
    expect(api.requests.some((r) => r.endsWith('/topics'))).toBe(false);
  });

  it("shows an emerging theme's first posts on its card; the home view (no conversation) shows the rates only", async () => {
    api.answer = (range, c) => assessments(range, c, THEME_ORDER.map((t) => assessment(t, t === 'TARIFF' ? { emerging: evidence, conversation_id: c } : { conversation_id: c })));
    renderInWorkbench(<RadarView conversationId="c1" range="LAST_WEEK" onRange={() => {}} />, { plugins: [radarClient] });
    const card = await screen.findByTestId('radar-card-TARIFF');
    const first = await within(card).findByRole('list', { name: 'First posts of the burst' });
    expect(within(first).getAllByRole('listitem')).toHaveLength(3);
    cleanup();
    api.requests.length = 0;
    renderInWorkbench(<RadarView conversationId={null} range="LAST_WEEK" onRange={() => {}} />, { plugins: [radarClient] });
    const home = await screen.findByTestId('radar-card-TARIFF');
    expect(within(home).getByTestId('radar-emerging').textContent).toBe('Emerging since 2025-06-29 01h: 3.0 posts an hour against 0.3');
    expect(api.requests.some((r) => r.startsWith('/api/v2/posts/details'))).toBe(false);
  });
});
