import type { PermissionSubject } from '@core/shared/access/permissions';
import type { Insight, InsightOptions, InsightUpdate, NewInsight } from '../../shared/api';
import { INSIGHT_MESSAGES } from '../../shared/api';
import { reviewProblem, TARGET_STATUS, type ReviewAction } from '../../shared/review';
import { checkEdit, checkNewInsight, cleanProperties, normaliseFqdn } from '../../shared/validation';
import { riskCategoriesMapAnswer, type InsightStatus } from '../../shared/vocabulary';

/**
 * The insights HTTP API as the browser sees it, in memory, for component tests (the network boundary; the real
 * routes are tested by the server's tests). It applies the shared rules the server applies (section 5 validation,
 * the review table) for the user it is given, records every call, and fails the calls it is told to.
 */

export const ADA = { id: 'u1', first_name: 'Ada', last_name: 'Lovelace' };
export const SAM = { id: 'u2', first_name: 'Sam', last_name: 'Senior' };

export const analyst: PermissionSubject = { roles: ['Analyst'], permissions: [] };
export const seniorAnalyst: PermissionSubject = { roles: ['Senior Analyst'], permissions: [] };
export const reader: PermissionSubject = { roles: ['Member'], permissions: [] };

let counter = 0;
/** A stored insight; `n` makes the id and the edit time (a higher n was edited later). */
export function insight(n: number, over: Partial<Insight> & { properties?: Partial<Insight['additional_properties']> } = {}): Insight {
  const { properties, ...rest } = over;
  const status = rest.status ?? 'pending';
  const at = new Date(Date.UTC(2025, 0, 1, 0, n)).toISOString();
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    analyzable_id: `rid-${n}`, analyzable_type: 'account', source: 'manual', status, confidence: null, permanence: null,
    link: null, platform: 'twitter', user_id: null, screen_name: `handle${n}`, user_class: null, created_at: at, updated_at: at,
    changes: [{ at, by: ADA, action: 'submit', from_status: null, to_status: 'pending', fields: {} }],
    ...rest,
    additional_properties: {
      name: null, country_of_origin: 'Russia', operating_country: null, state_association: null, region: null, language: [],
      subcategory: ['Russian State Media'], status, role: null, edited_at: at, edited_by: ADA, reviewed_at: null, reviewed_by: null,
      ...properties,
    },
  };
}

export const OPTIONS: InsightOptions = {
  country: ['China', 'France', 'Russia', 'United States'],
  region: ['Europe', 'North America'],
  role: ['Journalist', 'Media Outlet'],
  language: ['English', 'French', 'Russian'],
  subcategory: ['Russian State Media', 'Chinese State Media', 'Pink Slime Local News'],
};

export interface KeyAccountRow {
  rid: string; screen_name: string | null; display_name: string | null; url: string | null; user_id: string | null;
  post_class: string; actor_class: string | null; value: number; platform: string; insights_count: number;
}

interface Failure { path: RegExp; method: string; status: number; errors?: string[]; notJson?: boolean }

export interface FakeInsightsApi {
  fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  insights: Insight[];
  calls: Array<{ method: string; path: string; query: URLSearchParams; body: any }>;
  /** The next matching call fails: with an envelope of `errors`, or with a body that is not JSON. */
  failNext(method: string, path: RegExp, status: number, answer?: { errors?: string[]; notJson?: boolean }): void;
  /** Who the fake server thinks is signed in. */
  setUser(user: PermissionSubject): void;
  keyAccounts: KeyAccountRow[];
  conversationInsights: Insight[] | null;
}

const json = (data: unknown, status = 200, errors: string[] = []) => new Response(JSON.stringify({
  data, metadata: { errors, info: null, msg: errors[0] ?? null, pagination_info: null },
}), { status, headers: { 'Content-Type': 'application/json' } });

const accountMatches = (i: Insight, id: string) => i.analyzable_type === 'account' && [i.analyzable_id, i.user_id, i.screen_name].includes(id);
const domainMatches = (i: Insight, host: string) => i.analyzable_type === 'domain' && !!i.analyzable_id && (host === i.analyzable_id || host.endsWith(`.${i.analyzable_id}`));

export function fakeInsightsApi(initial: Insight[] = [], user: PermissionSubject = seniorAnalyst): FakeInsightsApi {
  let me = user;
  const failures: Failure[] = [];
  const api: FakeInsightsApi = {
    insights: [...initial],
    calls: [],
    keyAccounts: [],
    conversationInsights: null,
    failNext(method, path, status, answer = {}) {
      failures.push({ method, path, status, ...answer });
    },
    setUser(next) {
      me = next;
    },
    fetch: async (input, init = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init.method ?? 'GET').toUpperCase();
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      api.calls.push({ method, path: url.pathname, query: url.searchParams, body });
      const f = failures.findIndex((x) => x.method === method && x.path.test(url.pathname));
      if (f >= 0) {
        const [failure] = failures.splice(f, 1);
        if (failure!.notJson) return new Response('<html>Bad gateway</html>', { status: failure!.status, headers: { 'Content-Type': 'text/html' } });
        return json(null, failure!.status, failure!.errors ?? []);
      }
      const p = url.pathname;
      const q = url.searchParams;
      if (p === '/logreporter') return json(null);
      if (p === '/api/v2/insights/options') return json(OPTIONS);
      if (p === '/api/v2/insights/risk_categories_map') return json(riskCategoriesMapAnswer());
      if (p === '/api/v2/insights/key_accounts') return json(api.keyAccounts);
      if (/^\/api\/v2\/conversations\/[^/]+\/insights$/.test(p)) return json(api.conversationInsights ?? api.insights.filter((i) => i.status !== 'deleted'));
      if (p !== '/api/v2/insights') return json(null, 404, ['Not found']);
      if (method === 'GET') {
        const account = q.get('account_id');
        const domain = q.get('domain_url');
        const host = domain ? normaliseFqdn(domain) ?? domain : null;
        return json(api.insights.filter((i) => i.status !== 'deleted'
          && (!account || accountMatches(i, account)) && (!host || domainMatches(i, host))));
      }
      if (method === 'POST') return create(body as NewInsight);
      if (method === 'PATCH') return update(body as InsightUpdate);
      return json(null, 405, ['Method not allowed']);
    },
  };

  const actor = ADA;
  function create(body: NewInsight): Response {
    const refused = reviewProblem(me, 'submit', null);
    if (refused) return json(null, 403, [refused]);
    const checked = checkNewInsight(body);
    if (!checked.ok) return json(null, 400, checked.errors);
    const v = checked.value;
    const at = new Date(Date.UTC(2025, 5, 1, 0, ++counter)).toISOString();
    const created: Insight = {
      id: `10000000-0000-4000-8000-${String(counter).padStart(12, '0')}`, analyzable_id: v.analyzable_id, analyzable_type: v.analyzable_type,
      source: 'manual', status: 'pending', confidence: v.confidence ?? null, permanence: v.permanence ?? null, link: v.link, platform: v.platform,
      user_id: v.user_id, screen_name: v.screen_name, user_class: v.user_class, created_at: at, updated_at: at,
      changes: [{ at, by: actor, action: 'submit', from_status: null, to_status: 'pending', fields: {} }],
      additional_properties: { ...v.properties, status: 'pending', edited_at: at, edited_by: actor, reviewed_at: null, reviewed_by: null },
    };
    api.insights.push(created);
    return json(created, 201);
  }

  function update(body: InsightUpdate): Response {
    const index = api.insights.findIndex((i) => i.id === body.id);
    const before = api.insights[index];
    if (!before) return json(null, 404, [INSIGHT_MESSAGES.notFound]);
    const action: ReviewAction = body.status === 'approved' ? 'approve' : body.status === 'rejected' ? 'reject' : body.status === 'deleted' ? 'delete' : 'submit';
    const refused = reviewProblem(me, action, before.status);
    if (refused) return json(null, 403, [refused]);
    const at = new Date(Date.UTC(2025, 5, 2, 0, ++counter)).toISOString();
    const status: InsightStatus = TARGET_STATUS[action];
    let properties = before.additional_properties;
    if (action === 'submit') {
      const after = cleanProperties({ ...before.additional_properties, ...body.additional_properties });
      const errors = checkEdit(before.analyzable_type, after, body, before);
      if (errors.length) return json(null, 400, errors);
      properties = { ...properties, ...after, edited_at: at, edited_by: actor };
    } else {
      properties = { ...properties, reviewed_at: at, reviewed_by: SAM };
    }
    const after: Insight = {
      ...before, status, updated_at: at,
      confidence: body.confidence !== undefined ? body.confidence ?? null : before.confidence,
      permanence: body.permanence !== undefined ? body.permanence ?? null : before.permanence,
      platform: body.platform !== undefined ? body.platform ?? null : before.platform,
      additional_properties: { ...properties, status },
      changes: [...before.changes, { at, by: action === 'submit' ? actor : SAM, action, from_status: before.status, to_status: status, fields: {} }],
    };
    api.insights[index] = after;
    return json(after);
  }
  return api;
}
