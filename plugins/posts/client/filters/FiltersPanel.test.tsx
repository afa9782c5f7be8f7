import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeExplorerApi, row } from '../testing/fakeExplorerApi';
import { renderPanel } from '../testing/harness';
import FiltersPanel from './FiltersPanel';
import { dimensionOrder } from './dimensions';
import { filterDimensions } from '@core/shared/filters';
import { TEMPLATE_DIMENSIONS } from '@plugins/_template/shared/public';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

const corpus = () => [
  row(1, { class: 'reddit', sentiment: 'NEGATIVE' }),
  row(2, { class: 'reddit', sentiment: 'POSITIVE' }),
  row(3, { class: 'gab', sentiment: 'NEGATIVE' }),
  row(4, { class: 'twitter', sentiment: 'NEUTRAL', is_reply: true }),
  row(5, { class: 'twitter', sentiment: null }),
];

const countOf = (label: RegExp) => screen.getByRole('button', { name: label }).closest('li')!.querySelector('[aria-label$="posts"]')!.textContent;

describe('the filters panel', () => {
  it("offers every registered dimension in the declared order: core's and the analysis plugins'", () => {
    expect(dimensionOrder()).toEqual([
      'platforms', 'sentiments', 'contains_threatening_language', 'engagement_score', 'domains', 'narratives',
      'coordination_cluster', 'is_niche', 'is_repost', 'is_reply', 'is_quote',
    ]);
  });

  it('shows a dimension another plugin declares, with its labels and counts, and filters by it through the URL', async () => {
    const release = filterDimensions.register(TEMPLATE_DIMENSIONS);
    try {
      expect(dimensionOrder().at(-1)).toBe('template_post_length');
      const api = fakeExplorerApi([row(1, { template_post_length: 'short' }), row(2, { template_post_length: 'short' }), row(3, { template_post_length: 'long' })]);
      const { url } = renderPanel(FiltersPanel, { api });
      expect(await screen.findByText('3 posts')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Post length' }));
      expect(countOf(/^Include Post length Short$/)).toBe('2');
      expect(countOf(/^Include Post length Long$/)).toBe('1');
      fireEvent.click(screen.getByRole('button', { name: 'Include Post length Long' }));
      expect(url.get()).toBe('template_post_length=long:true');
      expect(await screen.findByText('1 posts')).toBeTruthy();
    } finally {
      release();
    }
  });

  it('shows counts, includes a platform through the URL and the counts follow', async () => {
    const api = fakeExplorerApi(corpus());
    const { url } = renderPanel(FiltersPanel, { api });
    expect(await screen.findByText('5 posts')).toBeTruthy();
    expect(countOf(/^Include Platform Reddit$/)).toBe('2');
    expect(countOf(/^Include Platform X$/)).toBe('2');
    expect((screen.getByRole('button', { name: 'Clear all' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Include Platform Reddit' }));
    expect(url.get()).toBe('platforms=reddit:true');
    expect(await screen.findByText('2 posts')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Include Platform Reddit' }).getAttribute('aria-pressed')).toBe('true');
    // The sentiment counts are now those of Reddit's posts.
    await waitFor(() => expect(countOf(/^Include Sentiment Negative$/)).toBe('1'));
    expect(api.last(/filter_counts$/)!.query.getAll('platforms')).toEqual(['reddit:true']);

    fireEvent.click(screen.getByRole('button', { name: 'Include Platform Reddit' }));
    expect(url.get()).toBe('');
  });

  it('excludes a sentiment (posts without one stay) and clears everything', async () => {
    const api = fakeExplorerApi(corpus());
    const { url } = renderPanel(FiltersPanel, { api, search: 'viz:preset=narrative' });
    await screen.findByText('5 posts');
    fireEvent.click(screen.getByRole('button', { name: 'Exclude Sentiment Negative' }));
    expect(url.get()).toBe('viz:preset=narrative&sentiments=NEGATIVE:false');
    expect(await screen.findByText('3 posts')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(url.get()).toBe('viz:preset=narrative');
    expect(await screen.findByText('5 posts')).toBeTruthy();
  });

  it('filters a boolean dimension to yes or no', async () => {
    const api = fakeExplorerApi(corpus());
    const { url } = renderPanel(FiltersPanel, { api });
    await screen.findByText('5 posts');
    fireEvent.click(screen.getByRole('button', { name: 'Reply' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Include Reply Yes' }));
    expect(url.get()).toBe('is_reply=true');
    expect(await screen.findByText('1 posts')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Exclude Reply Yes' }));
    expect(url.get()).toBe('is_reply=false');
  });

  it('sets the date range in UTC after the 350 ms debounce', async () => {
    const api = fakeExplorerApi(corpus());
    const { url } = renderPanel(FiltersPanel, { api });
    await screen.findByText('5 posts');
    // Folded by default (its 14 segment Tab stops would come before the first filter).
    expect(screen.queryByLabelText('From (UTC)')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Date range' }));
    fireEvent.change(screen.getByLabelText('From (UTC)'), { target: { value: '2024-01-01T02:00' } });
    expect(url.get()).toBe('');
    await waitFor(() => expect(url.get()).toBe('start_range=2024-01-01T02:00:00Z'));
    expect(await screen.findByText('4 posts')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Date range (set)' })).toBeTruthy();
  });
});
