import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@core/client/api/client';
import { POST_DETAILS_PATH, postDetailsAnswerSchema } from '@plugins/posts/shared/public';
import { z } from 'zod';
import { topicsPath } from '@plugins/topics/shared/public';
import {
  ASSESSMENTS_PATH, EMERGING_NARRATIVES_PATH, SETTINGS_PATH, assessmentsSchema, emergingNarrativesSchema, radarSettingsSchema, type DateRange,
} from '../shared/api';

/** The organisation's Topic Radar setting (on when a theme is enabled). */
export function useRadarSettings() {
  return useQuery({
    queryKey: ['radar', 'settings'],
    queryFn: ({ signal }) => apiGet(SETTINGS_PATH, { schema: radarSettingsSchema, signal }),
  });
}

/** Narrative risk assessments of a conversation, or of the organisation (the home view) when it is null. */
export function useAssessments(conversationId: string | null, range: DateRange) {
  return useQuery({
    queryKey: ['radar', 'assessments', conversationId ?? 'organization', range],
    queryFn: ({ signal }) => apiGet(ASSESSMENTS_PATH, {
      query: new URLSearchParams({ date_range: range, ...(conversationId ? { conversation_id: conversationId } : {}) }), schema: assessmentsSchema, signal,
    }),
  });
}

/** A key post's statistics: asked only once the post is half visible (`enabled`). */
export function usePostStatistics(conversationId: string, postId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['radar', 'postStatistics', conversationId, postId],
    enabled,
    queryFn: async ({ signal }) => (await apiGet(POST_DETAILS_PATH, {
      query: new URLSearchParams({ conversation_id: conversationId, post_id: String(postId) }), schema: postDetailsAnswerSchema, signal,
    }))?.[0]?.statistics ?? null,
  });
}

/** A conversation's emerging narratives (topics bursting now) with their evidence. */
export function useEmergingNarratives(conversationId: string) {
  return useQuery({
    queryKey: ['radar', 'emergingNarratives', conversationId],
    queryFn: ({ signal }) => apiGet(EMERGING_NARRATIVES_PATH, {
      query: new URLSearchParams({ conversation_id: conversationId }), schema: emergingNarrativesSchema, signal,
    }),
  });
}

/** The titles the topics call gives a conversation's topics and narratives (rid -> title), asked only when needed. */
const topicTitlesSchema = z.object({
  topics: z.array(z.object({ rid: z.string(), title: z.string().nullable() }).passthrough()),
  narratives: z.array(z.object({ id: z.string(), title: z.string() }).passthrough()),
}).passthrough();
export function useTopicTitles(conversationId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['radar', 'topicTitles', conversationId],
    enabled,
    queryFn: async ({ signal }) => {
      const answer = await apiGet(topicsPath(conversationId), { schema: topicTitlesSchema, signal });
      const titles = new Map<string, string>();
      for (const t of answer?.topics ?? []) if (t.title) titles.set(t.rid, t.title);
      for (const n of answer?.narratives ?? []) titles.set(n.id, n.title);
      return titles;
    },
  });
}

/** Posts of a conversation by id (a burst's first posts), in the order asked. */
export function usePosts(conversationId: string, postIds: readonly number[]) {
  return useQuery({
    queryKey: ['radar', 'posts', conversationId, postIds.join(',')],
    enabled: postIds.length > 0,
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ conversation_id: conversationId });
      for (const id of postIds) query.append('post_id', String(id));
      return (await apiGet(POST_DETAILS_PATH, { query, schema: postDetailsAnswerSchema, signal })) ?? [];
    },
  });
}
