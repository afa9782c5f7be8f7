import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { decodeFilters } from '@core/shared/filters';
import type { ChartData } from '../../shared/explorerApi';
import { fakeExplorerApi } from '../testing/fakeExplorerApi';
import { renderPanel } from '../testing/harness';
import EngagementByPlatformPanel from './EngagementByPlatformPanel';
import PostsOverTimePanel from './PostsOverTimePanel';
import TopDomainsPanel from './TopDomainsPanel';
import RepeatedTextsPanel from './RepeatedTextsPanel';
import NarrativePairPanel from './NarrativePairPanel';
import { explorerStateKey } from '../explorerState';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

/** chart_data answers as the server gives them (its route is tested in server/explorer/chartData.test.ts). */
const ANSWERS: Record<string, unknown> = {
  post_count_over_time: [
    { platform: 'reddit', time_interval: 'hour', data: [{ date: '2024-01-01T10:00:00Z', value: 2 }, { date: '2024-01-01T11:00:00Z', value: 1 }] },
    { platform: 'gab', time_interval: 'hour', data: [{ date: '2024-01-01T10:00:00Z', value: 0 }, { date: '2024-01-01T11:00:00Z', value: 4 }] },
  ] satisfies ChartData<'post_count_over_time'>,
  platform_engagement: [
    { platform: 'reddit', value: 0.4, posts: 3, levels: { low: 2, high: 1 } },
  ] satisfies ChartData<'platform_engagement'>,
  post_domain_count: [
    { platform: 'gab', data: [{ source_domain: 'example.com', count: 3 }] },
  ] satisfies ChartData<'post_domain_count'>,
  text_count: [
    { text: 'Ballot boxes were stolen in <b>Maricopa</b>', count: 3 }, { text: 'posted once', count: 1 },
  ] satisfies ChartData<'text_count'>,
  narrative_pair_activity: [
    { class: 'gab', creator: 'ann', domains: [], entities: null, entity_rid: 'n2', labels: ['Count every vote'], published_at: '2026-01-02T10:00:00.000Z', rid: 'b', urls: [] },
    { class: 'reddit', creator: 'bob', domains: [], entities: null, entity_rid: 'n1', labels: ['Ballots were stolen'], published_at: '2026-01-01T10:00:00.000Z', rid: 'a', urls: [] },
    { class: 'reddit', creator: 'bob', domains: [], entities: null, entity_rid: 'n1', labels: ['Ballots were stolen'], published_at: '2026-01-01T09:00:00.000Z', rid: 'c', urls: [] },
  ] satisfies ChartData<'narrative_pair_activity'>,
};

/** The explorer fake plus chart_data, recording the chart calls. */
function chartApi() {
  const api = fakeExplorerApi([]);
  const chartCalls: URLSearchParams[] = [];
  const fetch = async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    if (!url.pathname.endsWith('/chart_data')) return api.fetch(input, init);
    chartCalls.push(url.searchParams);
    return new Response(JSON.stringify({ data: ANSWERS[url.searchParams.get('chart')!], metadata: { errors: [], info: null, msg: null, pagination_info: null } }), {
      status: 200, headers: { 'Content-Type': 'application/json' },
    });
  };
  return { api: { ...api, fetch }, chartCalls, otherCalls: () => api.calls.filter((c) => c.path !== '/logreporter') };
}

const openChartData = async () => fireEvent.click(await screen.findByText('Chart data'));

describe('the overview charts', () => {
  it('draws posts over time from one chart_data call; a bucket of the data list narrows the date range to it', async () => {
    const { api, chartCalls, otherCalls } = chartApi();
    const { url } = renderPanel(PostsOverTimePanel, { api, search: 'platforms=telegram:false' });
    await openChartData();
    const bucket = await screen.findByRole('button', { name: 'Show posts from 2024-01-01 11:00 UTC (5 posts)' });
    expect(screen.getByRole('button', { name: 'Show posts from 2024-01-01 10:00 UTC (2 posts)' })).toBeTruthy();
    expect(chartCalls.map((q) => [q.get('chart'), q.getAll('platforms'), q.get('interval')])).toEqual([['post_count_over_time', ['telegram:false'], null]]);
    expect(otherCalls()).toEqual([]);
    fireEvent.click(bucket);
    await waitFor(() => expect(decodeFilters(url.get())).toMatchObject({ start_range: '2024-01-01T11:00:00Z', end_range: '2024-01-01T11:59:59Z', platforms: { telegram: false } }));
  });

  it('stacks engagement levels per platform from one call; a level filters the workspace', async () => {
    const { api, chartCalls, otherCalls } = chartApi();
    const { url } = renderPanel(EngagementByPlatformPanel, { api });
    await openChartData();
    const high = await screen.findByRole('button', { name: 'Filter by engagement High on Reddit (1 posts)' });
    expect(screen.getByRole('button', { name: 'Filter by engagement Low on Reddit (2 posts)' })).toBeTruthy();
    expect(chartCalls.map((q) => q.get('chart'))).toEqual(['platform_engagement']);
    expect(otherCalls()).toEqual([]);
    fireEvent.click(high);
    await waitFor(() => expect(decodeFilters(url.get()).engagement_score).toEqual({ high: true }));
  });

  it('lists the top domains per platform from one call (top_n=10); a domain filters the workspace', async () => {
    const { api, chartCalls } = chartApi();
    const { url } = renderPanel(TopDomainsPanel, { api });
    await openChartData();
    const domain = await screen.findByRole('button', { name: 'Filter by domain example.com on Gab (3 posts)' });
    expect(chartCalls.map((q) => [q.get('chart'), q.get('top_n')])).toEqual([['post_domain_count', '10']]);
    fireEvent.click(domain);
    await waitFor(() => expect(decodeFilters(url.get()).domains).toEqual({ 'example.com': true }));
  });

  it('lists the texts posted more than once (text_count, top 10) as text; one searches the posts for it', async () => {
    const { api, chartCalls } = chartApi();
    const { host } = renderPanel(RepeatedTextsPanel, { api });
    await openChartData();
    const text = await screen.findByRole('button', { name: 'Search posts for Ballot boxes were stolen in <b>Maricopa</b> (3 posts)' });
    expect(screen.queryByRole('button', { name: /posted once/ })).toBeNull();
    expect(document.querySelector('li b')).toBeNull();
    expect(chartCalls.map((q) => [q.get('chart'), q.get('top_n')])).toEqual([['text_count', '10']]);
    fireEvent.click(text);
    expect(host.services.get(explorerStateKey).get().search).toBe('Ballot boxes were stolen in <b>Maricopa</b>');
  });

  it('shows the narrative pair with posts, platforms and top creator; a narrative filters the workspace', async () => {
    const { api, chartCalls } = chartApi();
    const { url } = renderPanel(NarrativePairPanel, { api, search: 'platforms=telegram:false' });
    await openChartData();
    const stolen = await screen.findByRole('button', { name: 'Filter by narrative Ballots were stolen (Reddit; most by bob) (2 posts)' });
    expect(screen.getByRole('button', { name: 'Filter by narrative Count every vote (Gab; most by ann) (1 posts)' })).toBeTruthy();
    expect(chartCalls.map((q) => [q.get('chart'), q.getAll('platforms')])).toEqual([['narrative_pair_activity', ['telegram:false']]]);
    fireEvent.click(stolen);
    await waitFor(() => expect(decodeFilters(url.get()).narratives).toEqual({ n1: true }));
  });
});
