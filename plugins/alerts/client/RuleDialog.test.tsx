import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInWorkbench } from '@core/client/testing/workbench';
import alertsClient from './index';
import RuleDialog from './RuleDialog';
import { ALERT_MESSAGES } from '../shared/messages';

const conversationId = '0d9f1f0e-9a57-4c4a-9d0e-2a1c3b4d5e6f';
const envelope = (data: unknown, status = 200) => new Response(JSON.stringify({ data, metadata: { errors: [], info: null, msg: null, pagination_info: null } }), {
  status, headers: { 'Content-Type': 'application/json' },
});

afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

describe('alert rule dialog', () => {
  it('shows the exact validation messages, previews firings, then saves the rule', async () => {
    const calls: { url: string; method: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      calls.push({ url, method: init?.method ?? 'GET', body });
      if (url.includes('/alerts/preview')) {
        const points = [['run1', 10], ['run2', 18], ['run3', 17]].map(([id, value], i) => ({ timestamp: `2026-11-0${i + 1}T10:00:00.000Z`, dag_run_id: id, value }));
        return envelope({ points: 3, series: [{ points }], firings: [{ timestamp: '2026-11-02T10:00:00.000Z', dag_run_id: 'run2', criteria: [], message: 'Surge: post_count rose by 5' }] });
      }
      return envelope({ id: 'r1', ...body, webhook_secret: 's', muted_until: null, created_by: null, created_at: 'x', updated_at: 'x' }, 201);
    }));
    const onClose = vi.fn();
    renderInWorkbench(<RuleDialog open conversationId={conversationId} onClose={onClose} />, { plugins: [alertsClient], conversationId });
    await userEvent.clear(screen.getByLabelText('Threshold'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(ALERT_MESSAGES.nameRequired)).toBeTruthy();
    expect(screen.getByText(ALERT_MESSAGES.thresholdRequired(0))).toBeTruthy();
    expect(calls).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Name'), 'Surge');
    await userEvent.type(screen.getByLabelText('Threshold'), '5');
    await userEvent.type(screen.getByLabelText('Platforms (comma-separated, empty for all)'), 'twitter, telegram');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Over 3 runs this rule would have fired 1 times.')).toBeTruthy();
    expect(screen.getByText(/Surge: post_count rose by 5/)).toBeTruthy();
    // The chart beside the list (its text alternative): the series over the runs with the firing marked.
    expect(await screen.findByRole('figure', { name: 'Preview chart: the rule\'s series over 3 runs, 1 firings marked' })).toBeTruthy();
    expect(calls[0]!.body).toMatchObject({ alertable_id: conversationId, config: { criteria: [{ threshold: 5, platform: ['twitter', 'telegram'] }] } });

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const saved = calls.find((c) => c.method === 'POST' && c.url.includes('/alerts/configs'));
    expect(saved?.body).toMatchObject({ name: 'Surge', alertable_id: conversationId, enabled: true, recipients: null,
      config: { webhook_url: null, criteria: [{ metric: 'post_count', unit: 'count', direction: 'increase', threshold: 5 }] } });
  }, 60_000); // typing and the lazily loaded Plotly take a while on a busy machine
});
