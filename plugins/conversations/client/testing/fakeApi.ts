import type { Conversation, Project } from '../../shared/api';

/**
 * The HTTP API as the browser sees it, in memory, for component tests (the browser's network boundary; the real
 * server is exercised by the server tests and the e2e test). Records every call; `failNext` makes one call fail
 * with the given status and server message.
 */
export function fakeApi(init: { organization?: { id: string; name: string }; projects?: Project[]; conversations?: Conversation[] } = {}) {
  const org = init.organization ?? { id: 'org-1', name: 'Acme Research' };
  const state = { projects: [...(init.projects ?? [])], conversations: [...(init.conversations ?? [])] };
  const calls: Array<{ method: string; path: string; body: any }> = [];
  const failures: Array<{ method: string; path: RegExp; status: number; errors: string[] }> = [];
  let n = 0;
  const json = (data: unknown, status = 200, errors: string[] = []) => new Response(JSON.stringify({
    data, metadata: { errors, info: null, msg: errors[0] ?? null, pagination_info: null },
  }), { status, headers: { 'Content-Type': 'application/json' } });
  const withCount = (p: Project): Project => ({ ...p, conversation_count: state.conversations.filter((c) => c.project_id === p.id).length });

  const fetch = async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path: url.pathname + url.search, body });
    const failure = failures.findIndex((f) => f.method === method && f.path.test(url.pathname));
    if (failure >= 0) {
      const [f] = failures.splice(failure, 1);
      return json(null, f!.status, f!.errors);
    }
    const p = url.pathname;
    let m: RegExpMatchArray | null;
    if (p === '/logreporter') return json(null);
    if (p === '/api/v2/preference/my') return json(null, 404, ['Not found']);
    if (p === '/api/v2/project/organization') return json({ ...org, topic_radar_enabled: false });
    if (p === '/api/v2/project' && method === 'GET') return json(state.projects.map(withCount));
    if (p === '/api/v2/project' && method === 'POST') {
      const project: Project = { id: `p${++n}`, name: body.name, organization_id: org.id, created_at: new Date().toISOString(), conversation_count: 0 };
      state.projects.push(project);
      return json(project);
    }
    if ((m = p.match(/^\/api\/v2\/project\/([^/]+)$/))) {
      const i = state.projects.findIndex((x) => x.id === m![1]);
      if (i < 0) return json(null, 404, ['Project not found']);
      if (method === 'DELETE') {
        state.projects.splice(i, 1);
        return json({ id: m[1] });
      }
      state.projects[i] = { ...state.projects[i]!, name: body.name };
      return json(withCount(state.projects[i]!));
    }
    if (p === '/api/v2/conversations' && method === 'GET') {
      const projectId = url.searchParams.get('project_id');
      return json(state.conversations.filter((c) => !projectId || c.project_id === projectId));
    }
    if (p === '/api/v2/conversations' && method === 'POST') {
      const c: Conversation = {
        id: `c${++n}`, name: body.name, project_id: body.project_id, query_string: body.query_string, start_date: body.start_date,
        end_date: body.end_date, threat_feed: body.threat_feed, language: body.language, status: 'PENDING', last_run: null,
        created_at: new Date().toISOString(), user_id: 'u1', suspended: false, is_scaled: false, is_org_nrms: false,
        use_existing_data: false, rerun: false, enrichment_stages: [], topics_status: null, DAG_step: null, image_url: null, description: null,
      };
      state.conversations.push(c);
      return json(c);
    }
    if (p === '/api/v2/conversations/preview') {
      return json({ available: false, total: 0, platforms: [], start_date: body.start_date, end_date: body.end_date });
    }
    if ((m = p.match(/^\/api\/v2\/conversations\/([^/]+)$/))) {
      const i = state.conversations.findIndex((x) => x.id === m![1]);
      if (i < 0) return json(null, 404, ['Conversation not found']);
      if (method === 'GET') return json(state.conversations[i]);
      if (method === 'DELETE') {
        state.conversations.splice(i, 1);
        return json({ id: m[1] });
      }
      const { rerun, use_existing_data: useExisting, ...fields } = body as Record<string, unknown>;
      const next = { ...state.conversations[i]!, ...Object.fromEntries(Object.entries(fields).filter(([k]) => k in state.conversations[i]!)) } as Conversation;
      if (rerun) Object.assign(next, { status: 'PENDING', rerun: true, use_existing_data: !!useExisting });
      state.conversations[i] = next;
      return json(next);
    }
    return json(null, 404, ['Not found']);
  };

  return {
    fetch,
    calls,
    state,
    org,
    failNext(method: string, path: RegExp, status: number, errors: string[]) {
      failures.push({ method, path, status, errors });
    },
    mutations: () => calls.filter((c) => c.method !== 'GET' && c.path !== '/logreporter'),
  };
}

export type FakeApi = ReturnType<typeof fakeApi>;

export function project(id: string, name: string, created = '2026-01-01T00:00:00.000Z'): Project {
  return { id, name, organization_id: 'org-1', created_at: created, conversation_count: 0 };
}

export function conversation(id: string, over: Partial<Conversation> = {}): Conversation {
  return {
    id, name: id, project_id: 'p1', query_string: 'ballots', start_date: '2026-01-01T00:00:00.000Z', end_date: '2026-01-04T00:00:00.000Z',
    threat_feed: false, language: 'en', status: 'SUCCESS', last_run: '2026-01-04T10:30:00.000Z', created_at: '2026-01-01T00:00:00.000Z',
    user_id: 'u1', suspended: false, is_scaled: false, is_org_nrms: false, use_existing_data: false, rerun: false,
    enrichment_stages: [], topics_status: null, DAG_step: null, image_url: null, description: null, ...over,
  };
}
