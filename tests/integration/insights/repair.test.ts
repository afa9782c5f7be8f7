import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '@core/server/testing/httpClient';
import type { TestServer } from '@core/server/testing/testServer';
import { INSIGHT_MESSAGES, type Insight } from '@plugins/insights/shared/api';
import { domainInsight, errorsOf, insightIn, signIn, snapshot, startServer } from './support';

/**
 * PATCH /api/v2/insights/repair: a senior analyst or global admin renames (newValue) or removes (no newValue) one
 * value of one property across the organisation's insights but deleted ones. Each repaired insight keeps its status
 * and records a repair change; the values the insight_* filters read follow.
 */
let t: TestServer;
let analyst: ApiClient;
let senior: ApiClient;
let admin: ApiClient;
const id: Record<'approved' | 'pending' | 'deleted' | 'other', string> = { approved: '', pending: '', deleted: '', other: '' };

beforeAll(async () => {
  t = await startServer();
  analyst = (await signIn(t, 'Repair Org', 'Analyst')).client;
  senior = (await signIn(t, 'Repair Org', 'Senior Analyst')).client;
  admin = (await signIn(t, 'Repair Org', 'Global Admin')).client;
  id.approved = await insightIn(analyst, senior, domainInsight('one.example.org', { role: 'Media Outlet', country_of_origin: 'Russian Federation', subcategory: ['Other', 'Wire Service'] }), 'approved');
  id.pending = await insightIn(analyst, senior, domainInsight('two.example.org', { country_of_origin: 'Russian Federation', subcategory: ['Other'] }));
  id.deleted = await insightIn(analyst, senior, domainInsight('three.example.org', { country_of_origin: 'Russian Federation', subcategory: ['Other'] }), 'deleted');
  id.other = await insightIn(analyst, senior, domainInsight('four.example.org', { country_of_origin: 'France', subcategory: ['Wire Service'] }));
});
afterAll(async () => t?.close());

const byId = async () => new Map(((await senior.get('/api/v2/insights')).body.data as Insight[]).map((i) => [i.id, i]));

describe('PATCH /api/v2/insights/repair', () => {
  it('refuses analysts and users without an insight role with 403, changing nothing', async () => {
    const reader = (await signIn(t, 'Repair Org', 'Reader')).client;
    const before = await snapshot(t);
    for (const client of [analyst, reader]) {
      const res = await client.patch('/api/v2/insights/repair', { type: 'country_of_origin', oldValue: 'Russian Federation', newValue: 'Russia' });
      expect(res.status).toBe(403);
      expect(errorsOf(res)).toEqual([INSIGHT_MESSAGES.repairNotAllowed]);
    }
    expect(await snapshot(t)).toEqual(before);
  });

  it('refuses an unknown property or an empty value with 400', async () => {
    for (const body of [{ type: 'name', oldValue: 'x', newValue: 'y' }, { type: 'role', oldValue: '' }, { oldValue: 'x' }]) {
      const res = await senior.patch('/api/v2/insights/repair', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.metadata.msg).toBe('Invalid request');
    }
  });

  it('renames a text value on every live insight holding it, keeping statuses and recording the repair', async () => {
    const res = await senior.patch('/api/v2/insights/repair', { type: 'country_of_origin', oldValue: 'Russian Federation', newValue: 'Russia' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({ repaired: 2 });
    const now = await byId();
    expect(now.get(id.approved)).toMatchObject({ status: 'approved', additional_properties: { country_of_origin: 'Russia' } });
    expect(now.get(id.pending)).toMatchObject({ status: 'pending', additional_properties: { country_of_origin: 'Russia' } });
    expect(now.get(id.other)!.additional_properties.country_of_origin).toBe('France');
    const filterValues = (await snapshot(t)).values.filter((v) => v.property === 'country_of_origin' && v.insight_id !== id.deleted).map((v) => v.value).sort();
    expect(filterValues).toEqual(['France', 'Russia', 'Russia']);
    const last = now.get(id.approved)!.changes.at(-1)!;
    expect(last).toMatchObject({ action: 'repair', from_status: 'approved', to_status: 'approved', fields: { country_of_origin: { from: 'Russian Federation', to: 'Russia' } } });
    // The deleted insight is left as it was.
    const deleted = await t.storage.db.selectFrom('insights_insights' as never).select('additional_properties' as never).where('id' as never, '=', id.deleted as never).executeTakeFirstOrThrow() as { additional_properties: string };
    expect(JSON.parse(deleted.additional_properties).country_of_origin).toBe('Russian Federation');
    const audit = await t.storage.db.selectFrom('core_event_audit').select('detail').where('event_type', '=', 'insights_repaired').execute();
    expect(JSON.parse(audit.at(-1)!.detail)).toMatchObject({ type: 'country_of_origin', old_value: 'Russian Federation', new_value: 'Russia', repaired: 2 });
  });

  it('renames within lists without repeats, and removes a value when no newValue is given', async () => {
    const renamed = await admin.patch('/api/v2/insights/repair', { type: 'subcategory', oldValue: 'Other', newValue: 'Wire Service' });
    expect(renamed.body.data).toEqual({ repaired: 2 });
    let now = await byId();
    expect(now.get(id.approved)!.additional_properties.subcategory).toEqual(['Wire Service']);
    expect(now.get(id.pending)!.additional_properties.subcategory).toEqual(['Wire Service']);
    const removed = await admin.patch('/api/v2/insights/repair', { type: 'subcategory', oldValue: 'Wire Service' });
    expect(removed.body.data).toEqual({ repaired: 3 });
    now = await byId();
    for (const k of ['approved', 'pending', 'other'] as const) expect(now.get(id[k])!.additional_properties.subcategory).toEqual([]);
    const role = await admin.patch('/api/v2/insights/repair', { type: 'role', oldValue: 'Media Outlet' });
    expect(role.body.data).toEqual({ repaired: 1 });
    expect((await byId()).get(id.approved)!.additional_properties.role).toBeNull();
    expect((await admin.patch('/api/v2/insights/repair', { type: 'role', oldValue: 'Nobody has this' })).body.data).toEqual({ repaired: 0 });
  });
});
