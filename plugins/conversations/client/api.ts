import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, apiGet, apiMutate } from '@core/client/api/client';
import { reportLog } from '@core/client/api/logReporter';
import {
  CONVERSATIONS_PATH, PROJECTS_PATH, conversationListSchema, conversationSchema, deletedSchema, organizationSummarySchema,
  previewSchema, projectListSchema, projectSchema, runListSchema,
  type Conversation, type CreateConversation, type EditConversation, type Project,
} from '../shared/api';
import { MESSAGES } from '../shared/messages';
import { POLL_INTERVAL_MS, createErrorKind, needsPolling } from '../shared/rules';

/** React-query keys: all start with the plugin id; the organisation is part of each so a switch starts afresh. */
export const keys = {
  all: ['conversations'] as const,
  organization: (org: string) => ['conversations', org, 'organization'] as const,
  projects: (org: string) => ['conversations', org, 'projects'] as const,
  list: (org: string, projectId: string | null) => ['conversations', org, 'list', projectId ?? 'all'] as const,
  lists: (org: string) => ['conversations', org, 'list'] as const,
  one: (org: string, id: string) => ['conversations', org, 'one', id] as const,
  runs: (org: string, id: string) => ['conversations', org, 'runs', id] as const,
};

/** Polled every 30 seconds while any conversation is PENDING or RUNNING or continuous (spec part 1 section 4). */
const pollWhileActive = (data: Conversation[] | Conversation | null | undefined) =>
  needsPolling(Array.isArray(data) ? data : data ? [data] : []) ? POLL_INTERVAL_MS : false;

export function useOrganization(org: string | null) {
  return useQuery({
    queryKey: keys.organization(org ?? ''),
    enabled: !!org,
    queryFn: () => apiGet(`${PROJECTS_PATH}/organization`, { schema: organizationSummarySchema }),
  });
}

export function useProjects(org: string | null) {
  return useQuery({
    queryKey: keys.projects(org ?? ''),
    enabled: !!org,
    queryFn: async () => (await apiGet(PROJECTS_PATH, { schema: projectListSchema })) ?? [],
  });
}

/** A project's conversations, or the organisation's (projectId null). */
export function useConversations(org: string | null, projectId: string | null, enabled = true) {
  return useQuery({
    queryKey: keys.list(org ?? '', projectId),
    enabled: !!org && enabled,
    queryFn: async () => (await apiGet(CONVERSATIONS_PATH, { schema: conversationListSchema, query: projectId ? { project_id: projectId } : {} })) ?? [],
    refetchInterval: (q) => pollWhileActive(q.state.data),
  });
}

/** One conversation; null when it does not exist (404 reads give nothing). */
export function useConversation(org: string | null, id: string | null) {
  return useQuery({
    queryKey: keys.one(org ?? '', id ?? ''),
    enabled: !!org && !!id,
    queryFn: () => apiGet(`${CONVERSATIONS_PATH}/${encodeURIComponent(id!)}`, { schema: conversationSchema }),
    refetchInterval: (q) => pollWhileActive(q.state.data),
  });
}

export function useRuns(org: string | null, id: string | null, active: boolean) {
  return useQuery({
    queryKey: keys.runs(org ?? '', id ?? ''),
    enabled: !!org && !!id,
    queryFn: async () => (await apiGet(`${CONVERSATIONS_PATH}/${encodeURIComponent(id!)}/runs`, { schema: runListSchema })) ?? [],
    refetchInterval: active ? POLL_INTERVAL_MS : false,
  });
}

const preferenceSchema = z.object({ conversation_language: z.string().nullable().optional() }).passthrough();
/** The user's preferred conversation language, when the preferences call answers one. */
export function usePreferredLanguage(enabled: boolean) {
  return useQuery({
    queryKey: ['conversations', 'preference-language'],
    enabled,
    retry: false,
    staleTime: 5 * 60_000,
    queryFn: async () => {
      try {
        return (await apiGet('/api/v2/preference/my', { schema: preferenceSchema }))?.conversation_language ?? null;
      } catch {
        return null;
      }
    },
  });
}

export async function fetchPreview(body: { query_string: string; threat_feed: boolean; start_date: string | null; end_date: string | null }, signal?: AbortSignal) {
  return apiMutate('POST', `${CONVERSATIONS_PATH}/preview`, { body, schema: previewSchema, signal });
}

/** The server's messages of a failed call (metadata.msg and metadata.errors). */
export function serverMessages(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [error instanceof Error ? error.message : String(error)];
  return [error.metadata?.msg ?? '', ...(error.metadata?.errors ?? [])].filter(Boolean);
}

/** The first server message, for dialogs that show the server's text (project add, edit, remove). */
export function serverMessage(error: unknown): string {
  const errors = error instanceof ApiError ? error.metadata?.errors ?? [] : [];
  return errors[0] ?? (error instanceof Error ? error.message : String(error));
}

/**
 * The spec's message for a failed create (part 1 section 8). The call is reported with its status, server message
 * and the first entry of metadata.errors.
 */
export function createFailureMessage(error: unknown): string {
  const status = error instanceof ApiError ? error.status : 0;
  const meta = error instanceof ApiError ? error.metadata : null;
  reportLog('error', `create conversation failed: status ${status}, ${meta?.msg ?? (error as Error)?.message ?? ''}, ${meta?.errors?.[0] ?? ''}`);
  const kind = createErrorKind(status, serverMessages(error));
  return kind === 'quota' ? MESSAGES.quotaReached : kind === 'query' ? MESSAGES.createQuery : kind === 'dates' ? MESSAGES.createDates : MESSAGES.createOther;
}

export function editFailureMessage(error: unknown): string {
  const status = error instanceof ApiError ? error.status : 0;
  const kind = createErrorKind(status, serverMessages(error));
  return kind === 'quota' ? MESSAGES.quotaReached : kind === 'query' ? MESSAGES.createQuery : kind === 'dates' ? MESSAGES.createDates : MESSAGES.editOther;
}

// ------------------------------------------------------------------------------------------------ mutations
// Updates of projects and conversations are applied to the local lists first, then confirmed by the server, and
// rolled back when it refuses (spec part 1 section 4).

type Snapshot = Array<[readonly unknown[], unknown]>;
const snapshotOf = (qc: QueryClient, key: readonly unknown[]): Snapshot => qc.getQueriesData({ queryKey: key });
const restore = (qc: QueryClient, snap: Snapshot) => snap.forEach(([key, data]) => qc.setQueryData(key, data));

export function useProjectMutations(org: string) {
  const qc = useQueryClient();
  const key = keys.projects(org);
  const settle = () => qc.invalidateQueries({ queryKey: ['conversations', org] });

  const add = useMutation({
    mutationFn: (name: string) => apiMutate('POST', PROJECTS_PATH, { body: { name, organization_id: org }, schema: projectSchema }),
    onMutate: async (name) => {
      await qc.cancelQueries({ queryKey: key });
      const snap = snapshotOf(qc, key);
      const optimistic: Project = { id: `optimistic-${Date.now()}`, name: name.trim(), organization_id: org, created_at: new Date().toISOString(), conversation_count: 0 };
      qc.setQueryData<Project[]>(key, (list) => [...(list ?? []), optimistic]);
      return { snap };
    },
    onError: (_e, _v, ctx) => ctx && restore(qc, ctx.snap),
    onSettled: settle,
  });

  const rename = useMutation({
    mutationFn: (p: { project: Project; name: string }) =>
      apiMutate('PUT', `${PROJECTS_PATH}/${p.project.id}`, { body: { ...p.project, name: p.name }, schema: projectSchema }),
    onMutate: async ({ project, name }) => {
      await qc.cancelQueries({ queryKey: key });
      const snap = snapshotOf(qc, key);
      qc.setQueryData<Project[]>(key, (list) => (list ?? []).map((x) => (x.id === project.id ? { ...x, name: name.trim() } : x)));
      return { snap };
    },
    onError: (_e, _v, ctx) => ctx && restore(qc, ctx.snap),
    onSettled: settle,
  });

  const remove = useMutation({
    mutationFn: (project: Project) => apiMutate('DELETE', `${PROJECTS_PATH}/${project.id}`, { schema: deletedSchema }),
    onMutate: async (project) => {
      await qc.cancelQueries({ queryKey: key });
      const snap = snapshotOf(qc, key);
      qc.setQueryData<Project[]>(key, (list) => (list ?? []).filter((x) => x.id !== project.id));
      return { snap };
    },
    onError: (_e, _v, ctx) => ctx && restore(qc, ctx.snap),
    onSettled: settle,
  });

  return { add, rename, remove };
}

export function useConversationMutations(org: string) {
  const qc = useQueryClient();
  const lists = keys.lists(org);
  const settle = () => qc.invalidateQueries({ queryKey: ['conversations', org] });

  const create = useMutation({
    mutationFn: (body: CreateConversation) => apiMutate('POST', CONVERSATIONS_PATH, { body, schema: conversationSchema }),
    onMutate: async (body) => {
      await qc.cancelQueries({ queryKey: lists });
      const snap = snapshotOf(qc, lists);
      // A new conversation starts as PENDING in the local view (spec part 1 section 4).
      const optimistic: Conversation = {
        id: `optimistic-${Date.now()}`, name: body.name ?? '', project_id: body.project_id ?? '', query_string: body.query_string ?? '',
        start_date: body.start_date ?? null, end_date: body.end_date ?? null, threat_feed: !!body.threat_feed, language: body.language ?? 'en',
        status: 'PENDING', last_run: null, created_at: new Date().toISOString(), user_id: '', suspended: false, is_scaled: false,
        is_org_nrms: false, use_existing_data: false, rerun: false, enrichment_stages: [], topics_status: null, DAG_step: null,
        image_url: null, description: body.description ?? null,
      };
      for (const projectId of [body.project_id ?? null, null]) {
        qc.setQueryData<Conversation[]>(keys.list(org, projectId), (list) => (list ? [...list, optimistic] : list));
      }
      return { snap };
    },
    onError: (_e, _v, ctx) => ctx && restore(qc, ctx.snap),
    onSettled: settle,
  });

  const edit = useMutation({
    mutationFn: (p: { id: string; body: EditConversation }) =>
      apiMutate('PUT', `${CONVERSATIONS_PATH}/${p.id}`, { body: p.body, schema: conversationSchema }),
    onMutate: async ({ id, body }) => {
      await qc.cancelQueries({ queryKey: ['conversations', org] });
      const snap = [...snapshotOf(qc, lists), ...snapshotOf(qc, keys.one(org, id))];
      const apply = (c: Conversation): Conversation => ({
        ...c,
        ...(body.name ? { name: body.name } : {}),
        ...(body.query_string ? { query_string: body.query_string } : {}),
        ...(body.language ? { language: body.language } : {}),
        ...(typeof body.suspended === 'boolean' ? { suspended: body.suspended } : {}),
        ...(body.rerun ? { status: 'PENDING' as const, rerun: true } : {}),
      });
      qc.setQueriesData<Conversation[]>({ queryKey: lists }, (list) => list?.map((c) => (c.id === id ? apply(c) : c)));
      qc.setQueryData<Conversation | null>(keys.one(org, id), (c) => (c ? apply(c) : c));
      return { snap };
    },
    onError: (_e, _v, ctx) => ctx && restore(qc, ctx.snap),
    onSettled: settle,
  });

  const remove = useMutation({
    mutationFn: (id: string) => apiMutate('DELETE', `${CONVERSATIONS_PATH}/${id}`, { schema: deletedSchema }),
    onMutate: async (id) => {
      await qc.cancelQueries({ queryKey: lists });
      const snap = snapshotOf(qc, lists);
      qc.setQueriesData<Conversation[]>({ queryKey: lists }, (list) => list?.filter((c) => c.id !== id));
      return { snap };
    },
    onError: (_e, _v, ctx) => ctx && restore(qc, ctx.snap),
    onSettled: settle,
  });

  const cancel = useMutation({
    mutationFn: (id: string) => apiMutate('POST', `${CONVERSATIONS_PATH}/${id}/cancel`, { schema: conversationSchema }),
    onSettled: settle,
  });

  return { create, edit, remove, cancel };
}

/** Used by the lifecycle machine's re-run actor (outside React). */
export async function requestRerun(id: string): Promise<Conversation> {
  return apiMutate('PUT', `${CONVERSATIONS_PATH}/${id}`, { body: { rerun: true, use_existing_data: false }, schema: conversationSchema });
}
