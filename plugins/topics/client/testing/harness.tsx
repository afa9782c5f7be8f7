import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { createWorkbenchHost } from '@core/client/app/host';
import { WorkbenchProvider, createHostHolder } from '@core/client/app/hostContext';
import { filtersKey, type FiltersService } from '@core/client/services/keys';
import { workspaceServiceKey, type WorkspaceService } from '@core/client/workspace/workspaceService';
import { renderWithProviders } from '@core/client/testing/render';
import { PopupHost } from '@core/client/selection/PopupHost';
import { emptyFilters, type Filters } from '@core/shared/filters';
import type { ConversationTopics } from '../../shared/api';
import topicsClient from '../index';
import { disposeAfterTest } from '@core/client/testing/teardown';

/** A conversation's topics as the server answers them (three narratives of different size, risk and engagement). */
export function topicsAnswer(): ConversationTopics {
  const risk = (level: 'LOW_RISK' | 'MEDIUM_RISK' | 'HIGH_RISK', explanation: string) => ({ risk_level: level, signals: [], insight_risks: [], explanation });
  const narrative = (id: string, title: string, post_count: number, level: 'LOW_RISK' | 'MEDIUM_RISK' | 'HIGH_RISK', engagement: number, threat = false,
    entities: ConversationTopics['narratives'][number]['entities'] = []) => ({
    id, title, ngrams: title.toLowerCase().split(' · '), post_count, post_percent: post_count / 100, coordination_cluster_count: 0,
    engagement_score: engagement, category: null, description: `${post_count} posts about ${title}`, is_threat: threat,
    risk_level: level, risk: risk(level, `${level} because of signals`),
    // The whole run has 400 posts: each narrative is twice as large there, a quarter of the share.
    conversation_post_count: post_count * 2, conversation_post_percent: (post_count * 2) / 400, entities,
  });
  const topic = (rid: string, title: string, dates: string[]) => ({
    rid, title, ngrams: title.toLowerCase().split(' · '), post_dates: dates, cohesion_score: 0.4, post_count: dates.length, keywords: ['kw1', 'kw2'],
  });
  return {
    run_id: 'run-1', topics_status: { status_code: 200, message: 'Topics computed' }, total_posts: 100, conversation_total_posts: 400, conversation_risk: null,
    narratives: [
      narrative('t_a', 'Vaccine · booster', 50, 'LOW_RISK', 0.1),
      narrative('t_b', 'Ballots · fraud <b>x</b>', 30, 'HIGH_RISK', 0.2, true, [
        { entity_name: 'Jane Doe', entity_type: 'PERSON', post_count: 12 },
        { entity_name: 'John Roe', entity_type: 'PERSON', post_count: 3 },
        { entity_name: '<i>Vote</i> Watch', entity_type: 'ORGANIZATION', post_count: 1250 },
        { entity_name: 'Ohio', entity_type: 'PLACE', post_count: 7 },
        { entity_name: '#stopthecount', entity_type: 'HASHTAG', post_count: 9 },
        { entity_name: '@observer', entity_type: 'MENTION', post_count: 2 },
      ]),
      narrative('t_c', 'Football · derby', 20, 'MEDIUM_RISK', 0.9),
    ],
    topics: [
      topic('t_a', 'Vaccine · booster', ['2025-01-01T10:00:00.000Z', '2025-01-01T12:00:00.000Z', '2025-01-03T00:00:00.000Z']),
      topic('t_b', 'Ballots · fraud <b>x</b>', ['2025-01-02T10:00:00.000Z']),
      topic('t_c', 'Football · derby', ['2025-01-02T11:00:00.000Z']),
    ],
  };
}

/** Answers the topics call with `answer` and records the URLs asked for. */
export function stubTopicsApi(answer: ConversationTopics = topicsAnswer()) {
  const urls: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    urls.push(String(url));
    return new Response(JSON.stringify({ data: answer, metadata: { errors: [], info: null, msg: null } }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  }));
  return urls;
}

/**
 * Renders `ui` inside the workbench providers with this plugin's host, a filters service, a workspace service and
 * the conversation page's popup host (conversation `c1`, the initial filters).
 */
export async function renderWithHost(ui: ReactElement, initial: Filters = emptyFilters()) {
  const host = createWorkbenchHost([topicsClient]);
  disposeAfterTest(host.dispose);
  let current = initial;
  const filters: FiltersService = { get: () => current, set: (next) => { current = next; }, hasAny: () => false, clearAll: () => { current = emptyFilters(); } };
  const opened: string[] = [];
  host.services.provide(filtersKey, filters);
  host.services.provide(workspaceServiceKey, { openPanel: (type: string) => opened.push(type) } as unknown as WorkspaceService);
  const holder = createHostHolder(async () => host);
  await holder.load();
  const wrap = (el: ReactElement) => (
    <WorkbenchProvider value={holder}>
      {el}
      <PopupHost conversationId="c1" filters={initial} />
    </WorkbenchProvider>
  );
  const rendered = renderWithProviders(wrap(ui));
  return { ...rendered, rerender: (next: ReactElement) => rendered.rerender(wrap(next)), host, filters: () => current, opened };
}
