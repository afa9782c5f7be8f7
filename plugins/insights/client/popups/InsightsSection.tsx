import { useQuery } from '@tanstack/react-query';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { canEditInsights } from '@core/shared/access/permissions';
import { useSelectionService } from '@core/client/selection/hooks';
import type { Insight } from '../../shared/api';
import type { AccountInsightsSectionProps, DomainInsightsSectionProps } from '../../shared/ui';
import { normaliseFqdn } from '../../shared/validation';
import { accountInsightsQuery, domainInsightsQuery } from '../api';
import type { InsightFormValues } from '../dialogs/model';
import { insightDialogKind } from '../kinds';
import { StatusBadge } from '../StatusBadge';
import { useReviewer } from '../user';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  item: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

/** What an insight says, as text: subcategories, then the other attributes that are set. */
export function factsOf(insight: Insight): string {
  const p = insight.additional_properties;
  return [
    p.name, p.subcategory.join(', '), p.country_of_origin && `Origin: ${p.country_of_origin}`, p.operating_country && `Operates in: ${p.operating_country}`,
    p.state_association && `State association: ${p.state_association}`, p.region && `Region: ${p.region}`, p.role && `Role: ${p.role}`,
    p.language.length ? `Language: ${p.language.join(', ')}` : null,
  ].filter(Boolean).join(' · ') || 'No attributes';
}

/**
 * Approved insights are facts; pending ones are shown as pending, awaiting review. Rejected and deleted ones are
 * not shown: nobody should read them as what is known about the account or domain.
 */
export const shownInPopups = (insights: readonly Insight[]) => insights.filter((i) => i.status === 'approved' || i.status === 'pending')
  .sort((a, b) => (a.status === b.status ? 0 : a.status === 'approved' ? -1 : 1));

function Section({ label, insights, loading, failed, add }: {
  label: string; insights: Insight[] | undefined; loading: boolean; failed: boolean; add: Partial<InsightFormValues>;
}) {
  const styles = useStyles();
  const selection = useSelectionService();
  const editor = canEditInsights(useReviewer());
  const shown = shownInPopups(insights ?? []);
  return (
    <section className={styles.section} aria-label={`Analyst insights on ${label}`}>
      <div className={styles.head}>
        <Text weight="semibold">Analyst insights</Text>
        {editor && (
          <Button size="small" aria-label={`Add insight on ${label}`} onClick={() => selection.openPopup(insightDialogKind, { mode: 'add', initial: add })}>
            Add insight
          </Button>
        )}
      </div>
      {loading && <Text size={200}>Loading insights…</Text>}
      {failed && <Text size={200} role="alert">The insights could not be loaded.</Text>}
      {!loading && !failed && shown.length === 0 && <Text size={200}>No analyst insights.</Text>}
      {shown.length > 0 && (
        <ul className={styles.list}>
          {shown.map((i) => (
            <li key={i.id} className={styles.item}>
              <StatusBadge status={i.status} />
              <Text size={200}>{factsOf(i)}</Text>
              <Button size="small" appearance="transparent" aria-label={`Review insight: ${factsOf(i)}`}
                onClick={() => selection.openPopup(insightDialogKind, { mode: 'review', insight: i })}>
                Review
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The user popup's "analyst insights" (spec part 2 section 2): GET /api/v2/insights?account_id=<rid>, cached 1 minute. */
export function AccountInsightsSection({ account }: AccountInsightsSectionProps) {
  const q = useQuery(accountInsightsQuery(account.rid));
  const label = account.screen_name ? `@${account.screen_name}` : account.rid;
  const add: Partial<InsightFormValues> = {
    type: 'account', analyzable_id: account.rid, platform: account.platform ?? '', screen_name: account.screen_name ?? '', link: account.url ?? '',
  };
  return <Section label={label} insights={q.data} loading={q.isLoading} failed={q.isError} add={add} />;
}

/** The domain and URL popups' insights: those on the host (GET /api/v2/insights?domain_url=<host>), cached 1 minute. */
export function DomainInsightsSection({ domainOrUrl }: DomainInsightsSectionProps) {
  const fqdn = normaliseFqdn(domainOrUrl) ?? domainOrUrl.trim().toLowerCase();
  const q = useQuery(domainInsightsQuery(fqdn));
  return <Section label={fqdn} insights={q.data} loading={q.isLoading} failed={q.isError} add={{ type: 'domain', fqdn }} />;
}
