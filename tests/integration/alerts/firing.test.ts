import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCapture } from '@core/server/auth/testing/mailCapture';
import type { ApiClient } from '@core/server/testing/httpClient';
import type { TestServer } from '@core/server/testing/testServer';
import { tablesOf } from '@core/server/storage/database';
import type { AlertsTables } from '@plugins/alerts/server/tables';
import { verifyWebhook } from '@plugins/alerts/server/delivery/signing';
import {
  conversationWithRun, criterion, delivererOf, posts, ruleBody, runAlertStages, runWith, signIn, startServer, startWebhookReceiver, writePosts,
} from './support';

/**
 * From posts to a delivered alert: the metrics stage's rows and the metrics call, a rule firing once per run however
 * often the stages run, e-mails through a real SMTP server honouring alerts_enabled and receive_alerts, a signed
 * webhook retried with backoff, notifications, the preview and the alert audit.
 */
let t: TestServer;
let mail: Awaited<ReturnType<typeof startMailCapture>>;
let hook: Awaited<ReturnType<typeof startWebhookReceiver>>;
let analyst: ApiClient;
let org: string;
let conversation: string;
let ids: Map<string, number>;
const idsOf = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => ids.get(`${prefix}-${i}`)!);
const db = () => tablesOf<AlertsTables>(t.storage);

beforeAll(async () => {
  mail = await startMailCapture();
  hook = await startWebhookReceiver(2);
  t = await startServer({ NARRASCOPE_SMTP_URL: mail.url });
  const a = await signIn(t, 'Org A', 'Analyst');
  analyst = a.client;
  org = a.user.organizationId;
  ids = await writePosts(t, org, [...posts('tw', 40, 'twitter'), ...posts('tg', 10, 'telegram')]);
  conversation = (await conversationWithRun(t, analyst, org, 'Harbour', [])).conversationId;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await mail?.close();
  await hook?.close();
});

describe('metrics', () => {
  it('writes post_count and risk_score per platform at each run, and the metrics call filters and groups them', async () => {
    await runWith(t, org, conversation, [...idsOf('tw', 10), ...idsOf('tg', 4)]);
    await runWith(t, org, conversation, [...idsOf('tw', 12), ...idsOf('tg', 4)]);
    const all = await analyst.get(`/api/v2/conversations/${conversation}/metrics`);
    expect(all.status, all.text).toBe(200);
    // The first (empty) run of conversationWithRun has no metrics: only the two runs above count.
    expect(all.body.data.series).toHaveLength(1);
    expect(all.body.data.series[0].points.map((p: { value: number }) => p.value)).toEqual([14, 16]);
    expect(all.body.data.platforms).toEqual(['telegram', 'twitter']);
    expect(all.body.data.risk_categories).toEqual(['Default']);
    const twitter = await analyst.get(`/api/v2/conversations/${conversation}/metrics?platform=twitter`);
    expect(twitter.body.data.series[0].points.map((p: { value: number }) => p.value)).toEqual([10, 12]);
    const grouped = await analyst.get(`/api/v2/conversations/${conversation}/metrics?group_by=platform`);
    expect(grouped.body.data.series.map((s: { key: string; points: Array<{ value: number }> }) => [s.key, s.points.map((p) => p.value)]))
      .toEqual([['telegram', [4, 4]], ['twitter', [10, 12]]]);
    const risk = await analyst.get(`/api/v2/conversations/${conversation}/metrics?metric=risk_score`);
    expect(risk.body.data.series[0].points.map((p: { value: number }) => p.value)).toEqual([0, 0]);
    const bad = await analyst.get(`/api/v2/conversations/${conversation}/metrics?metric=likes`);
    expect(bad.status).toBe(400);
  });
});

describe('a rule fires once and is delivered once', () => {
  it('e-mails each recipient that receives alerts, calls the webhook signed, notifies, and a re-run adds nothing', async () => {
    const other = await signIn(t, 'Org A', 'Analyst');
    // alerts_enabled off (core preference) and receive_alerts off (this plugin's setting): no e-mail, still notified.
    const q = await signIn(t, 'Org A', 'Analyst');
    expect((await q.client.put('/api/v2/preference/my', { alerts_enabled: false })).status).toBe(200);
    expect((await other.client.put('/api/v2/alerts/recipients/me', { receive_alerts: false })).body.data).toEqual({ receive_alerts: false });
    expect((await other.client.get('/api/v2/alerts/recipients/me')).body.data).toEqual({ receive_alerts: false });

    const created = await analyst.post('/api/v2/alerts/configs', ruleBody(conversation, {
      recipients: [q.user.id, other.user.id, (await t.createUser('Org A', { email: 'first@orga.test' })).id, (await t.createUser('Org A', { email: 'second@orga.test' })).id],
      config: { criteria: [criterion({ threshold: 10, platform: ['twitter'] })], webhook_url: hook.url },
    }));
    expect(created.status, created.text).toBe(200);
    const rule = created.body.data;

    // 12 -> 30 twitter posts: +18 >= 10 fires.
    const surge = await runWith(t, org, conversation, [...idsOf('tw', 30), ...idsOf('tg', 4)]);
    await runAlertStages(t, org, conversation, surge);
    await runAlertStages(t, org, conversation, surge);
    const fired = await analyst.get(`/api/v2/conversations/${conversation}/alerts`);
    expect(fired.body.data).toHaveLength(1);
    const alert = fired.body.data[0];
    expect(alert).toMatchObject({
      alert_config_id: rule.id, alert_name: 'Harbour surge', recipients: [{ email: 'first@orga.test' }, { email: 'second@orga.test' }],
      details: { dag_run_id: surge, message: 'Harbour surge: post_count rose by 18 on twitter (from 12 to 30; threshold 10)' },
    });
    expect(alert.details.criteria[0]).toMatchObject({ actual: 30, previous: 12, change: 18, fired: true, platform: ['twitter'] });

    // A backoff of 1 s (then 2 s): long enough that the second call below comes before it ends on a loaded machine.
    const deliverer = delivererOf(t, 1_000);
    await deliverer.deliverDue();
    await deliverer.deliverDue(); // the second finds the webhook waiting for its backoff
    expect(mail.mails.map((m) => m.to).sort()).toEqual([['first@orga.test'], ['second@orga.test']]);
    expect(mail.mails[0]!.raw).toContain('Subject: Narrascope alert: Harbour surge');
    // The webhook answered 503 twice: retried after a backoff that doubles.
    let outbox = await db().selectFrom('alerts_outbox').selectAll().where('channel', '=', 'webhook').executeTakeFirstOrThrow();
    expect(outbox).toMatchObject({ status: 'pending', last_error: 'the webhook answered 503' });
    expect(Number(outbox.attempts)).toBe(1);
    for (let i = 0; i < 200 && hook.calls.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
      await deliverer.deliverDue();
    }
    outbox = await db().selectFrom('alerts_outbox').selectAll().where('channel', '=', 'webhook').executeTakeFirstOrThrow();
    expect(outbox.status).toBe('sent');
    expect(Number(outbox.attempts)).toBe(3);
    expect(hook.calls).toHaveLength(1);
    const call = hook.calls[0]!;
    expect(verifyWebhook(rule.webhook_secret, String(call.headers['x-narrascope-timestamp']), call.body, String(call.headers['x-narrascope-signature']))).toBe(true);
    expect(verifyWebhook('another secret', String(call.headers['x-narrascope-timestamp']), call.body, String(call.headers['x-narrascope-signature']))).toBe(false);
    expect(call.headers['idempotency-key']).toBe(`${rule.id}:${surge}:webhook:${hook.url}`);
    expect(JSON.parse(call.body)).toMatchObject({ type: 'alert.fired', id: alert.id, alert_name: 'Harbour surge', details: { dag_run_id: surge } });

    // Nothing is sent again: the stages ran again, the deliverer runs again.
    await runAlertStages(t, org, conversation, surge);
    await deliverer.deliverDue(new Date(Date.now() + 3_600_000));
    expect(mail.mails).toHaveLength(2);
    expect(hook.calls).toHaveLength(1);
    const states = (await analyst.get(`/api/v2/conversations/${conversation}/alerts`)).body.data[0].deliveries;
    expect(states.map((d: { channel: string; status: string }) => `${d.channel}:${d.status}`)).toEqual(['email:sent', 'email:sent', 'webhook:sent']);

    // Notifications: every recipient, also those without e-mail.
    const inbox = await q.client.get('/api/v2/alerts/notifications');
    expect(inbox.body.data.unread).toBe(1);
    expect(inbox.body.data.items[0]).toMatchObject({ title: 'Harbour surge', fired_alert_id: alert.id, conversation_id: conversation, read_at: null });
    expect((await other.client.get('/api/v2/alerts/notifications')).body.data.unread).toBe(1);
    expect((await other.client.post(`/api/v2/alerts/notifications/${inbox.body.data.items[0].id}/read`)).status).toBe(404);
    const read = await q.client.post(`/api/v2/alerts/notifications/${inbox.body.data.items[0].id}/read`);
    expect(read.status, read.text).toBe(200);
    expect((await q.client.get('/api/v2/alerts/notifications')).body.data.unread).toBe(0);
    expect((await analyst.get('/api/v2/alerts/notifications')).body.data).toEqual({ unread: 0, items: [] });
  });

  it('a falling count does not fire an increase rule; a muted or disabled rule is not evaluated', async () => {
    const before = (await db().selectFrom('alerts_fired').select('id').execute()).length;
    await runWith(t, org, conversation, [...idsOf('tw', 5)]);
    const rules = (await analyst.get(`/api/v2/alerts/configs?conversation_id=${conversation}`)).body.data;
    await analyst.put(`/api/v2/alerts/configs/${rules[0].id}/mute`, { muted_until: '2099-01-01T00:00:00Z' });
    await runWith(t, org, conversation, [...idsOf('tw', 40)]);
    expect((await db().selectFrom('alerts_fired').select('id').execute()).length).toBe(before);
  });
});

describe('preview and audit', () => {
  it('previews when a rule would have fired over the stored runs, storing nothing', async () => {
    const before = (await db().selectFrom('alerts_fired').select('id').execute()).length;
    const res = await analyst.post('/api/v2/alerts/preview', { alertable_id: conversation, config: { criteria: [criterion({ threshold: 10, platform: ['twitter'] })] } });
    expect(res.status, res.text).toBe(200);
    // Runs: 10, 12, 30, 5, 40 twitter posts: +18 and +35 pass 10.
    expect(res.body.data.points).toBe(5);
    expect(res.body.data.firings.map((f: { criteria: Array<{ actual: number }> }) => f.criteria[0]!.actual)).toEqual([30, 40]);
    const decrease = await analyst.post('/api/v2/alerts/preview', { alertable_id: conversation, config: { criteria: [criterion({ direction: 'decrease', unit: 'percent', threshold: 50 })] } });
    expect(decrease.body.data.firings.map((f: { message: string }) => f.message)).toEqual(['Preview: post_count fell by 85.29% (from 34 to 5; threshold 50%)']);
    const invalid = await analyst.post('/api/v2/alerts/preview', { alertable_id: conversation, config: { criteria: [criterion({ unit: 'x' })] } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.metadata.errors).toEqual(['criteria[0].unit must be one of count, percent']);
    expect((await db().selectFrom('alerts_fired').select('id').execute()).length).toBe(before);
  });

  it('the alert audit lists the organisation\'s fired alerts for ALERT_AUDIT holders only', async () => {
    const auditor = await signIn(t, 'Org A', 'Global Admin');
    const audit = await auditor.client.get('/api/v2/alerts/audit');
    expect(audit.status, audit.text).toBe(200);
    expect(audit.body.data).toHaveLength(1);
    expect(audit.body.metadata.pagination_info).toMatchObject({ total: 1, limit: 100, offset: 0 });
    const outsider = await signIn(t, 'Org B', 'Global Admin');
    expect((await outsider.client.get('/api/v2/alerts/audit')).body.data).toEqual([]);
    expect((await analyst.get('/api/v2/alerts/audit')).status).toBe(403);
  });

  it('the alert audit names the conversation and filters by rule, conversation and time, with paging', async () => {
    const auditor = await signIn(t, 'Org A', 'Global Admin');
    const all = (await auditor.client.get('/api/v2/alerts/audit')).body.data;
    expect(all).toHaveLength(1);
    const fired = all[0];
    expect(fired).toMatchObject({ conversation_id: conversation, conversation_name: 'Harbour' });
    const count = async (query: string) => {
      const res = await auditor.client.get(`/api/v2/alerts/audit?${query}`);
      expect(res.status, res.text).toBe(200);
      return [res.body.data.length, res.body.metadata.pagination_info.total];
    };
    expect(await count(`alert_config_id=${fired.alert_config_id}`)).toEqual([1, 1]);
    expect(await count(`alert_config_id=${crypto.randomUUID()}`)).toEqual([0, 0]);
    expect(await count(`conversation_id=${conversation}`)).toEqual([1, 1]);
    expect(await count(`conversation_id=${crypto.randomUUID()}`)).toEqual([0, 0]);
    expect(await count(`since=${encodeURIComponent(fired.created_at)}`)).toEqual([1, 1]);
    expect(await count(`until=${encodeURIComponent(fired.created_at)}`)).toEqual([0, 0]);
    expect(await count(`since=2000-01-01T00:00:00Z&until=2999-01-01T00:00:00%2B02:00`)).toEqual([1, 1]);
    expect(await count('limit=1&offset=1')).toEqual([0, 1]);
    const bad = await auditor.client.get('/api/v2/alerts/audit?since=yesterday');
    expect(bad.status).toBe(400);
    expect(bad.body.metadata.errors[0]).toMatch(/^querystring\.since: /);
  });
});
