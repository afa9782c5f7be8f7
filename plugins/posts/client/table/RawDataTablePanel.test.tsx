import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeExplorerApi, row } from '../testing/fakeExplorerApi';
import { renderPanel } from '../testing/harness';
import { filtersKey } from '@core/client/services/keys';
import { filterDimensions } from '@core/shared/filters';
import { TEMPLATE_DIMENSIONS } from '@plugins/_template/shared/public';
import RawDataTablePanel from './RawDataTablePanel';

// jsdom has no layout: give the table's scroll area a size so the virtualiser renders rows.
const scrollArea = (el: HTMLElement) => el.dataset.testid === 'raw-data-scroll';
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get() { return scrollArea(this) ? 4000 : 0; } });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get() { return scrollArea(this) ? 1200 : 0; } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const corpus = () => [
  ...Array.from({ length: 45 }, (_, i) => row(i + 1, { body: `Ordinary post ${i + 1} about the flood` })),
  row(100, { class: 'gab', body: '<img src=x onerror="alert(1)"> hostile <b>markup</b>', sentiment: 'NEGATIVE' }),
];
const rowsShown = () => screen.getAllByRole('row').slice(1);

describe('the raw data table panel', () => {
  it('shows the first page of posts as text, with the total and the pagination of 2 edge and 1 sibling pages', async () => {
    const api = fakeExplorerApi(corpus());
    const { container } = renderPanel(RawDataTablePanel, { api });
    expect(await screen.findByText('46 posts')).toBeTruthy();
    expect(rowsShown()).toHaveLength(20);
    const call = api.last(/raw_data$/)!;
    expect(call.query.get('limit')).toBe('20');
    expect(call.query.get('record_offset')).toBe('0');
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getAllByRole('button').map((b) => b.textContent)).toEqual(['Previous', '1', '2', '3', 'Next']);
    expect(within(pages).getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Post', 'Platform', 'Published', 'Creator', 'Engagement', 'First n-gram', 'Threats of violence', 'Source URL', 'Entities',
    ]);
    expect(container.querySelector('img')).toBeNull();
  });

  it('renders hostile post bodies as text, never as HTML', async () => {
    const api = fakeExplorerApi([row(100, { class: 'gab', body: '<img src=x onerror="alert(1)"> hostile <b>markup</b>' })]);
    const { container } = renderPanel(RawDataTablePanel, { api });
    expect(await screen.findByText('<img src=x onerror="alert(1)"> hostile <b>markup</b>')).toBeTruthy();
    expect(container.querySelector('img, b')).toBeNull();
    expect(screen.getByText('Gab')).toBeTruthy();
  });

  it('moves between pages and sorts by a column through the server', async () => {
    const api = fakeExplorerApi(corpus());
    renderPanel(RawDataTablePanel, { api });
    await screen.findByText('46 posts');
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(rowsShown()).toHaveLength(6));
    expect(api.last(/raw_data$/)!.query.get('record_offset')).toBe('40');

    fireEvent.click(screen.getByRole('button', { name: 'Sort by Published' }));
    await waitFor(() => expect(api.last(/raw_data$/)!.query.get('order_by')).toBe('published_at:asc'));
    expect(screen.getByRole('columnheader', { name: /Published/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(api.last(/raw_data$/)!.query.get('record_offset')).toBe('0');
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Published' }));
    await waitFor(() => expect(api.last(/raw_data$/)!.query.get('order_by')).toBe('published_at:desc'));
  });

  it('searches 350 ms after typing stops and writes the search into the URL hash', async () => {
    const api = fakeExplorerApi([...corpus(), row(200, { body: 'A post about elections' })]);
    renderPanel(RawDataTablePanel, { api });
    await screen.findByText('47 posts');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search posts' }), { target: { value: 'elections' } });
    await new Promise((r) => setTimeout(r, 200));
    expect(api.last(/raw_data$/)!.query.get('search')).toBeNull();
    expect(await screen.findByText('1 post')).toBeTruthy();
    expect(api.last(/raw_data$/)!.query.get('search')).toBe('elections');
    expect(window.location.hash).toBe('#posts-search=elections');
  });

  it('takes the global search from the URL hash', async () => {
    window.history.replaceState(null, '', '/conversations/c1/explorer/posts#posts-search=flood');
    const api = fakeExplorerApi([...corpus(), row(200, { body: 'A post about elections' })]);
    renderPanel(RawDataTablePanel, { api });
    expect(await screen.findByText('45 posts')).toBeTruthy();
    expect((screen.getByRole('searchbox', { name: 'Search posts' }) as HTMLInputElement).value).toBe('flood');
    expect(window.location.hash).toBe('#posts-search=flood');
  });

  it('sends the workspace filters and changes the page size, saving it as results_per_page', async () => {
    const api = fakeExplorerApi(corpus());
    renderPanel(RawDataTablePanel, { api, search: 'platforms=gab:true' });
    expect(await screen.findByText('1 post')).toBeTruthy();
    expect(api.last(/raw_data$/)!.query.getAll('platforms')).toEqual(['gab:true']);

    const api2 = fakeExplorerApi(corpus());
    cleanup();
    vi.unstubAllGlobals();
    renderPanel(RawDataTablePanel, { api: api2 });
    await screen.findByText('46 posts');
    fireEvent.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    fireEvent.click(await screen.findByRole('option', { name: '50' }));
    await waitFor(() => expect(api2.last(/raw_data$/)!.query.get('limit')).toBe('50'));
    // Virtual rows: only those in view (plus 10 overscan) are in the DOM, never more than the page.
    await waitFor(() => expect(rowsShown().length).toBeGreaterThan(20));
    expect(rowsShown().length).toBeLessThanOrEqual(46);
    await waitFor(() => expect(api2.preference.raw_data_table_ordering.results_per_page).toBe(50));
    expect(within(screen.getByRole('navigation', { name: 'Pages' })).getAllByRole('button').map((b) => b.textContent)).toEqual(['Previous', '1', 'Next']);
  });

  it('follows the workspace filters when they change, back to page 1', async () => {
    const api = fakeExplorerApi(corpus());
    const { host, url } = renderPanel(RawDataTablePanel, { api });
    await screen.findByText('46 posts');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(api.last(/raw_data$/)!.query.get('record_offset')).toBe('20'));
    url.set('platforms=gab:true');
    expect(await screen.findByText('1 post')).toBeTruthy();
    expect(api.last(/raw_data$/)!.query.get('record_offset')).toBe('0');
    expect(rowsShown()).toHaveLength(1);
    expect(host.services.get(filtersKey).get().platforms).toEqual({ gab: true });
  });

  it('shows the columns of the raw_data_table_ordering preference in its order', async () => {
    const api = fakeExplorerApi(corpus());
    await api.fetch('/api/v2/preference/my', { method: 'PUT', body: JSON.stringify({ raw_data_table_ordering: {
      column_fields: { ...Object.fromEntries(['type', 'publishedAt', 'creator', 'engagementScore', 'firstNgram', 'threatsOfViolence', 'sourceUrl', 'entities'].map((f, i) => [f, { is_shown: f !== 'entities' && f !== 'firstNgram', order: f === 'sourceUrl' ? 0 : i + 1 }])) },
    } }) });
    renderPanel(RawDataTablePanel, { api });
    await screen.findByText('46 posts');
    await waitFor(() => expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Post', 'Source URL', 'Platform', 'Published', 'Creator', 'Engagement', 'Threats of violence',
    ]));
  });

  it("offers a column for every dimension with a row field, a plugin's too, hidden until the user shows it, and saves the choice", async () => {
    const release = filterDimensions.register(TEMPLATE_DIMENSIONS);
    try {
      const api = fakeExplorerApi([row(1, { sentiment: 'NEGATIVE', template_post_length: 'long' }), row(2, { sentiment: null, template_post_length: 'short' })]);
      renderPanel(RawDataTablePanel, { api });
      await screen.findByText('2 posts');
      const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);
      expect(headers()).not.toContain('Sentiment');
      await userEvent.click(screen.getByRole('button', { name: 'Table settings' }));
      const dialog = await screen.findByRole('dialog', { name: 'Table settings' });
      const columns = within(dialog).getByRole('list', { name: 'Columns' });
      expect(within(columns).getAllByRole('checkbox').map((c) => c.closest('li')!.querySelector('label')!.textContent)).toEqual([
        'Platform', 'Published', 'Creator', 'Engagement', 'First n-gram', 'Threats of violence', 'Source URL', 'Entities',
        'Sentiment', 'Narrative', 'Coordination cluster', 'Post length',
      ]);
      expect((screen.getByRole('checkbox', { name: 'Source URL' }) as HTMLInputElement).checked).toBe(true);
      expect((screen.getByRole('checkbox', { name: 'Post length' }) as HTMLInputElement).checked).toBe(false);
      await userEvent.click(screen.getByRole('checkbox', { name: 'Post length' }));
      await waitFor(() => expect(headers().at(-1)).toBe('Post length'));
      expect(api.preference.raw_data_table_ordering.column_fields['dimension:template_post_length']).toEqual({ is_shown: true, order: 11 });
      expect(api.preference.raw_data_table_ordering.column_fields.entities).toEqual({ is_shown: true, order: 7 });
      expect(rowsShown().map((r) => within(r).getAllByRole('cell').at(-1)!.textContent)).toEqual(['Long', 'Short']);

      await userEvent.click(screen.getByRole('checkbox', { name: 'Sentiment' }));
      await waitFor(() => expect(headers()).toContain('Sentiment'));
      const sentiment = headers().indexOf('Sentiment');
      expect(rowsShown().map((r) => within(r).getAllByRole('cell')[sentiment]!.textContent)).toEqual(['Negative', 'N/A']);
    } finally {
      release();
    }
  });

  it('reorders and hides columns and post parts from table settings, keyboard first', async () => {
    const api = fakeExplorerApi(corpus());
    renderPanel(RawDataTablePanel, { api });
    await screen.findByText('46 posts');
    const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);
    await userEvent.click(screen.getByRole('button', { name: 'Table settings' }));
    await screen.findByRole('dialog', { name: 'Table settings' });
    expect((screen.getByRole('button', { name: 'Move Platform up' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Move Platform down' }));
    await waitFor(() => expect(headers().slice(0, 3)).toEqual(['Post', 'Published', 'Platform']));
    screen.getByRole('checkbox', { name: 'Entities' }).focus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(headers()).not.toContain('Entities'));
    expect(api.preference.raw_data_table_ordering.column_fields).toMatchObject({
      publishedAt: { is_shown: true, order: 0 }, type: { is_shown: true, order: 1 }, entities: { is_shown: false, order: 7 },
    });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Links' }));
    await waitFor(() => expect(api.preference.raw_data_table_ordering.post_content_fields.urls).toBe(false));
    expect(api.preference.raw_data_table_ordering.post_content_fields.body).toBe(true);
  });

  it('shows URLs cut at 25 characters, linking to the whole URL', async () => {
    const url = 'https://news.example.org/2026/01/02/a-long-story-slug';
    renderPanel(RawDataTablePanel, { api: fakeExplorerApi([row(1, { source_url: url, urls: [url] })]) });
    const links = await screen.findAllByRole('link', { name: 'https://news.example.org…' });
    expect(links).toHaveLength(2);
    for (const link of links) {
      expect(link.getAttribute('href')).toBe(url);
      expect(link.getAttribute('title')).toBe(url);
    }
  });

  it('clamps long bodies with Show Full Text / Show Less Text', async () => {
    const long = `${'word '.repeat(80)}end of a long post`;
    renderPanel(RawDataTablePanel, { api: fakeExplorerApi([row(1, { body: long })]) });
    const more = await screen.findByRole('button', { name: 'Show Full Text' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(screen.getByRole('button', { name: 'Show Less Text' }).getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Show Less Text' }));
    expect(screen.getByRole('button', { name: 'Show Full Text' })).toBeTruthy();
  });

  it('exports CSV of the same filters and search, and shows the spec message when the export fails', async () => {
    const api = fakeExplorerApi(corpus());
    const created: string[] = [];
    URL.createObjectURL = vi.fn(() => { created.push('blob:1'); return 'blob:1'; });
    URL.revokeObjectURL = vi.fn();
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderPanel(RawDataTablePanel, { api, search: 'sentiments=NEGATIVE:false' });
    await screen.findByText('45 posts');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicks).toHaveBeenCalledTimes(1));
    const call = api.calls.find((c) => c.query.get('export') === 'csv')!;
    expect(call.query.getAll('sentiments')).toEqual(['NEGATIVE:false']);
    expect(created).toHaveLength(1);

    api.failNext(/export=jsonl/, 500, ['boom']);
    fireEvent.click(screen.getByRole('button', { name: 'Export JSONL' }));
    expect(await screen.findByText('an error occurred while exporting raw data.  Please try again later.', { normalizer: (s) => s })).toBeTruthy();
    clicks.mockRestore();
  });

  it('opens a post in the popup from its row', async () => {
    const api = fakeExplorerApi(corpus());
    renderPanel(RawDataTablePanel, { api });
    await screen.findByText('46 posts');
    fireEvent.click(screen.getAllByRole('button', { name: /^Open post / })[0]!);
    const popup = await screen.findByRole('dialog');
    expect(await within(popup).findByText('Score')).toBeTruthy();
  });
});
