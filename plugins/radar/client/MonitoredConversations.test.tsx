import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderInWorkbench } from '@core/client/testing/workbench';
import { SessionProvider } from '@core/client/session/SessionContext';
import { settledSession } from '@core/client/session/sessionActor';
import { currentUser, testAccessActors, testSession } from '@core/client/session/testing';
import { navigationKey } from '@core/client/services/keys';
import radarClient from './index';
import { MonitoredConversations } from './MonitoredConversations';

const envelope = (data: unknown, status = 200) => new Response(JSON.stringify({ data, metadata: { errors: status === 200 ? [] : ['Forbidden'], info: null, msg: null } }), {
  status, headers: { 'Content-Type': 'application/json' },
});
const conversation = (id: string, name: string) => ({ id, name, status: 'SUCCESS', is_scaled: false, is_org_nrms: true });

let requests: string[];
let scaledStatus: number;
beforeEach(() => {
  requests = [];
  scaledStatus = 200;
  vi.stubGlobal('fetch', vi.fn(async (input: string) => {
    const url = new URL(String(input), 'http://localhost');
    requests.push(`${url.pathname}${url.search}`);
    if (url.pathname === '/api/v2/conversations/nrms') return envelope([conversation('n1', `NRMS ${url.searchParams.get('date_range')}`)]);
    if (url.pathname === '/api/v2/conversations/scaled') return scaledStatus === 200 ? envelope([conversation('s1', 'Everything about tariffs')]) : envelope(null, scaledStatus);
    return envelope(null, 404);
  }));
});
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

async function renderWith(features: string[], range: 'LAST_WEEK' | 'LAST_MONTH' = 'LAST_WEEK') {
  const { actor } = testSession([currentUser({}, { features })]);
  await settledSession(actor);
  const navigated: string[] = [];
  renderInWorkbench(
    <SessionProvider actor={actor} access={testAccessActors(actor)}><MonitoredConversations range={range} /></SessionProvider>,
    { plugins: [radarClient], setup: (host) => host.services.provide(navigationKey, { navigate: (to) => navigated.push(to), currentPath: () => '/' }) },
  );
  return { navigated };
}

describe('NRMS and scaled conversations on the Topic Radar home', () => {
  it('asks neither call without the feature flags, and shows nothing', async () => {
    await renderWith([]);
    await new Promise((r) => setTimeout(r, 50));
    expect(requests).toEqual([]);
    expect(screen.queryByTestId('radar-nrms-conversations')).toBeNull();
    expect(screen.queryByTestId('radar-scaled-conversations')).toBeNull();
  });

  it('with VIEW_NRMS_CONVERSATION lists the NRMS conversations of the range, each opening the conversation', async () => {
    const { navigated } = await renderWith(['VIEW_NRMS_CONVERSATION'], 'LAST_MONTH');
    const list = await screen.findByTestId('radar-nrms-conversations');
    expect(list.textContent).toBe('Organization-wide NRMS conversations:NRMS LAST_MONTH');
    expect(requests).toEqual(['/api/v2/conversations/nrms?date_range=LAST_MONTH']);
    fireEvent.click(within(list).getByRole('link', { name: 'NRMS LAST_MONTH' }));
    expect(navigated).toEqual(['/conversations/n1']);
  });

  it('with SHOW_SCALED_CONVERSATIONS lists the scaled conversations; a failed call shows none', async () => {
    await renderWith(['SHOW_SCALED_CONVERSATIONS']);
    expect((await screen.findByTestId('radar-scaled-conversations')).textContent).toBe('Scaled conversations:Everything about tariffs');
    expect(requests).toEqual(['/api/v2/conversations/scaled']);
    cleanup();
    requests = [];
    scaledStatus = 500;
    await renderWith(['SHOW_SCALED_CONVERSATIONS']);
    await waitFor(() => expect(requests).toEqual(['/api/v2/conversations/scaled']));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('radar-scaled-conversations')).toBeNull();
  });
});
