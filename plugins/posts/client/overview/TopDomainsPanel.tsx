import type { PanelProps } from '@core/client/plugin/contract';
import { useWorkbench } from '@core/client/app/hostContext';
import { useFilterCounts } from '../api';
import { ChartFrame } from './ChartFrame';
import { pickValue } from './applyFilter';
import { platformBars, topDomains } from './chartData';
import { usePerPlatformCounts } from './queries';

/** The five most shared domains of each platform (horizontal bars); a click keeps posts linking that domain. */
export default function TopDomainsPanel({ conversationId, filters }: PanelProps) {
  const { services } = useWorkbench();
  const counts = useFilterCounts(conversationId, filters);
  const platforms = platformBars(counts.data ?? null).map((b) => b.key);
  const perPlatform = usePerPlatformCounts(conversationId, filters, platforms);
  const groups = topDomains(perPlatform.data ?? []);
  return (
    <ChartFrame
      loading={counts.isLoading || (platforms.length > 0 && perPlatform.isLoading)}
      empty={groups.length === 0}
      label="Top domains per platform"
      itemAction="Filter by domain"
      items={groups.flatMap((g) => g.domains.map((d) => ({ key: d.domain, label: d.domain, detail: `on ${g.label}`, value: d.count })))}
      onPick={(domain) => pickValue(services, filters, 'domains', domain)}
      plot={{
        data: groups.map((g) => ({
          type: 'bar' as const, orientation: 'h' as const, name: g.label, marker: { color: g.colour },
          y: g.domains.map((d) => `${d.domain} (${g.label})`), x: g.domains.map((d) => d.count), customdata: g.domains.map((d) => d.domain),
          hovertemplate: '%{customdata}: %{x} posts<extra></extra>',
        })),
        layout: { yaxis: { automargin: true }, margin: { l: 160, r: 12, t: 12, b: 36 } },
        onClick: (e) => {
          const domain = e.points[0]?.customdata;
          if (typeof domain === 'string') pickValue(services, filters, 'domains', domain);
        },
      }}
    />
  );
}
