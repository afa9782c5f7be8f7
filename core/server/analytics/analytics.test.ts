import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '@core/server/testing/httpClient';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import {
  ANALYTICS_EVENTS_PATH, ANALYTICS_IDENTITY_MISMATCH, ANALYTICS_OFF, ANALYTICS_USAGE_PATH, type AnalyticsEvent, type AnalyticsIdentity,
} from '@core/shared/analytics/api';
import { AnalyticsStore, trustedTime } from './store';

interface Member { client: ApiClient; identity: AnalyticsIdentity }

async function member(t: TestServer, org: string, overrides: Parameters<TestServer['createUser']>[1] = {}): Promise<Member> {
  const u = await t.createUser(org, overrides);
  const client = new ApiClient(t.url);
  await client.login(u.email, u.password);
  const me = await client.get('/api/v2/user/current');
  return { client, identity: { user_id: me.body.data.user.id, email: u.email, organization_id: u.organizationId } };
}

const event = (name: AnalyticsEvent['name'], subject: string, at = new Date().toISOString()): AnalyticsEvent => ({ name, subject, at });

describe('product analytics when the operator left it off (the default)', () => {
  let t: TestServer;
  beforeAll(async () => { t = await startTestServer({ plugins: [] }); });
  afterAll(async () => { await t?.close(); });

  it('tells the browser it is off, refuses events with the exact message and stores nothing', async () => {
    const tag = crypto.randomBytes(3).toString('hex');
    const viewer = await member(t, `Analytics off ${tag}`, { permissions: ['VIEW_SYSTEM_STATUS_DATA'] });
    expect((await viewer.client.get('/api/v2/user/current')).body.data.analytics).toBe(false);
    const res = await viewer.client.post(ANALYTICS_EVENTS_PATH, { identity: viewer.identity, events: [event('page_view', '/dashboard')] });
    expect(res.status).toBe(409);
    expect(res.body.metadata.errors).toEqual([ANALYTICS_OFF]);
    const usage = await viewer.client.get(ANALYTICS_USAGE_PATH);
    expect(usage.body.data).toEqual({ enabled: false, days: 30, active_users: 0, usage: [], daily: [] });
  });
});

describe('product analytics turned on', () => {
  let t: TestServer;
  const m: Record<'viewer' | 'analyst' | 'other', Member> = {} as never;
  beforeAll(async () => {
    t = await startTestServer({ plugins: [], env: { NARRASCOPE_ANALYTICS: 'on' } });
    const tag = crypto.randomBytes(3).toString('hex');
    m.viewer = await member(t, `Analytics A ${tag}`, { permissions: ['VIEW_SYSTEM_STATUS_DATA'] });
    m.analyst = await member(t, `Analytics A ${tag}`, { permissions: [] });
    m.other = await member(t, `Analytics B ${tag}`, { permissions: ['VIEW_SYSTEM_STATUS_DATA'] });
  });
  afterAll(async () => { await t?.close(); });

  it('records the caller\'s events, identified by user id, e-mail and organisation, and counts them for the organisation', async () => {
    expect((await m.analyst.client.get('/api/v2/user/current')).body.data.analytics).toBe(true);
    const sent = await m.analyst.client.post(ANALYTICS_EVENTS_PATH, {
      identity: { ...m.analyst.identity, email: m.analyst.identity.email.toUpperCase() },
      events: [event('page_view', '/dashboard'), event('command_run', 'core.palette.open'), event('command_run', 'core.palette.open')],
    });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toEqual({ recorded: 3 });
    await m.viewer.client.post(ANALYTICS_EVENTS_PATH, { identity: m.viewer.identity, events: [event('page_view', '/dashboard')] });

    const usage = (await m.viewer.client.get(`${ANALYTICS_USAGE_PATH}?days=7`)).body.data;
    expect(usage.enabled).toBe(true);
    expect(usage.days).toBe(7);
    expect(usage.active_users).toBe(2);
    expect(usage.usage).toEqual([
      { name: 'command_run', subject: 'core.palette.open', events: 2, users: 1 },
      { name: 'page_view', subject: '/dashboard', events: 2, users: 2 },
    ]);
    expect(usage.daily).toEqual([{ day: new Date().toISOString().slice(0, 10), events: 4, users: 2 }]);
  });

  it('keeps organisations apart: the other organisation sees none of these events', async () => {
    const usage = (await m.other.client.get(ANALYTICS_USAGE_PATH)).body.data;
    expect(usage).toEqual({ enabled: true, days: 30, active_users: 0, usage: [], daily: [] });
  });

  it('refuses an identity that is not the caller\'s, naming why, and stores nothing', async () => {
    const before = (await m.viewer.client.get(ANALYTICS_USAGE_PATH)).body.data;
    const someoneElse = [
      { ...m.analyst.identity, user_id: m.viewer.identity.user_id },
      { ...m.analyst.identity, email: m.viewer.identity.email },
      { ...m.analyst.identity, organization_id: m.other.identity.organization_id },
    ];
    for (const identity of someoneElse) {
      const res = await m.analyst.client.post(ANALYTICS_EVENTS_PATH, { identity, events: [event('page_view', '/login')] });
      expect(res.status).toBe(400);
      expect(res.body.metadata.errors).toEqual([ANALYTICS_IDENTITY_MISMATCH]);
    }
    expect((await m.viewer.client.get(ANALYTICS_USAGE_PATH)).body.data).toEqual(before);
  });

  it('refuses subjects that could carry data (addresses with ids, free text) and batches over 50 events', async () => {
    const before = (await m.viewer.client.get(ANALYTICS_USAGE_PATH)).body.data;
    const withData = await m.analyst.client.post(ANALYTICS_EVENTS_PATH, { identity: m.analyst.identity, events: [event('page_view', '/search?q=jane doe')] });
    expect(withData.status).toBe(400);
    expect(withData.text).toContain('subject must be a route pattern or a command id');
    const tooMany = await m.analyst.client.post(ANALYTICS_EVENTS_PATH, {
      identity: m.analyst.identity, events: Array.from({ length: 51 }, () => event('page_view', '/dashboard')),
    });
    expect(tooMany.status).toBe(400);
    expect((await m.viewer.client.get(ANALYTICS_USAGE_PATH)).body.data).toEqual(before);
  });

  it('needs a session, the CSRF header to record, and VIEW_SYSTEM_STATUS_DATA to read usage', async () => {
    const anonymous = new ApiClient(t.url);
    expect((await anonymous.post(ANALYTICS_EVENTS_PATH, { identity: m.analyst.identity, events: [event('page_view', '/dashboard')] })).status).toBe(401);
    expect((await anonymous.get(ANALYTICS_USAGE_PATH)).status).toBe(401);
    m.analyst.client.csrf = false;
    const forged = await m.analyst.client.post(ANALYTICS_EVENTS_PATH, { identity: m.analyst.identity, events: [event('page_view', '/dashboard')] });
    m.analyst.client.csrf = true;
    expect(forged.status).toBe(401);
    expect((await m.analyst.client.get(ANALYTICS_USAGE_PATH)).status).toBe(403);
  });

  it('dates an event by the browser only within ten minutes of the server, and forgets events past the retention', async () => {
    const now = new Date('2026-03-10T12:00:00.000Z');
    expect(trustedTime('2026-03-10T11:55:00.000Z', now)).toBe('2026-03-10T11:55:00.000Z');
    expect(trustedTime('2025-01-01T00:00:00.000Z', now)).toBe(now.toISOString());
    const store = new AnalyticsStore(t.server.ctx.storage.db, 30);
    const org = `retention-${crypto.randomUUID()}`;
    await store.record(org, 'u1', [event('page_view', '/dashboard', '2026-02-01T12:00:00.000Z')], new Date('2026-02-01T12:00:00.000Z'));
    await store.record(org, 'u2', [event('page_view', '/dashboard', '2026-03-10T12:00:00.000Z')], now);
    expect((await store.usage(org, 365, now)).active_users).toBe(1);
  });
});
