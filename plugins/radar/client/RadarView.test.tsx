import type { ReactElement } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWorkbenchHost } from '@core/client/app/host';
import { WorkbenchProvider, createHostHolder } from '@core/client/app/hostContext';
import { defineClientPlugin, type ClientPlugin } from '@core/client/plugin/contract';
import { defineManifest } from '@core/shared/plugin/manifest';
import { apiKey, navigationKey } from '@core/client/services/keys';
import radarClient from './index';
import HomeSlot from './HomeSlot';
import { RadarView } from './RadarView';
import RiskRadarPanel from './RiskRadarPanel';
import { radarRange, useRadarRange } from './rangeStore';
import { enableTopicRadarCommand } from './commands';
import { notificationsKey } from '@core/client/services/keys';
import { FakeRadarApi, assessment, assessments } from './testing/fakeRadarApi';
import { disposeAfterTest } from '@core/client/testing/teardown';

/** A browser IntersectionObserver stand-in (jsdom has none): the test says how much of each element is visible. */
class TestIntersectionObserver {
  static all: TestIntersectionObserver[] = [];
  readonly targets: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) { TestIntersectionObserver.all.push(this); }
  observe(el: Element) { this.targets.push(el); }
  disconnect() { this.targets.length = 0; }
  unobserve() {}
  takeRecords() { return []; }
  static show(ratio: number) {
    for (const o of TestIntersectionObserver.all) {
      o.callback(o.targets.map((target) => ({ target, isIntersecting: ratio > 0, intersectionRatio: ratio }) as IntersectionObserverEntry), o as never);
    }
  }
}

let api: FakeRadarApi;
beforeEach(() => {
  api = new FakeRadarApi();
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  vi.stubGlobal('IntersectionObserver', TestIntersectionObserver);
  TestIntersectionObserver.all = [];
  radarRange.set('LAST_WEEK');
});
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

function renderUi(ui: ReactElement, plugins: ClientPlugin[] = [radarClient]) {
  const host = createWorkbenchHost(plugins);
  disposeAfterTest(host.dispose);
  const holder = createHostHolder(async () => host);
  holder.current = host;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  host.services.provide(apiKey, { queryClient });
  const navigated: string[] = [];
  host.services.provide(navigationKey, { navigate: (to) => navigated.push(to), currentPath: () => '/projects/P/c1/risk-radar' });
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={queryClient}><WorkbenchProvider value={holder}>{ui}</WorkbenchProvider></QueryClientProvider>
    </FluentProvider>,
  );
  return { navigated };
}

const view = (conversationId: string | null = 'c1') => (
  <RadarView conversationId={conversationId} range={radarRange.get()} onRange={radarRange.set} />
);

describe('Topic Radar view', () => {
  it("shows the bar and nine cards in the spec's order, post text as text", async () => {
    renderUi(view());
    await screen.findByTestId('radar-card-TARIFF');
    const cards = screen.getAllByTestId(/^radar-card-/).map((c) => c.getAttribute('data-testid'));
    expect(cards).toEqual(['DEI', 'BOYCOTT', 'UNION', 'ELECTION_DENIAL', 'FINANCE', 'SHORTSELLING', 'QANON', 'MAHA_AND_VACCINE', 'TARIFF'].map((t) => `radar-card-${t}`));
    expect(within(screen.getByTestId('radar-card-UNION')).getByRole('heading').textContent).toBe('Labor');
    expect(within(screen.getByTestId('radar-card-MAHA_AND_VACCINE')).getByText('28 posts · 12% of the last 24 hours')).toBeTruthy();
    expect(screen.getByText('<b>Key</b> post about DEI')).toBeTruthy();
    expect(screen.getByTestId('radar-theme-bar').textContent).toContain('Short Selling 7%');
  });

  it('says "No Narrative Activity Themes Found" when no theme has posts', async () => {
    api.answer = (range, c) => assessments(range, c, [assessment('DEI', { volume_raw_date_range: 0, volume_history: [] })]);
    renderUi(view());
    expect((await screen.findByTestId('radar-no-themes')).textContent).toBe('No Narrative Activity Themes Found');
    expect(screen.queryByTestId(/^radar-card-/)).toBeNull();
  });

  it('says "No summary available.", "No post available." and "No Relevant Data" on an empty card', async () => {
    const quiet = assessment('QANON', { theme_summary: null, representative_posts: [], volume_history: [{ date: '2025-06-29T13:00:00.000Z', volume: 0 }] });
    api.answer = (range, c) => assessments(range, c, [assessment('DEI', { volume_history: [] }), quiet]);
    renderUi(view());
    const card = await screen.findByTestId('radar-card-QANON');
    expect(within(card).getByText('No summary available.')).toBeTruthy();
    expect(within(card).getByText('No post available.')).toBeTruthy();
    expect(within(card).getByText('No Relevant Data')).toBeTruthy();
    expect(within(card).getByText('There are no significant narratives around this topic')).toBeTruthy();
  });

  it('offers each volume chart\'s points as a "Chart data" table on its card', async () => {
    renderUi(view());
    const card = await screen.findByTestId('radar-card-UNION');
    const button = within(card).getByRole('button', { name: 'Chart data' });
    expect(within(card).queryByRole('table')).toBeNull();
    fireEvent.click(button);
    const table = within(card).getByRole('table', { name: 'Labor: posts over time' });
    expect(within(table).getAllByRole('row').map((r) => [...r.children].map((c) => c.textContent))).toEqual([
      ['Time', 'Posts'], ...[23, 24, 25, 26, 27, 28, 29].map((day, i) => [`Jun ${day}`, String(i + 1)])]);
  });

  it("loads a key post's statistics only once half of it is visible", async () => {
    api.answer = (range, c) => assessments(range, c, [assessment('DEI', { volume_history: [] })]);
    renderUi(view());
    await screen.findByTestId('radar-key-post');
    const details = () => api.requests.filter((r) => r.startsWith('/api/v2/posts/details'));
    act(() => TestIntersectionObserver.show(0.3));
    await new Promise((r) => setTimeout(r, 20));
    expect(details()).toEqual([]);
    act(() => TestIntersectionObserver.show(0.5));
    await waitFor(() => expect(screen.getByTestId('radar-key-post-stats').textContent).toBe('Likes: 1.23K'));
    expect(details()).toEqual(['/api/v2/posts/details?conversation_id=c1&post_id=100']);
  });

  it('shows the date range only while the dropdown is closed; Past Month asks for LAST_MONTH', async () => {
    renderUi(<RangeHarness />);
    const dropdown = await screen.findByRole('combobox', { name: 'Time range' });
    await waitFor(() => expect(dropdown.textContent).toBe('Past Week (Jun 23 – Jun 30)'));
    fireEvent.click(dropdown);
    await waitFor(() => expect(dropdown.textContent).toBe('Past Week'));
    fireEvent.click(screen.getByRole('option', { name: 'Past Month' }));
    await waitFor(() => expect(api.requests).toContain('/api/v2/radar/assessments?date_range=LAST_MONTH&conversation_id=c1'));
    await waitFor(() => expect(dropdown.textContent).toBe('Past Month (Jun 23 – Jun 30)'));
  });
});

function RangeHarness() {
  // The view re-renders with the store's range, as HomeSlot and the panel do.
  const range = useRadarRange();
  return <RadarView conversationId="c1" range={range} onRange={radarRange.set} />;
}
describe('dashboard home and Risk Radar tab', () => {
  const conversationsHome = defineClientPlugin({
    manifest: defineManifest({ id: 'cards', title: 'Cards', version: 1, apiPrefixes: [] }),
    slots: { dashboardHome: async () => ({ default: () => <p>Platform Intelligence</p> }) },
  });

  it('shows Topic Radar on the home page when the organisation enabled it', async () => {
    renderUi(<HomeSlot />, [radarClient, conversationsHome]);
    expect(await screen.findByRole('heading', { name: 'Topic Radar' })).toBeTruthy();
    await screen.findByTestId('radar-card-DEI');
    expect(api.requests).toContain('/api/v2/radar/assessments?date_range=LAST_WEEK');
    expect(screen.queryByText('Platform Intelligence')).toBeNull();
  });

  it("hands over to the next plugin's home when Topic Radar is off", async () => {
    api.enabled = false;
    renderUi(<HomeSlot />, [radarClient, conversationsHome]);
    expect(await screen.findByText('Platform Intelligence')).toBeTruthy();
    expect(api.requests.some((r) => r.startsWith('/api/v2/radar/assessments'))).toBe(false);
  });

  it("opens a theme's posts in the explorer with the theme filter", async () => {
    const { navigated } = renderUi(<RiskRadarPanel paneId="p1" config={{}} setConfig={() => {}} conversationId="c1" filters={undefined as never} />);
    const card = await screen.findByTestId('radar-card-ELECTION_DENIAL');
    fireEvent.click(within(card).getByRole('button', { name: 'Open in explorer' }));
    expect(navigated).toEqual(['/projects/P/c1/explorer/posts?nrms_theme=ELECTION_DENIAL%3Atrue']);
  });
});

describe('palette commands', () => {
  it('Enable Topic Radar stores all nine themes through the organisation call, then opens the home page', async () => {
    const puts: unknown[] = [];
    const fetchFake = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        puts.push([String(input), JSON.parse(String(init.body))]);
        return new Response(JSON.stringify({ data: {}, metadata: { errors: [], info: null, msg: null } }), { status: 200 });
      }
      return api.fetch(input);
    });
    vi.stubGlobal('fetch', fetchFake);
    const host = createWorkbenchHost([radarClient]);
    disposeAfterTest(host.dispose);
    const queryClient = new QueryClient();
    host.services.provide(apiKey, { queryClient });
    const navigated: string[] = [];
    const toasts: string[] = [];
    host.services.provide(navigationKey, { navigate: (to) => navigated.push(to), currentPath: () => '/' });
    host.services.provide(notificationsKey, { notify: (m) => toasts.push(m) });
    await enableTopicRadarCommand.run({ services: host.services } as never, undefined as never);
    expect(puts).toEqual([['/api/v2/organization/o1', { themes: ['DEI', 'BOYCOTT', 'UNION', 'ELECTION_DENIAL', 'FINANCE', 'SHORTSELLING', 'QANON', 'MAHA_AND_VACCINE', 'TARIFF'] }]]);
    expect([navigated, toasts]).toEqual([['/'], ['Topic Radar is on for the organization']]);
  });
});
