import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@core/client/api/client';
import { POST_DETAILS_PATH, postDetailsAnswerSchema } from '@plugins/posts/shared/public';
import { ASSESSMENTS_PATH, SETTINGS_PATH, assessmentsSchema, radarSettingsSchema, type DateRange } from '../shared/api';

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
