import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet } from '@core/client/api/client';
import { useOptionalSessionActor } from '@core/client/session/SessionContext';
import type { DateRange } from '../shared/api';

/** The conversation fields the home's lists show (the conversations plugin answers every field of the spec). */
const listedConversationSchema = z.array(z.object({ id: z.string(), name: z.string(), status: z.string() }).passthrough());
export type ListedConversation = z.infer<typeof listedConversationSchema>[number];

export const NRMS_PATH = '/api/v2/conversations/nrms';
export const SCALED_PATH = '/api/v2/conversations/scaled';

/** The session's feature flags, by name (spec part 1 section 6: they come from the current-user answer). */
export function useSessionFeatures(): readonly string[] {
  const actor = useOptionalSessionActor();
  const [features, setFeatures] = useState<readonly string[]>(() => actor?.getSnapshot().context.current?.features ?? []);
  useEffect(() => {
    if (!actor) return undefined;
    const sub = actor.subscribe((s) => setFeatures(s.context.current?.features ?? []));
    return () => sub.unsubscribe();
  }, [actor]);
  return features;
}

/**
 * The organisation-wide NRMS conversations that collected posts of the range. Asked only with the
 * VIEW_NRMS_CONVERSATION flag (spec part 1 section 6); the server answers 403 without the permission of that name,
 * which leaves the list empty.
 */
export function useNrmsConversations(range: DateRange, enabled: boolean) {
  return useQuery({
    queryKey: ['radar', 'nrmsConversations', range],
    enabled,
    queryFn: async ({ signal }) => {
      try {
        return (await apiGet(NRMS_PATH, { query: new URLSearchParams({ date_range: range }), schema: listedConversationSchema, signal })) ?? [];
      } catch {
        return [];
      }
    },
  });
}

/** The scaled (shared) conversations: asked only with SHOW_SCALED_CONVERSATIONS; errors become an empty list (spec). */
export function useScaledConversations(enabled: boolean) {
  return useQuery({
    queryKey: ['radar', 'scaledConversations'],
    enabled,
    queryFn: async ({ signal }) => {
      try {
        return (await apiGet(SCALED_PATH, { schema: listedConversationSchema, signal })) ?? [];
      } catch {
        return [];
      }
    },
  });
}
