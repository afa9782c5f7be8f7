import type { PanelProps } from '@core/client/plugin/contract';
import { useWorkbench } from '@core/client/app/hostContext';
import { ChartFrame } from './ChartFrame';
import { pickValue } from './applyFilter';
import { topDomains } from './chartData';
import { plotlyText } from './plotlyText';
import { useChartData } from './queries';

/** The five most shared domains of each platform (horizontal bars, one chart_data call); a click keeps posts linking that domain. */
export default function TopDomainsPanel({ conversationId, filters }: PanelProps) {
  const { services } = useWorkbench();
  const domains = useChartData(conversationId, filters, 'post_domain_count', { topN: 5 });
  const groups = topDomains(domains.data);
  return (
    <ChartFrame
      loading={domains.isLoading}
      empty={groups.length === 0}
      label="Top domains per platform"
      itemAction="Filter by domain"
      items={groups.flatMap((g) => g.domains.map((d) => ({ key: d.domain, label: d.domain, detail: `on ${g.label}`, value: d.count })))}
      onPick={(domain) => pickValue(services, filters, 'domains', domain)}
      plot={{
        data: groups.map((g) => ({
          type: 'bar' as const, orientation: 'h' as const, name: plotlyText(g.label), marker: { color: g.colour },
          y: g.domains.map((d) => plotlyText(`${d.domain} (${g.label})`)), x: g.domains.map((d) => d.count), customdata: g.domains.map((d) => d.domain),
          // The hover shows the (escaped) axis label; customdata keeps the raw domain for the click.
          hovertemplate: '%{y}: %{x} posts<extra></extra>',
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
