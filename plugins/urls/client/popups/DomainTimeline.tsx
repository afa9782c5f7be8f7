import { Text, tokens } from '@fluentui/react-components';
import type { DomainDetails } from '../../shared/api';
import { registrationLead } from '../registration';

const WIDTH = 360;
const HEIGHT = 64;
const DAY_MS = 86_400_000;

/**
 * The domain timeline: when the domain was registered against when the conversation first shared it, and its shares
 * per day after that. A registration days before the first share is one of the strongest signs of an influence
 * operation, so the gap is drawn to scale and said in words (the sentence is what screen readers get).
 */
export function DomainTimeline({ details }: { details: DomainDetails }) {
  const lead = registrationLead(details.signals.days_registered_before_first_share);
  const created = details.registration?.reg_created_at ? Date.parse(details.registration.reg_created_at) : Number.NaN;
  const days = details.timeline.map((t) => ({ at: Date.parse(`${t.date}T00:00:00Z`), value: t.value }));
  if (days.length === 0) return <Text data-testid="domain-timeline">{lead}</Text>;
  const start = Math.min(days[0]!.at, Number.isFinite(created) ? created : Number.POSITIVE_INFINITY);
  const end = days[days.length - 1]!.at + DAY_MS;
  const x = (at: number) => ((at - start) / Math.max(DAY_MS, end - start)) * (WIDTH - 8) + 4;
  const peak = Math.max(...days.map((d) => d.value));
  const barWidth = Math.max(1.5, x(start + DAY_MS) - x(start) - 1);
  return (
    <figure style={{ margin: 0 }} data-testid="domain-timeline">
      <Text weight={details.signals.new_domain ? 'semibold' : 'regular'}>{lead}</Text>
      <svg width={WIDTH} height={HEIGHT} role="img" aria-label={`${lead}; shares per day`}>
        {days.map((d) => {
          const h = (d.value / peak) * (HEIGHT - 20);
          return <rect key={d.at} x={x(d.at)} y={HEIGHT - 12 - h} width={barWidth} height={h} fill={tokens.colorBrandBackground}><title>{`${new Date(d.at).toISOString().slice(0, 10)}: ${d.value} posts`}</title></rect>;
        })}
        {Number.isFinite(created) && (
          <g>
            <line x1={x(created)} x2={x(created)} y1={2} y2={HEIGHT - 12} stroke={tokens.colorPaletteRedBorderActive} strokeWidth={2} />
            <text x={Math.min(x(created) + 3, WIDTH - 60)} y={12} fontSize={10} fill={tokens.colorNeutralForeground2}>registered</text>
          </g>
        )}
        <line x1={0} x2={WIDTH} y1={HEIGHT - 12} y2={HEIGHT - 12} stroke={tokens.colorNeutralStroke1} />
        <text x={2} y={HEIGHT - 1} fontSize={10} fill={tokens.colorNeutralForeground2}>{new Date(start).toISOString().slice(0, 10)}</text>
        <text x={WIDTH - 2} y={HEIGHT - 1} fontSize={10} textAnchor="end" fill={tokens.colorNeutralForeground2}>{new Date(end - DAY_MS).toISOString().slice(0, 10)}</text>
      </svg>
    </figure>
  );
}
