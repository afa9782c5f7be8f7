import type { PanelProps } from '@core/client/plugin/contract';
import { useWorkbench } from '@core/client/app/hostContext';
import { ChartFrame } from './ChartFrame';
import { pickValue } from './applyFilter';
import { domainBars, shortLabel, topDomains } from './chartData';
import { plotlyText } from './plotlyText';
import { useChartData } from './queries';

/**
 * The most shared domains (one chart_data call, each platform's top ten): one horizontal bar per domain, split by
 * platform, labels cut to fit with the whole domain on hover; a click keeps posts linking that domain.
 */
export default function TopDomainsPanel({ conversationId, filters }: PanelProps) {
  const { services } = useWorkbench();
  const answer = useChartData(conversationId, filters, 'post_domain_count', { topN: 10 });
  const groups = topDomains(answer.data);
  const { domains, series } = domainBars(answer.data);
  // Largest at the top: Plotly draws the first category at the bottom.
  const order = [...domains].reverse();
  return (
    <ChartFrame
      loading={answer.isLoading}
      empty={domains.length === 0}
      label="Top domains per platform"
      itemAction="Filter by domain"
      items={groups.flatMap((g) => g.domains.map((d) => ({ key: d.domain, label: d.domain, detail: `on ${g.label}`, value: d.count })))}
      onPick={(domain) => pickValue(services, filters, 'domains', domain)}
      plot={{
        data: series.map((s) => {
          const byDomain = new Map(domains.map((d, k) => [d.domain, s.values[k]!]));
          return {
            type: 'bar' as const, orientation: 'h' as const, name: plotlyText(s.label), marker: { color: s.colour },
            y: order.map((d) => plotlyText(shortLabel(d.domain))), x: order.map((d) => byDomain.get(d.domain) ?? 0),
            customdata: order.map((d) => d.domain), hovertext: order.map((d) => plotlyText(d.domain)),
            // customdata keeps the raw domain for the click; the hover shows the whole (escaped) domain.
            hovertemplate: `%{hovertext} on ${plotlyText(s.label)}: %{x} posts<extra></extra>`,
          };
        }),
        layout: { barmode: 'stack', yaxis: { automargin: true, tickfont: { size: 11 } }, margin: { l: 8, r: 12, t: 8, b: 8 }, legend: { orientation: 'v', x: 1.01, y: 1 }, xaxis: { automargin: true, nticks: 4 } },
        onClick: (e) => {
          const domain = e.points[0]?.customdata;
          if (typeof domain === 'string') pickValue(services, filters, 'domains', domain);
        },
      }}
    />
  );
}
