import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { emptyFilters } from '@core/shared/filters';
import { renderInWorkbench } from '@core/client/testing/workbench';
import alertsClient from './index';
import MetricsPanel, { platformsOf } from './MetricsPanel';

const conversationId = '0d9f1f0e-9a57-4c4a-9d0e-2a1c3b4d5e6f';
const envelope = (data: unknown) => new Response(JSON.stringify({ data, metadata: { errors: [], info: null, msg: null, pagination_info: null } }), {
  status: 200, headers: { 'Content-Type': 'application/json' },
});
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

describe('metrics panel', () => {
  it('asks for the metric with the workspace platform filter and says when no run wrote metrics yet', async () => {
    const urls: string[] = [];
    vi.stubGlobal('fetch', vi.fn(async (url: string) => {
      urls.push(url);
      return envelope({ metric: 'risk_score', series: [{ key: '', points: [] }], narratives: [], platforms: [], risk_categories: [] });
    }));
    const filters = { ...emptyFilters(), platforms: { twitter: true, gab: false, telegram: true } };
    renderInWorkbench(<MetricsPanel paneId="p" config={{ metric: 'risk_score', groupBy: 'platform' }} setConfig={() => {}} conversationId={conversationId} filters={filters} />,
      { plugins: [alertsClient], conversationId });
    expect(await screen.findByText('No metrics yet: they are written at the end of each run.')).toBeTruthy();
    await waitFor(() => expect(urls).toHaveLength(1));
    const url = new URL(urls[0]!, 'http://x');
    expect(url.pathname).toBe(`/api/v2/conversations/${conversationId}/metrics`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ metric: 'risk_score', group_by: 'platform', platform: 'twitter,telegram' });
  });

  it('offers the figures as a "Chart data" table: one row per series and run', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => envelope({
      metric: 'risk_score',
      series: [
        { key: 'twitter', points: [{ timestamp: '2025-06-01T14:00:00.000Z', dag_run_id: 'r1', value: 12.5 }, { timestamp: '2025-06-02T14:00:00.000Z', dag_run_id: 'r2', value: 20 }] },
        { key: '<b>gab</b>', points: [{ timestamp: '2025-06-01T14:00:00.000Z', dag_run_id: 'r1', value: 3.333 }] },
      ],
      narratives: [], platforms: ['twitter', 'gab'], risk_categories: [],
    })));
    renderInWorkbench(<MetricsPanel paneId="p" config={{ metric: 'risk_score', groupBy: 'platform' }} setConfig={() => {}} conversationId={conversationId} filters={emptyFilters()} />,
      { plugins: [alertsClient], conversationId });
    const button = await screen.findByRole('button', { name: 'Chart data' }, { timeout: 20_000 });
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(button);
    const table = screen.getByRole('table', { name: 'Risk score (%) per run' });
    expect(within(table).getAllByRole('row').map((r) => [...r.children].map((c) => c.textContent))).toEqual([
      ['Series', 'Run', 'Risk score (%)'],
      ['twitter', '2025-06-01 14:00 UTC', '12.5'],
      ['twitter', '2025-06-02 14:00 UTC', '20'],
      ['<b>gab</b>', '2025-06-01 14:00 UTC', '3.33'],
    ]);
    expect(table.querySelector('b')).toBeNull();
  });

  it('passes no platform when the filter selects none', () => {
    expect(platformsOf(emptyFilters())).toBeUndefined();
  });
});
