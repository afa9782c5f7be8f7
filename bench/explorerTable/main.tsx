import { createRoot } from 'react-dom/client';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createWorkbenchHost } from '@core/client/app/host';
import { WorkbenchProvider, createHostHolder } from '@core/client/app/hostContext';
import { NotificationsProvider } from '@core/client/app/notifications';
import { apiKey, filtersKey } from '@core/client/services/keys';
import { emptyFilters } from '@core/shared/filters';
import { PLATFORM_KEYS } from '@core/shared/platforms';
import postsClient from '@plugins/posts/client';
import RawDataTablePanel from '@plugins/posts/client/table/RawDataTablePanel';

/**
 * The raw data table panel with ROWS rows loaded at once (the answer ignores `limit`), for bench/explorerTable.bench.ts:
 * the same component, providers and virtualiser as in the workbench, without a server.
 */
const ROWS = Number(new URLSearchParams(location.search).get('rows') ?? 100_000);
const words = 'tariff ports container volumes farmers steel lumber solar panels economists families trade talks resume tonight'.split(' ');
const rows = Array.from({ length: ROWS }, (_, i) => {
  const platform = PLATFORM_KEYS[i % PLATFORM_KEYS.length]!;
  const body = Array.from({ length: 8 + (i % 40) }, (_, j) => words[(i * 7 + j) % words.length]).join(' ');
  return {
    id: i + 1, rid: `r${i}`, class: platform, platform_label: platform, post_class: null, subject: null, title: null, body,
    display_name: `User ${i % 997}`, screen_name: `user${i % 997}`, user_id: null, user_rid: null, user_class: null, creator: null,
    domains: [], entities: null, published_at: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString(),
    source_url: `https://example.org/p/${i}`, avatar_url: null, accounts_url: null, urls: i % 3 ? [] : [`https://news.example/${i}`],
    images: [], language: 'en', is_repost: false, is_reply: false, is_quote: false, is_niche: false,
    additional_properties: { likes: i % 50, replies: i % 7 }, topic_rid: null, confidence_score: null, is_exemplar: null,
    coordination_cluster_ids: null, narrative: null, sentiment: 'NEUTRAL', engagement_score: ['low', 'medium', 'high'][i % 3],
    threats_of_violence: (i % 100) / 100, first_ngram: words[i % words.length], insights_count: null,
  };
});
const envelope = (data: unknown, pagination_info: unknown = null) =>
  new Response(JSON.stringify({ data, metadata: { errors: [], info: null, msg: null, pagination_info } }), { headers: { 'Content-Type': 'application/json' } });
window.fetch = async (input) => {
  const url = new URL(String(input), location.href);
  if (url.pathname.endsWith('/raw_data')) return envelope(rows, { offset: 0, limit: -1, total: rows.length, order_by: [] });
  return envelope(null);
};

const host = createWorkbenchHost([postsClient]);
const holder = createHostHolder(async () => host);
holder.current = host;
const queryClient = new QueryClient();
host.services.provide(apiKey, { queryClient });
host.services.provide(filtersKey, { get: emptyFilters, set: () => undefined, hasAny: () => false, clearAll: () => undefined });

createRoot(document.getElementById('root')!).render(
  <FluentProvider theme={webLightTheme} style={{ height: '100%' }}>
    <NotificationsProvider>
      <QueryClientProvider client={queryClient}>
        <WorkbenchProvider value={holder}>
          <RawDataTablePanel paneId="bench" config={{}} setConfig={() => undefined} conversationId="bench" filters={emptyFilters()} />
        </WorkbenchProvider>
      </QueryClientProvider>
    </NotificationsProvider>
  </FluentProvider>,
);
