import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsEvent, AnalyticsIdentity } from '@core/shared/analytics/api';
import { AnalyticsReporter } from './reporter';

const ada: AnalyticsIdentity = { user_id: 'u1', email: 'ada@example.org', organization_id: 'o1' };
const bob: AnalyticsIdentity = { user_id: 'u2', email: 'bob@example.org', organization_id: 'o1' };
const clock = () => new Date('2026-05-01T10:00:00.000Z');

function recorder(fail = false) {
  const batches: { identity: AnalyticsIdentity; events: AnalyticsEvent[] }[] = [];
  const send = vi.fn(async (body: { identity: AnalyticsIdentity; events: AnalyticsEvent[] }) => {
    if (fail) throw new Error('409');
    batches.push(body);
  });
  return { batches, send };
}

afterEach(() => { vi.useRealTimers(); });

describe('the analytics reporter', () => {
  it('sends nothing before a user is identified, then one batch after the flush period, as that user', async () => {
    vi.useFakeTimers();
    const { batches, send } = recorder();
    const reporter = new AnalyticsReporter(send, 5_000, clock);
    reporter.track('page_view', '/login');
    reporter.identify(ada);
    reporter.track('page_view', '/dashboard');
    reporter.track('command_run', 'core.palette.open');
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(batches).toEqual([{ identity: ada, events: [
      { name: 'page_view', subject: '/dashboard', at: '2026-05-01T10:00:00.000Z' },
      { name: 'command_run', subject: 'core.palette.open', at: '2026-05-01T10:00:00.000Z' },
    ] }]);
  });

  it('never sends a subject that is not a route pattern or command id', async () => {
    const { batches, send } = recorder();
    const reporter = new AnalyticsReporter(send, 5_000, clock);
    reporter.identify(ada);
    reporter.track('page_view', '/search?q=jane doe');
    reporter.track('page_view', '/project/$projectId');
    await reporter.flush();
    expect(batches.flatMap((b) => b.events.map((e) => e.subject))).toEqual(['/project/$projectId']);
  });

  it('keeps each event with the user who was signed in when it happened', async () => {
    const { batches, send } = recorder();
    const reporter = new AnalyticsReporter(send, 60_000, clock);
    reporter.identify(ada);
    for (let i = 0; i < 3; i += 1) reporter.track('page_view', '/dashboard');
    reporter.identify(bob);
    reporter.track('page_view', '/dashboard');
    reporter.track('command_run', 'core.theme.toggle');
    await reporter.flush();
    expect(batches.map((b) => [b.identity.user_id, b.events.length])).toEqual([['u1', 3], ['u2', 2]]);
  });

  it('sends at once whenever 50 events are waiting, without waiting for the period', async () => {
    const { batches, send } = recorder();
    const reporter = new AnalyticsReporter(send, 60_000, clock);
    reporter.identify(ada);
    for (let i = 0; i < 120; i += 1) reporter.track('page_view', '/dashboard');
    await Promise.resolve();
    expect(batches.map((b) => b.events.length)).toEqual([50, 50]);
    await reporter.flush();
    expect(batches.map((b) => b.events.length)).toEqual([50, 50, 20]);
  });

  it('drops a batch the server refuses and stops taking events once stopped', async () => {
    const { send } = recorder(true);
    const reporter = new AnalyticsReporter(send, 5_000, clock);
    reporter.identify(ada);
    reporter.track('page_view', '/dashboard');
    await expect(reporter.stop()).resolves.toBeUndefined();
    reporter.track('page_view', '/dashboard');
    await reporter.flush();
    expect(send).toHaveBeenCalledTimes(1);
  });
});
