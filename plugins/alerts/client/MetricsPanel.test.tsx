import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
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

  it('passes no platform when the filter selects none', () => {
    expect(platformsOf(emptyFilters())).toBeUndefined();
  });
});
