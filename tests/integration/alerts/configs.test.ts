import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '@core/server/testing/httpClient';
import type { TestServer } from '@core/server/testing/testServer';
import { tablesOf } from '@core/server/storage/database';
import type { AlertsTables } from '@plugins/alerts/server/tables';
import { ALERT_MESSAGES as M } from '@plugins/alerts/shared/messages';
import { conversationWithRun, criterion, errorsOf, ruleBody, signIn, startServer } from './support';

/**
 * Alert configurations over HTTP on the real server (SQLite, or PostgreSQL with NARRASCOPE_TEST_DATABASE_URL): every
 * validation message, the permission and CSRF on mutations, and organisation isolation on every route.
 */
let t: TestServer;
let analyst: ApiClient;
let analystId: string;
let orgA: string;
let conversationA: string;
let outsider: ApiClient;
let conversationB: string;

const configs = async () => tablesOf<AlertsTables>(t.storage).selectFrom('alerts_configs').selectAll().orderBy('id').execute();

beforeAll(async () => {
  t = await startServer();
  const a = await signIn(t, 'Org A', 'Analyst');
  analyst = a.client;
  analystId = a.user.id;
  orgA = a.user.organizationId;
  conversationA = (await conversationWithRun(t, analyst, orgA, 'Harbour A', [])).conversationId;
  const b = await signIn(t, 'Org B', 'Analyst');
  outsider = b.client;
  conversationB = (await conversationWithRun(t, outsider, b.user.organizationId, 'Harbour B', [])).conversationId;
}, 60_000);
afterAll(async () => t?.close());

describe('creating, reading, changing and deleting alert configurations', () => {
  it('creates a rule with the spec fields, lists it by conversation, replaces, mutes and deletes it', async () => {
    const created = await analyst.post('/api/v2/alerts/configs', ruleBody(conversationA, {
      config: { criteria: [criterion({ platform: ['Twitter'], risk_categories: ['Pink Slime'] }), criterion({ kind: 'unusual_change', threshold: 0 })] },
    }));
    expect(created.status, created.text).toBe(200);
    const rule = created.body.data;
    expect(rule).toMatchObject({
      name: 'Harbour surge', alertable_type: 'conversation', alertable_id: conversationA, enabled: true, recipients: null, created_by: analystId, muted_until: null,
      config: { webhook_url: null, criteria: [
        { metric: 'post_count', unit: 'count', direction: 'increase', threshold: 5, platform: ['twitter'], risk_categories: ['Pink Slime'], kind: 'threshold' },
        { kind: 'unusual_change', sensitivity: 'medium', platform: null, risk_categories: null },
      ] },
    });
    expect(rule.webhook_secret).toMatch(/^[0-9a-f]{48}$/);

    const listed = await analyst.get(`/api/v2/alerts/configs?conversation_id=${conversationA}`);
    expect(listed.body.data.map((r: { id: string }) => r.id)).toEqual([rule.id]);
    expect((await analyst.get(`/api/v2/alerts/configs/${rule.id}`)).body.data.name).toBe('Harbour surge');

    const replaced = await analyst.put(`/api/v2/alerts/configs/${rule.id}`, ruleBody(conversationA, { name: 'Renamed', enabled: false, recipients: [analystId] }));
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body.data).toMatchObject({ name: 'Renamed', enabled: false, recipients: [analystId], webhook_secret: rule.webhook_secret });

    const muted = await analyst.put(`/api/v2/alerts/configs/${rule.id}/mute`, { muted_until: '2099-01-01T00:00:00.000Z' });
    expect(muted.body.data.muted_until).toBe('2099-01-01T00:00:00.000Z');
    expect((await analyst.put(`/api/v2/alerts/configs/${rule.id}/mute`, { muted_until: null })).body.data.muted_until).toBeNull();

    expect((await analyst.delete(`/api/v2/alerts/configs/${rule.id}`)).status).toBe(200);
    expect((await analyst.get(`/api/v2/alerts/configs/${rule.id}`)).body.metadata.errors).toEqual([M.configNotFound]);
    expect((await analyst.get('/api/v2/alerts/configs')).body.data).toEqual([]);
  });
});

describe('validation: each message, and nothing stored', () => {
  const cases: Array<[string, unknown, string[]]> = [
    ['not an object', [1], [M.notObject]],
    ['nothing', {}, [M.nameRequired, M.alertableTypeRequired, M.alertableIdRequired, M.configRequired, M.enabledRequired]],
    ['blank name', { name: '  ' }, [M.nameRequired]],
    ['long name', { name: 'x'.repeat(201) }, [M.nameTooLong]],
    ['alertable_type', { alertable_type: 'project' }, [M.alertableType]],
    ['alertable_id', { alertable_id: 'abc' }, [M.alertableIdUuid]],
    ['no criteria', { config: { criteria: [] } }, [M.criteriaRequired]],
    ['criteria not a list', { config: {} }, [M.criteriaRequired]],
    ['too many criteria', { config: { criteria: Array.from({ length: 11 }, () => criterion()) } }, [M.tooManyCriteria]],
    ['enabled', { enabled: 'yes' }, [M.enabledBoolean]],
    ['recipients', { recipients: ['nobody'] }, [M.recipientsList]],
    ['criterion fields missing', { config: { criteria: [{}] } }, [M.metricRequired(0), M.unitRequired(0), M.directionRequired(0), M.thresholdRequired(0)]],
    ['metric', { config: { criteria: [criterion({ metric: 'likes' })] } }, [M.metric(0)]],
    ['unit', { config: { criteria: [criterion({ unit: 'ratio' })] } }, [M.unit(0)]],
    ['direction', { config: { criteria: [criterion({ direction: 'up' })] } }, [M.direction(0)]],
    ['threshold', { config: { criteria: [criterion({ threshold: -1 })] } }, [M.threshold(0)]],
    ['threshold text', { config: { criteria: [criterion({ threshold: '5' })] } }, [M.threshold(0)]],
    ['platform', { config: { criteria: [criterion({ platform: 'twitter' })] } }, [M.platform(0)]],
    ['risk_categories', { config: { criteria: [criterion({ risk_categories: 'Pink Slime' })] } }, [M.riskCategories(0)]],
    ['unknown risk category', { config: { criteria: [criterion({ risk_categories: ['Scary'] })] } }, [M.riskCategoryUnknown(0, 'Scary')]],
    ['kind', { config: { criteria: [criterion({ kind: 'magic' })] } }, [M.kind(0)]],
    ['sensitivity', { config: { criteria: [criterion({ kind: 'unusual_change', sensitivity: 'max' })] } }, [M.sensitivity(0)]],
    ['unusual on percent', { config: { criteria: [criterion({ kind: 'unusual_change', unit: 'percent' })] } }, [M.unusualNeedsCount(0)]],
    ['second criterion', { config: { criteria: [criterion(), criterion({ unit: 'ratio' })] } }, [M.unit(1)]],
    ['webhook', { config: { criteria: [criterion()], webhook_url: 'ftp://example.org' } }, [M.webhookUrl]],
  ];
  it.each(cases)('%s', async (_label, patch, errors) => {
    const before = await configs();
    const body = Array.isArray(patch) ? patch : Object.keys(patch as object).length === 0 ? {} : { ...ruleBody(conversationA), ...(patch as object) };
    const res = await analyst.post('/api/v2/alerts/configs', body);
    expect(res.status, res.text).toBe(400);
    expect(res.body.metadata.errors).toEqual(errors);
    expect(await configs()).toEqual(before);
  });

  it('refuses a recipient of another organisation and an unknown conversation', async () => {
    const before = await configs();
    const other = await t.createUser('Org B');
    const res = await analyst.post('/api/v2/alerts/configs', ruleBody(conversationA, { recipients: [other.id] }));
    expect(res.status).toBe(400);
    expect(errorsOf(res)).toEqual([M.recipientUnknown(other.id)]);
    const unknown = await analyst.post('/api/v2/alerts/configs', ruleBody('00000000-0000-4000-8000-000000000000'));
    expect(unknown.status).toBe(404);
    expect(errorsOf(unknown)).toEqual([M.conversationNotFound]);
    expect(await configs()).toEqual(before);
  });

  it('answers the same messages on replace and keeps the stored rule', async () => {
    const rule = (await analyst.post('/api/v2/alerts/configs', ruleBody(conversationA))).body.data;
    const before = await configs();
    const res = await analyst.put(`/api/v2/alerts/configs/${rule.id}`, ruleBody(conversationA, { name: '' }));
    expect(res.status).toBe(400);
    expect(errorsOf(res)).toEqual([M.nameRequired]);
    expect(await configs()).toEqual(before);
    await analyst.delete(`/api/v2/alerts/configs/${rule.id}`);
  });
});

describe('permissions and CSRF', () => {
  it('refuses changes without CREATE_CONVERSATION and without the CSRF header; reading stays open', async () => {
    const rule = (await analyst.post('/api/v2/alerts/configs', ruleBody(conversationA))).body.data;
    const before = await configs();
    const reader = await t.createUser('Org A', { roles: [], permissions: [] });
    const client = new ApiClient(t.url);
    await client.login(reader.email, reader.password);
    for (const res of [
      await client.post('/api/v2/alerts/configs', ruleBody(conversationA)),
      await client.put(`/api/v2/alerts/configs/${rule.id}`, ruleBody(conversationA)),
      await client.put(`/api/v2/alerts/configs/${rule.id}/mute`, { muted_until: null }),
      await client.delete(`/api/v2/alerts/configs/${rule.id}`),
    ]) {
      expect(res.status).toBe(403);
      expect(errorsOf(res)).toEqual(['You do not have permission to perform this action.']);
    }
    expect((await client.get(`/api/v2/alerts/configs/${rule.id}`)).status).toBe(200);
    expect((await client.get('/api/v2/alerts/audit')).status).toBe(403);
    // The webhook's signing key only to who may change rules: with it a reader could forge signed alerts.
    const asReader = await client.get(`/api/v2/alerts/configs/${rule.id}`);
    expect(asReader.body.data.webhook_secret).toBeNull();
    const listedSecrets = (await client.get('/api/v2/alerts/configs')).body.data.map((r: { webhook_secret: string | null }) => r.webhook_secret);
    expect(listedSecrets.length).toBeGreaterThan(0);
    expect(new Set(listedSecrets)).toEqual(new Set([null]));
    expect((await analyst.get(`/api/v2/alerts/configs/${rule.id}`)).body.data.webhook_secret).toBe(rule.webhook_secret);
    expect(rule.webhook_secret).toMatch(/^[0-9a-f]{48}$/);

    analyst.csrf = false;
    try {
      for (const res of [
        await analyst.post('/api/v2/alerts/configs', ruleBody(conversationA)),
        await analyst.put(`/api/v2/alerts/configs/${rule.id}`, ruleBody(conversationA)),
        await analyst.delete(`/api/v2/alerts/configs/${rule.id}`),
        await analyst.post('/api/v2/alerts/notifications/x/read'),
        await analyst.put('/api/v2/alerts/recipients/me', { receive_alerts: false }),
      ]) {
        expect(res.status).toBe(401);
        expect(errorsOf(res)).toEqual(['no auth token found']);
      }
    } finally {
      analyst.csrf = true;
    }
    expect(await configs()).toEqual(before);
    expect((await new ApiClient(t.url).get('/api/v2/alerts/configs')).status).toBe(401);
    await analyst.delete(`/api/v2/alerts/configs/${rule.id}`);
  });
});

describe('organisation isolation', () => {
  it('another organisation sees, changes and previews none of it, over every route', async () => {
    const rule = (await analyst.post('/api/v2/alerts/configs', ruleBody(conversationA))).body.data;
    const before = await configs();
    expect((await outsider.get('/api/v2/alerts/configs')).body.data).toEqual([]);
    expect((await outsider.get(`/api/v2/alerts/configs?conversation_id=${conversationA}`)).body.data).toEqual([]);
    for (const res of [
      await outsider.get(`/api/v2/alerts/configs/${rule.id}`),
      await outsider.put(`/api/v2/alerts/configs/${rule.id}`, ruleBody(conversationB)),
      await outsider.put(`/api/v2/alerts/configs/${rule.id}/mute`, { muted_until: null }),
      await outsider.delete(`/api/v2/alerts/configs/${rule.id}`),
    ]) {
      expect(res.status).toBe(404);
      expect(errorsOf(res)).toEqual([M.configNotFound]);
    }
    for (const res of [
      await outsider.post('/api/v2/alerts/configs', ruleBody(conversationA)),
      await outsider.get(`/api/v2/conversations/${conversationA}/metrics`),
      await outsider.get(`/api/v2/conversations/${conversationA}/alerts`),
      await outsider.post('/api/v2/alerts/preview', { alertable_id: conversationA, config: { criteria: [criterion()] } }),
    ]) {
      expect(res.status).toBe(404);
      expect(errorsOf(res)).toEqual([M.conversationNotFound]);
    }
    expect(await configs()).toEqual(before);
    // A rule of B cannot be moved onto A's conversation either.
    const ruleB = (await outsider.post('/api/v2/alerts/configs', ruleBody(conversationB))).body.data;
    const moved = await outsider.put(`/api/v2/alerts/configs/${ruleB.id}`, ruleBody(conversationA));
    expect(moved.status).toBe(404);
    expect((await analyst.get('/api/v2/alerts/configs')).body.data.map((r: { id: string }) => r.id)).toEqual([rule.id]);
  });
});
