import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { PlatformBadge } from '@core/client/platforms/PlatformBadge';
import type { Insight } from '../../shared/api';
import { changeText, historyOf, shownTime, subjectOf, userName } from '../describe';
import { StatusBadge } from '../StatusBadge';
import { LEVEL_LABELS, TYPE_LABELS } from './InsightForm';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  table: { borderCollapse: 'collapse', '& th, & td': { textAlign: 'left', padding: '2px 8px 2px 0', verticalAlign: 'top', wordBreak: 'break-word' } },
  history: { margin: 0, paddingLeft: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
});

const or = (v: string | null | undefined) => v || 'N/A';
const list = (v: string[]) => (v.length ? v.join(', ') : 'N/A');

/** The insight as a reviewer reads it: what it is about, every attribute, and its change history (text only). */
export function ReviewView({ insight }: { insight: Insight }) {
  const styles = useStyles();
  const p = insight.additional_properties;
  const account = insight.analyzable_type === 'account';
  const rows: Array<[string, string]> = [
    ['Type', TYPE_LABELS[insight.analyzable_type]],
    ...(account
      ? [['User id', or(insight.user_id)], ['Handle', or(insight.screen_name)], ['Link', or(insight.link)], ['Name', or(p.name)]] as Array<[string, string]>
      : [['FQDN', or(insight.analyzable_id)], ['Outlet', or(p.name)]] as Array<[string, string]>),
    ['Country of origin', or(p.country_of_origin)], ['Operating country', or(p.operating_country)],
    ['State association', or(p.state_association)], ['Region', or(p.region)], ['Language', list(p.language)],
    ['Subcategory', list(p.subcategory)], ['Role', or(p.role)],
    ['Confidence', insight.confidence ? LEVEL_LABELS[insight.confidence]! : 'N/A'],
    ['Permanence', insight.permanence ? LEVEL_LABELS[insight.permanence]! : 'N/A'],
    ['Source', insight.source === 'import' ? 'Import' : 'Manual'],
    ['Edited', `${userName(p.edited_by)}, ${shownTime(p.edited_at)}`],
    ['Reviewed', p.reviewed_at ? `${userName(p.reviewed_by)}, ${shownTime(p.reviewed_at)}` : 'Not yet'],
  ];
  return (
    <div className={styles.root}>
      <div className={styles.head}>
        {account && insight.platform && <PlatformBadge platform={insight.platform} />}
        <Text weight="semibold">{subjectOf(insight)}</Text>
        <StatusBadge status={insight.status} />
      </div>
      <table className={styles.table} aria-label="Insight"><tbody>
        {rows.map(([k, v]) => <tr key={k}><th scope="row">{k}</th><td>{v}</td></tr>)}
      </tbody></table>
      <section aria-labelledby="insight-history-heading">
        <Text as="h3" id="insight-history-heading" weight="semibold">Change history</Text>
        {insight.changes.length === 0 ? <Text block>No changes recorded.</Text> : (
          <ol className={styles.history} aria-label="Change history">
            {historyOf(insight).map((c, k) => (
              <li key={`${c.at}-${k}`}>
                <Text block size={200}>{shownTime(c.at)} · {userName(c.by)}</Text>
                <Text block>{changeText(c)}</Text>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
