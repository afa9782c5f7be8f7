import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, screen, within } from '@testing-library/react';
import type { SystemStatus } from '@core/shared/status/api';
import SystemStatusPage, { formatDuration, formatUptime } from './SystemStatusPage';
import { currentUser, renderWithSession, testAccessActors, testSession } from '../../session/testing';

configure({ asyncUtilTimeout: 10_000 });

const run = (over: Partial<SystemStatus['pipeline']['queued'][number]>) => ({
  id: 'r', organization_id: 'org-1', conversation_id: 'c', conversation_name: null as string | null, run_type: 'STATIC_RUN', status: 'PENDING', dag_step: null, current_stage: null,
  progress: 0, attempts: 0, created_at: '2026-11-23T12:00:00.000Z', started_at: null, heartbeat_at: null, ...over,
});

function statusAnswer(): SystemStatus {
  return {
    version: '0.1.0', started_at: '2026-11-20T10:00:00.000Z', uptime_seconds: 3 * 86_400 + 2 * 3600 + 5 * 60, database: 'postgres',
    scope: 'organization', organization_id: 'org-1', generated_at: '2026-11-23T12:05:00.000Z',
    versions: { backend: '0.1.0', commit: '0123456789abcdef0123456789abcdef01234567', language_runtime: 'Node.js v22.11.0',
      analysis_services: { 'alerts.metrics': 1, 'topics.cluster': 4 } },
    system_metrics: { record_count: 1_234_567, total_conversations: 18, users: 7, dag_runs: 16, collector_utilisations: [
      { datacollector: 'Bluesky', total_entities: 20_000, total_queries: 12 }, { datacollector: 'Local archive', total_entities: 950, total_queries: 4 },
    ] },
    pipeline: {
      runs_by_status: { SUCCESS: 12, FAILED: 2, PENDING: 1, RUNNING: 1 },
      queued: [run({ id: 'r-q', conversation_id: 'conv-queued', conversation_name: 'Election watch', run_type: 'SCHEDULED_RUN' })],
      running: [run({ id: 'r-r', conversation_id: 'conv-running', status: 'RUNNING', dag_step: 3, current_stage: 'topics.cluster', progress: 0.42,
        started_at: '2026-11-23T12:01:00.000Z', attempts: 1 })],
      recent_failures: [{ run_id: 'r-f', organization_id: 'org-1', conversation_id: 'conv-failed', conversation_name: 'Port strikes', run_type: 'STATIC_RUN', stage_id: 'coordination.detect',
        error: "Stage 'Detect' (coordination.detect) failed: <b>out of memory</b>", finished_at: '2026-11-23T11:00:00.000Z' }],
      stage_durations: [
        { stage_id: 'conversations.collect', runs: 14, median_ms: 850, max_ms: 2300 },
        { stage_id: 'topics.cluster', runs: 12, median_ms: 95_000, max_ms: 610_000 },
      ],
    },
  };
}

let answer: () => Response;
let usageAnswer: () => Response;
let calls: number;
const envelope = (data: unknown, status = 200, errors: string[] = []) =>
  new Response(JSON.stringify({ data, metadata: { errors, info: null, msg: errors[0] ?? null, pagination_info: null } }), { status });

beforeEach(() => {
  calls = 0;
  const status = statusAnswer();
  answer = () => envelope(status);
  usageAnswer = () => envelope({ enabled: false, days: 30, active_users: 0, usage: [], daily: [] });
  // The browser boundary: GET /api/v2/system/status answers what `answer` says at the time of the call.
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    if (String(input) === '/api/v2/analytics/usage?days=30') return usageAnswer();
    if (String(input) !== '/api/v2/system/status') return envelope(null, 200);
    calls++;
    return answer();
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function render() {
  const { actor } = testSession([currentUser({ permissions: ['VIEW_SYSTEM_STATUS_DATA'] })]);
  renderWithSession(SystemStatusPage, { path: '/myOrganization/$page', url: '/myOrganization/systemStatus', session: actor, access: testAccessActors(actor) });
}

const cells = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));

/** The definition list of the page's section named `name`, as text. */
const facts = (name: string) => screen.getByRole('region', { name }).querySelector('dl')!.textContent;

describe('/myOrganization/systemStatus', () => {
  it('shows the version, uptime, database and the pipeline state', async () => {
    render();
    const server = await screen.findByLabelText('Server');
    expect(server.textContent).toBe('Version0.1.0Uptime3 d 2 h 5 minDatabasePostgreSQLPipeline ofThis organization');
    expect(cells(screen.getByRole('table', { name: 'Runs by status' }))).toEqual([['1', '1', '12', '2', '0']]);
    expect(cells(screen.getByRole('table', { name: 'Queued and running runs' }))).toEqual([
      ['RUNNING', 'conv-running', 'STATIC_RUN', 'Step 3 of 5 · topics.cluster', '42 %', '23 Nov 2026, 12:00:00 UTC', '23 Nov 2026, 12:01:00 UTC'],
      // Conversations by name; by id only when the name is unknown (deleted).
      ['PENDING', 'Election watch', 'SCHEDULED_RUN', '—', '0 %', '23 Nov 2026, 12:00:00 UTC', '—'],
    ]);
    const failures = screen.getByRole('table', { name: 'Recent failures' });
    expect(cells(failures)).toEqual([['23 Nov 2026, 11:00:00 UTC', 'Port strikes', 'coordination.detect',
      "Stage 'Detect' (coordination.detect) failed: <b>out of memory</b>"]]);
    expect(failures.querySelector('b')).toBeNull();
    expect(facts('System metrics')).toBe('Records1,234,567Conversations18Users7DAG runs16');
    expect(cells(screen.getByRole('table', { name: 'Data collector utilisation' }))).toEqual([['Bluesky', '20,000', '12'], ['Local archive', '950', '4']]);
    expect(facts('Versions')).toBe(
      'Backend0.1.0Commit0123456789abcdef0123456789abcdef01234567RuntimeNode.js v22.11.0alerts.metricsv1topics.clusterv4');
    expect(cells(screen.getByRole('table', { name: 'Stage durations' }))).toEqual([
      ['conversations.collect', '14', '850 ms', '2.3 s'], ['topics.cluster', '12', '1 min 35 s', '10 min 10 s'],
    ]);
  });

  it('asks again every 10 seconds and shows the new state', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render();
    await screen.findByRole('table', { name: 'Runs by status' });
    expect(calls).toBe(1);
    const next = statusAnswer();
    next.pipeline.runs_by_status = { SUCCESS: 13, FAILED: 2 };
    next.pipeline.queued = [];
    next.pipeline.running = [];
    answer = () => envelope(next);
    await act(async () => { await vi.advanceTimersByTimeAsync(9_000); });
    expect(calls).toBe(1);
    await act(async () => { await vi.advanceTimersByTimeAsync(1_500); });
    expect(calls).toBe(2);
    expect(await screen.findByText('No run is queued or running.')).toBeTruthy();
    expect(cells(screen.getByRole('table', { name: 'Runs by status' }))).toEqual([['0', '0', '13', '2', '0']]);
  });

  it('keeps the last state and says so when a refresh fails', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render();
    await screen.findByRole('table', { name: 'Runs by status' });
    answer = () => envelope(null, 500, ['Internal server error']);
    await act(async () => { await vi.advanceTimersByTimeAsync(10_500); });
    expect((await screen.findByRole('alert')).textContent).toBe('The last refresh failed: Internal server error');
    expect(screen.getByRole('table', { name: 'Runs by status' })).toBeTruthy();
  });

  it("shows the server's refusal to a user without VIEW_SYSTEM_STATUS_DATA and stops asking", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answer = () => envelope(null, 403, ['You do not have permission to perform this action.']);
    render();
    expect((await screen.findByRole('alert')).textContent).toBe('You do not have permission to perform this action.');
    await act(async () => { await vi.advanceTimersByTimeAsync(30_000); });
    expect(calls).toBe(1);
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('the product usage section', () => {
  it('says analytics is off and how an operator turns it on', async () => {
    render();
    const section = await screen.findByRole('region', { name: 'Product usage (last 30 days)' });
    expect((await within(section).findByText(/Product analytics is off/)).textContent)
      .toBe('Product analytics is off: an operator turns it on with NARRASCOPE_ANALYTICS=on (docs/operations.md).');
  });

  it('lists what the organisation used, most used first, with the active users', async () => {
    usageAnswer = () => envelope({ enabled: true, days: 30, active_users: 3, daily: [{ day: '2026-11-23', events: 1290, users: 3 }], usage: [
      { name: 'page_view', subject: '/project/$projectName/conversation/$conversationId', events: 1_250, users: 3 },
      { name: 'command_run', subject: 'posts.export', events: 40, users: 1 },
    ] });
    render();
    const table = await screen.findByRole('table', { name: 'Product usage' });
    expect(cells(table)).toEqual([
      ['Page', '/project/$projectName/conversation/$conversationId', '1,250', '3'],
      ['Command', 'posts.export', '40', '1'],
    ]);
    expect(within(screen.getByRole('region', { name: 'Product usage (last 30 days)' })).getByText('3 active users.')).toBeTruthy();
  });
});

describe('formatting', () => {
  it('writes uptimes and durations for people', () => {
    expect(formatUptime(42)).toBe('42 s');
    expect(formatUptime(125)).toBe('2 min 5 s');
    expect(formatUptime(7_260)).toBe('2 h 1 min');
    expect(formatDuration(12)).toBe('12 ms');
    expect(formatDuration(1_540)).toBe('1.5 s');
    expect(formatDuration(125_000)).toBe('2 min 5 s');
  });
});
