import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '@core/shared/api/cookies';
import type { ApiClient } from '@core/server/testing/httpClient';
import type { TestServer } from '@core/server/testing/testServer';
import { INSIGHT_MESSAGES, insightListSchema, insightOptionsSchema, insightSchema, type Insight } from '@plugins/insights/shared/api';
import { ROLES as INSIGHT_ROLES, REGIONS, riskCategoriesMapAnswer, SUBCATEGORIES } from '@plugins/insights/shared/vocabulary';
import { ALICE, accountInsight, domainInsight, errorsOf, signIn, snapshot, startServer } from './support';

/**
 * The insight calls of spec section 7 as a client sees them: create (pending, manual, its first change), the list
 * and its look-ups, every validation message of section 5, the change history, the form's options and the risk
 * categories map, and CSRF on every change.
 */
let t: TestServer;
let analyst: ApiClient;
let senior: ApiClient;
let analystUser: { id: string };
let seniorUser: { id: string };

beforeAll(async () => {
  t = await startServer();
  ({ client: analyst, user: analystUser } = await signIn(t, 'Insight Org', 'Analyst'));
  ({ client: senior, user: seniorUser } = await signIn(t, 'Insight Org', 'Senior Analyst'));
});
afterAll(async () => t?.close());

const create = async (body: unknown) => analyst.post('/api/v2/insights', body);

describe('POST /api/v2/insights', () => {
  it('stores a pending, manual insight with its first change and answers it', async () => {
    const before = new Date().toISOString();
    const res = await create({
      ...accountInsight(ALICE, { name: ' Alice ', country_of_origin: 'Russia', language: ['Russian', ' ', 'Russian'], subcategory: ['Russian State Media'], region: '' }),
      screen_name: '@Alice_Example', confidence: 'high',
    });
    expect(res.status, res.text).toBe(200);
    const insight = insightSchema.parse(res.body.data);
    expect(insight).toMatchObject({
      analyzable_type: 'account', analyzable_id: 'tw-100', platform: 'twitter', screen_name: 'Alice_Example', status: 'pending', source: 'manual',
      confidence: 'high', permanence: null, link: null, user_id: null,
    });
    // Trimmed, blanks dropped, repeats once, cleared fields null (spec section 5).
    expect(insight.additional_properties).toMatchObject({
      name: 'Alice', country_of_origin: 'Russia', language: ['Russian'], subcategory: ['Russian State Media'], region: null, role: null,
      status: 'pending', reviewed_at: null, reviewed_by: null,
    });
    expect(insight.additional_properties.edited_by).toEqual({ id: analystUser.id, first_name: expect.any(String), last_name: expect.any(String) });
    expect(insight.additional_properties.edited_at >= before).toBe(true);
    expect(insight.changes).toEqual([{
      at: insight.created_at, by: insight.additional_properties.edited_by, action: 'submit', from_status: null, to_status: 'pending',
      fields: {
        analyzable_id: { from: null, to: 'tw-100' }, platform: { from: null, to: 'twitter' }, screen_name: { from: null, to: 'Alice_Example' },
        confidence: { from: null, to: 'high' }, name: { from: null, to: 'Alice' }, country_of_origin: { from: null, to: 'Russia' },
        language: { from: null, to: ['Russian'] }, subcategory: { from: null, to: ['Russian State Media'] },
      },
    }]);
    const listed = insightListSchema.parse((await analyst.get('/api/v2/insights')).body.data);
    expect(listed.find((i) => i.id === insight.id)).toEqual(insight);
    const audit = await t.storage.db.selectFrom('core_event_audit').selectAll().where('event_type', '=', 'insight_created').execute();
    expect(audit.map((a) => JSON.parse(a.detail))).toContainEqual({ insight_id: insight.id, analyzable_type: 'account', analyzable_id: 'tw-100', action: 'submit', from_status: null, to_status: 'pending' });
  });

  it('stores a domain insight under its FQDN, taken from a URL and lower-cased', async () => {
    const res = await create({ analyzable_type: 'domain', link: 'https://News.Example.COM/some/page', additional_properties: { name: 'Example News', role: 'Media Outlet' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ analyzable_type: 'domain', analyzable_id: 'news.example.com', platform: null, status: 'pending' });
  });

  // Spec section 5, every message, in the form's order; a 400 names the first and lists them all.
  const cases: Array<[string, unknown, string[]]> = [
    ['no type', { additional_properties: { name: 'x' } }, [INSIGHT_MESSAGES.unknownType]],
    ['an unknown type', { analyzable_type: 'hashtag', additional_properties: { name: 'x' } }, ['unknown insight type selected']],
    ['an account without platform or identification', { analyzable_type: 'account', additional_properties: { role: 'Other' } },
      ['Platform is required.', 'At least one Account Identification field is required.']],
    ['an account on an unknown platform', { analyzable_type: 'account', platform: 'myspace', user_id: '1' }, ['Platform is required.']],
    ['an account with blank identification', { analyzable_type: 'account', platform: 'twitter', user_id: '  ', screen_name: '', link: ' ' },
      ['At least one Account Identification field is required.']],
    ['a domain without a dot', { analyzable_type: 'domain', analyzable_id: 'localhost', additional_properties: { role: 'Other' } },
      ['a fully-qualified domain name, including TLD, must be provided.']],
    ['a domain with only its outlet name', { analyzable_type: 'domain', analyzable_id: 'example.org', additional_properties: { name: 'Outlet' } },
      ['FQDN, and at least one other field besides Outlet, are required.']],
  ];
  for (const [name, body, errors] of cases) {
    it(`refuses ${name} with 400 "${errors[0]}" and stores nothing`, async () => {
      const before = await snapshot(t);
      const res = await create(body);
      expect(res.status).toBe(400);
      expect(res.body.metadata.msg).toBe(errors[0]);
      expect(errorsOf(res)).toEqual(errors);
      expect(res.body.data).toBeNull();
      expect(await snapshot(t)).toEqual(before);
    });
  }

  it('refuses a user without an insight role with 403 and stores nothing', async () => {
    const { client: reader } = await signIn(t, 'Insight Org', 'Reader');
    const before = await snapshot(t);
    const res = await reader.post('/api/v2/insights', accountInsight(ALICE));
    expect(res.status).toBe(403);
    expect(errorsOf(res)).toEqual(['You do not have permission to change insights.']);
    expect(await snapshot(t)).toEqual(before);
    // Readers still read (spec section 6: "others see them read-only").
    expect((await reader.get('/api/v2/insights')).status).toBe(200);
  });
});

describe('PATCH /api/v2/insights edits', () => {
  it('refuses the edit forms\' violations with their messages and stores nothing', async () => {
    const account = (await create({ ...accountInsight(ALICE, { name: 'A' }), user_id: 'u-100', link: 'https://x.com/alice_example' })).body.data as Insight;
    const domain = (await create(domainInsight('edit.example.net', { name: 'Outlet', role: 'Media Outlet' }))).body.data as Insight;
    const before = await snapshot(t);
    const refusals: Array<[unknown, string[]]> = [
      [{ id: account.id, additional_properties: { name: '' } }, [INSIGHT_MESSAGES.editAnyValue]],
      [{ id: domain.id, additional_properties: { role: null } }, ['At least one value other than Outlet must be provided.']],
      [{ id: account.id, user_id: 'u-999' }, ['User id, handle and link cannot be changed.']],
      [{ id: account.id, screen_name: 'someone_else', additional_properties: { name: null } }, [INSIGHT_MESSAGES.readOnlyIdentity, INSIGHT_MESSAGES.editAnyValue]],
      [{ id: account.id, link: 'https://x.com/other' }, [INSIGHT_MESSAGES.readOnlyIdentity]],
      [{ id: account.id, platform: 'myspace' }, ['Platform is required.']],
      [{ id: domain.id, analyzable_id: 'nodot' }, ['a fully-qualified domain name, including TLD, must be provided.']],
    ];
    for (const [body, errors] of refusals) {
      const res = await analyst.patch('/api/v2/insights', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(errorsOf(res), JSON.stringify(body)).toEqual(errors);
      expect(res.body.metadata.msg).toBe(errors[0]);
    }
    // Sending the stored identity again is no change.
    const same = await analyst.patch('/api/v2/insights', { id: account.id, user_id: 'u-100', link: 'https://x.com/alice_example', additional_properties: { role: 'Journalist' } });
    expect(same.status, same.text).toBe(200);
    expect(before.insights.length).toBe((await snapshot(t)).insights.length);
  });

  it('records every transition oldest first: who, when, from and to which status, what changed', async () => {
    const id = (await create(domainInsight('history.example.org', { role: 'Media Outlet', subcategory: ['Other'] }))).body.data.id as string;
    const approve = await senior.patch('/api/v2/insights', { id, status: 'approved' });
    expect(approve.status, approve.text).toBe(200);
    expect(approve.body.data.additional_properties).toMatchObject({ reviewed_by: { id: seniorUser.id }, status: 'approved' });
    const edit = await analyst.patch('/api/v2/insights', { id, confidence: 'low', additional_properties: { subcategory: ['Conspiracy Outlet', 'Other'] } });
    expect(edit.status, edit.text).toBe(200);
    // An edited insight goes back to review; the earlier review no longer applies.
    expect(edit.body.data).toMatchObject({ status: 'pending', additional_properties: { reviewed_by: null, reviewed_at: null, edited_by: { id: analystUser.id } } });
    const reject = await senior.patch('/api/v2/insights', { id, status: 'rejected' });
    const remove = await senior.patch('/api/v2/insights', { id, status: 'deleted' });
    expect(remove.status, remove.text).toBe(200);
    const changes = (remove.body.data as Insight).changes;
    expect(changes.map((c) => [c.action, c.from_status, c.to_status, c.by?.id])).toEqual([
      ['submit', null, 'pending', analystUser.id],
      ['approve', 'pending', 'approved', seniorUser.id],
      ['submit', 'approved', 'pending', analystUser.id],
      ['reject', 'pending', 'rejected', seniorUser.id],
      ['delete', 'rejected', 'deleted', seniorUser.id],
    ]);
    expect(changes[2]!.fields).toEqual({ confidence: { from: null, to: 'low' }, subcategory: { from: ['Other'], to: ['Conspiracy Outlet', 'Other'] } });
    expect(changes[1]!.fields).toEqual({});
    const times = changes.map((c) => c.at);
    expect([...times].sort()).toEqual(times);
    expect(reject.body.data.additional_properties.reviewed_by.id).toBe(seniorUser.id);
    // Deleted insights leave the lists.
    expect(((await analyst.get('/api/v2/insights')).body.data as Insight[]).some((i) => i.id === id)).toBe(false);
    const events = await t.storage.db.selectFrom('core_event_audit').select(['event_type', 'detail']).where('event_type', 'like', 'insight_%').execute();
    const mine = events.filter((e) => JSON.parse(e.detail).insight_id === id).map((e) => [e.event_type, JSON.parse(e.detail).to_status]);
    expect(mine).toEqual([['insight_created', 'pending'], ['insight_reviewed', 'approved'], ['insight_updated', 'pending'], ['insight_reviewed', 'rejected'], ['insight_deleted', 'deleted']]);
  });

  it('refuses a status change that carries edits, and an unknown id, storing nothing', async () => {
    const id = (await create(domainInsight('both.example.org', { role: 'Media Outlet' }))).body.data.id as string;
    const before = await snapshot(t);
    const both = await senior.patch('/api/v2/insights', { id, status: 'approved', additional_properties: { role: 'Military' } });
    expect(both.status).toBe(400);
    expect(errorsOf(both)).toEqual([INSIGHT_MESSAGES.editOrStatus]);
    const unknown = await senior.patch('/api/v2/insights', { id: '00000000-0000-4000-8000-00000000dead', status: 'approved' });
    expect(unknown.status).toBe(404);
    expect(errorsOf(unknown)).toEqual(['Insight not found']);
    const malformed = await senior.patch('/api/v2/insights', { id: 'nope', status: 'approved' });
    expect(malformed.status).toBe(400);
    expect(await snapshot(t)).toEqual(before);
    // The whole stored body sent back with the status (as the spec's client sends it) is a plain status change.
    const stored = (await senior.get('/api/v2/insights')).body.data.find((i: Insight) => i.id === id) as Insight;
    const { status: _s, ...properties } = stored.additional_properties;
    const echoed = await senior.patch('/api/v2/insights', { ...stored, additional_properties: properties, status: 'approved' });
    expect(echoed.status, echoed.text).toBe(200);
    expect(echoed.body.data.status).toBe('approved');
  });
});

describe('GET /api/v2/insights', () => {
  it('lists newest edit first and looks up an account by platform id, user id or handle, a domain by name, URL or subdomain', async () => {
    const account = (await create({ ...accountInsight(ALICE, { role: 'Journalist' }), user_id: 'u-lookup', screen_name: 'Look_Up' })).body.data.id as string;
    const domain = (await create(domainInsight('lookup.example.com', { role: 'Media Outlet' }))).body.data.id as string;
    const all = (await analyst.get('/api/v2/insights')).body.data as Insight[];
    const edited = all.map((i) => i.additional_properties.edited_at);
    expect([...edited].sort().reverse()).toEqual(edited);
    expect(all[0]!.id).toBe(domain);
    const ids = async (q: string) => ((await analyst.get(`/api/v2/insights?${q}`)).body.data as Insight[]).map((i) => i.id);
    expect(await ids('account_id=u-lookup')).toEqual([account]);
    expect(await ids('account_id=look_up')).toEqual([account]);
    expect(await ids('account_id=%40LOOK_UP')).toEqual([account]);
    expect(await ids('account_id=tw-100')).toContain(account);
    expect(await ids('account_id=nobody')).toEqual([]);
    expect(await ids('domain_url=lookup.example.com')).toEqual([domain]);
    expect(await ids(`domain_url=${encodeURIComponent('https://www.deep.LOOKUP.example.com/a?b=c')}`)).toEqual([domain]);
    expect(await ids('domain_url=lookup.example.com/path')).toEqual([domain]);
    expect(await ids('domain_url=example.com')).toEqual([]);
    expect(await ids('domain_url=notlookup.example.com')).toEqual([]);
    const both = await analyst.get('/api/v2/insights?account_id=a&domain_url=b.com');
    expect(both.status).toBe(400);
    expect(errorsOf(both)).toEqual([INSIGHT_MESSAGES.oneLookup]);
  });
});

describe('reference data', () => {
  it('GET /api/v2/insights/options answers English country and language names, the regions, roles and subcategories', async () => {
    const res = await analyst.get('/api/v2/insights/options');
    expect(res.status).toBe(200);
    const options = insightOptionsSchema.parse(res.body.data);
    expect(options.country).toHaveLength(249);
    expect(options.country).toEqual(expect.arrayContaining(['Russia', 'United States', 'China', 'Germany', 'Åland Islands']));
    expect(options.language).toEqual(expect.arrayContaining(['English', 'Russian', 'Chinese', 'Spanish', 'Arabic']));
    expect(options.language.length).toBeGreaterThan(180);
    expect(options.region).toEqual([...REGIONS]);
    expect(options.role).toEqual([...INSIGHT_ROLES]);
    expect(options.subcategory).toEqual([...SUBCATEGORIES]);
  });

  it('GET /api/v2/insights/risk_categories_map answers every category with its subcategories and Categories', async () => {
    const res = await analyst.get('/api/v2/insights/risk_categories_map');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(riskCategoriesMapAnswer());
    expect(Object.keys(res.body.data)).toEqual([
      'State Associated - China', 'State Associated - Russia', 'State Associated - Other', 'Combined Risky', 'Mainstream',
      'Persistent Threat Actor', 'U.S. Government', 'Pink Slime', 'Market Mover', 'Default', 'Categories',
    ]);
    expect(res.headers.get('cache-control')).toBe('private, max-age=3600');
  });
});

describe('CSRF on insight changes (spec section 6)', () => {
  it('answers 401 "no auth token found" to every change without the header and stores nothing', async () => {
    const id = (await create(domainInsight('csrf.example.org', { role: 'Media Outlet' }))).body.data.id as string;
    const before = await snapshot(t);
    const calls: Array<[string, string, unknown]> = [
      ['POST', '/api/v2/insights', accountInsight(ALICE)],
      ['PATCH', '/api/v2/insights', { id, status: 'approved' }],
      ['PATCH', '/api/v2/insights', { id, additional_properties: { role: 'Military' } }],
      ['PATCH', '/api/v2/insights/repair', { type: 'role', oldValue: 'Media Outlet', newValue: 'Outlet' }],
    ];
    senior.csrf = false;
    try {
      for (const [method, path, body] of calls) {
        const res = await senior.request(method, path, body);
        expect(res.status, `${method} ${path}`).toBe(401);
        expect(errorsOf(res)).toEqual(['no auth token found']);
      }
      // A wrong token is refused too.
      const wrong = await senior.request('PATCH', '/api/v2/insights', { id, status: 'approved' }, { [CSRF_HEADER]: 'forged' });
      expect(wrong.status).toBe(401);
    } finally {
      senior.csrf = true;
    }
    expect(await snapshot(t)).toEqual(before);
  });
});
