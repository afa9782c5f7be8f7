import type { Assessment, Assessments, DateRange, EmergingNarrative } from '../../shared/api';
import { THEME_LABELS, THEME_ORDER, type ThemeName } from '../../shared/themes';

/**
 * The Topic Radar calls as the browser sees them (the envelope over `fetch`), answering from assessments the test
 * sets. It records every request path so tests can tell when a call was made (the key post's statistics).
 */
export class FakeRadarApi {
  readonly requests: string[] = [];
  enabled = true;
  canEdit = true;
  /** What the emerging narratives call answers for any conversation. */
  narratives: EmergingNarrative[] = [];
  /** The topics call's titles (topic rid -> title). */
  topicTitles: Record<string, string> = {};
  answer: (range: DateRange, conversationId: string | null) => Assessments = (range, conversationId) => assessments(range, conversationId, THEME_ORDER.map((t) => assessment(t)));

  fetch = async (input: RequestInfo | URL): Promise<Response> => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    this.requests.push(`${url.pathname}${url.search}`);
    if (url.pathname === '/api/v2/radar/settings') return envelope({ organization_id: 'o1', enabled: this.enabled, themes: this.enabled ? [...THEME_ORDER] : [], can_edit: this.canEdit });
    if (url.pathname === '/api/v2/radar/assessments') {
      return envelope(this.answer((url.searchParams.get('date_range') ?? 'LAST_WEEK') as DateRange, url.searchParams.get('conversation_id')));
    }
    if (url.pathname === '/api/v2/posts/details') {
      return envelope(url.searchParams.getAll('post_id').map((id) => ({
        id: Number(id), body: `First post ${id}`, screen_name: 'early_bird', published_at: '2025-06-29T01:00:00.000Z',
        statistics: [{ key: 'likes', label: 'Likes', value: 1234 }],
      })));
    }
    if (url.pathname === '/api/v2/radar/emerging_narratives') {
      return envelope({ conversation_id: url.searchParams.get('conversation_id'), narratives: this.narratives });
    }
    if (/^\/api\/v2\/conversations\/[^/]+\/topics$/.test(url.pathname)) {
      return envelope({ topics: Object.entries(this.topicTitles).map(([rid, title]) => ({ rid, title })), narratives: [] });
    }
    return new Response(JSON.stringify({ data: null, metadata: { errors: ['not found'], info: null, msg: null } }), { status: 404 });
  };
}

const envelope = (data: unknown) => new Response(JSON.stringify({ data, metadata: { errors: [], info: null, msg: null } }), {
  status: 200, headers: { 'content-type': 'application/json' },
});

export function assessment(theme: ThemeName, over: Partial<Assessment> = {}): Assessment {
  const history = Array.from({ length: 7 }, (_, i) => ({ date: new Date(Date.UTC(2025, 5, 23 + i, 13)).toISOString(), volume: i + 1 }));
  return {
    id: `00000000-0000-5000-8000-00000000000${THEME_ORDER.indexOf(theme)}`, conversation_id: 'c1', theme_name: theme, label: THEME_LABELS[theme],
    volume_history: history, volume_percentage: 12.4, volume_raw: 7, volume_raw_date_range: 28, total_posts_date_range: 400,
    representative_posts: [{
      id: 100 + THEME_ORDER.indexOf(theme), conversation_id: 'c1', platform: 'twitter', rid: `r${theme}`, title: null,
      body: `<b>Key</b> post about ${theme}`, published_at: '2025-06-29T10:00:00.000Z', source_url: null, author: 'someone', score: 8,
    }],
    theme_summary: `28 posts in the past week about ${theme}.`, emerging: null, ...over,
  };
}

export function assessments(range: DateRange, conversationId: string | null, themes: Assessment[]): Assessments {
  return {
    conversation_id: conversationId, date_range: range, start: '2025-06-23T13:00:00.000Z', end: '2025-06-30T13:00:00.000Z',
    total_posts_date_range: 400, total_posts_last_24h: 60, themes,
  };
}
