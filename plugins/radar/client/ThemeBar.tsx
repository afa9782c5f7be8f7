import { Caption1, makeStyles, tokens, Tooltip } from '@fluentui/react-components';
import type { Assessments } from '../shared/api';
import { compact, percent } from './format';

const COLORS = ['#4f6bed', '#e3008c', '#00a5af', '#ca5010', '#498205', '#8764b8', '#c50f1f', '#038387', '#986f0b'];

const useStyles = makeStyles({
  bar: { display: 'flex', height: '18px', borderRadius: tokens.borderRadiusMedium, overflow: 'hidden', backgroundColor: tokens.colorNeutralBackground5 },
  legend: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, marginTop: tokens.spacingVerticalXS },
  swatch: { display: 'inline-block', width: '10px', height: '10px', marginRight: '4px', borderRadius: '2px' },
});

/** Every theme's posts of the range against all the conversation's posts (the grey rest is about no theme). */
export function ThemeBar({ data }: { data: Assessments }) {
  const styles = useStyles();
  const total = data.total_posts_date_range;
  return (
    <div data-testid="radar-theme-bar" role="group" aria-label="Themes against the whole conversation">
      <div className={styles.bar}>
        {data.themes.map((a, i) => (total === 0 || a.volume_raw_date_range === 0 ? null : (
          <Tooltip key={a.theme_name} relationship="label" content={`${a.label}: ${compact(a.volume_raw_date_range)} posts (${percent((100 * a.volume_raw_date_range) / total)})`}>
            <div role="img" style={{ width: `${(100 * a.volume_raw_date_range) / total}%`, backgroundColor: COLORS[i % COLORS.length] }} />
          </Tooltip>
        )))}
      </div>
      <div className={styles.legend}>
        {data.themes.map((a, i) => (
          <Caption1 key={a.theme_name}>
            <span className={styles.swatch} style={{ backgroundColor: COLORS[i % COLORS.length] }} />
            {a.label} {total === 0 ? '0%' : percent((100 * a.volume_raw_date_range) / total)}
          </Caption1>
        ))}
        <Caption1>All posts {compact(total)}</Caption1>
      </div>
    </div>
  );
}
