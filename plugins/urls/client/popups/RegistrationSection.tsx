import { useQuery } from '@tanstack/react-query';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import type { DomainDetails } from '../../shared/api';
import type { RegistrationSectionProps } from '../../shared/ui';
import { domainDetailsQuery } from '../api';
import { UNAVAILABLE, currentRegistrationRows, pastRegistrationRows } from '../registration';

export const useSectionStyles = makeStyles({
  table: { borderCollapse: 'collapse', width: '100%', '& td, & th': { textAlign: 'left', padding: '2px 4px', wordBreak: 'break-all', verticalAlign: 'top' } },
  changed: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorPaletteRedForeground1 },
});

/**
 * Current Registration (Creation, Expiration, Last Updated, Registrar, Registrar Email) and the Past Registration
 * table (Names, Phones, Registrars, Emails), from domain-details?history=true: the newest RDAP snapshot and the
 * snapshots at which the registration changed, newest first, changed cells marked. Used by the URL and domain
 * popups (the graph's, through `urls.popupSections`, and this plugin's own).
 */
export function RegistrationSection({ conversationId, domainOrUrl }: RegistrationSectionProps) {
  const q = useQuery(domainDetailsQuery(conversationId, domainOrUrl));
  if (q.isLoading) return <Text>Loading registration…</Text>;
  return (
    <>
      {q.isError && <Text role="alert">The registration could not be loaded.</Text>}
      <RegistrationTables details={q.data ?? null} />
    </>
  );
}

/** The two registration tables of one domain-details answer (null: every value Unavailable). */
export function RegistrationTables({ details }: { details: DomainDetails | null }) {
  const styles = useSectionStyles();
  const past = pastRegistrationRows(details?.history ?? []);
  return (
    <>
      <Text weight="semibold">Current Registration</Text>
      <table className={styles.table} aria-label="Current Registration"><tbody>
        {currentRegistrationRows(details?.registration ?? null).map(([k, v]) => <tr key={k}><th>{k}</th><td>{v}</td></tr>)}
      </tbody></table>
      <Text weight="semibold">Past Registration</Text>
      <table className={styles.table} aria-label="Past Registration">
        <thead><tr><th>Date</th><th>Names</th><th>Phones</th><th>Registrars</th><th>Emails</th></tr></thead>
        <tbody>
          {past.length === 0 && <tr><td colSpan={5}>{UNAVAILABLE}</td></tr>}
          {past.map((row) => (
            <tr key={row.date + row.names + row.emails}>
              <td>{row.date}</td>
              {(['names', 'phones', 'registrars', 'emails'] as const).map((k) => (
                <td key={k} className={row.changed.includes(k) ? styles.changed : undefined} title={row.changed.includes(k) ? 'Changed since the lookup before' : undefined}>{row[k]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
