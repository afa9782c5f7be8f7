import { csvLine } from '@core/shared/csv/cells';
import type { SharedDomain } from '../shared/api';
import { sortRows } from './table';

/** The columns of the shared domains table, in order: header, value for sorting, text. */
export const DOMAIN_COLUMNS = [
  { key: 'domain', label: 'Domain', sort: (d: SharedDomain) => d.domain, text: (d: SharedDomain) => d.domain },
  { key: 'value', label: 'Posts', sort: (d: SharedDomain) => d.value, text: (d: SharedDomain) => d.value.toLocaleString() },
  { key: 'unique_users', label: 'Accounts', sort: (d: SharedDomain) => d.unique_users, text: (d: SharedDomain) => d.unique_users.toLocaleString() },
  { key: 'first_seen', label: 'First Seen', sort: (d: SharedDomain) => d.first_seen, text: (d: SharedDomain) => d.first_seen.slice(0, 10) },
  { key: 'registered', label: 'Registered before first share', sort: (d: SharedDomain) => d.signals.days_registered_before_first_share ?? Number.POSITIVE_INFINITY,
    text: (d: SharedDomain) => (d.signals.days_registered_before_first_share === null ? 'N/A' : `${d.signals.days_registered_before_first_share} days`) },
  { key: 'category', label: 'Category', sort: (d: SharedDomain) => d.category ?? '', text: (d: SharedDomain) => d.category ?? '' },
] as const;
export type DomainColumnKey = (typeof DOMAIN_COLUMNS)[number]['key'];

export function sortDomains(rows: readonly SharedDomain[], key: DomainColumnKey, direction: 'asc' | 'desc'): SharedDomain[] {
  return sortRows(rows, DOMAIN_COLUMNS.find((c) => c.key === key)!, direction, (d) => d.domain);
}

/** The table as CSV (formula-neutralised cells, core/shared/csv). */
export function domainsCsv(rows: readonly SharedDomain[]): string {
  const header = ['domain', 'posts', 'accounts', 'links', 'first_seen', 'last_seen', 'reg_created_at', 'days_registered_before_first_share', 'new_domain', 'category'];
  return [csvLine(header), ...rows.map((d) => csvLine([d.domain, String(d.value), String(d.unique_users), String(d.unique_urls), d.first_seen, d.last_seen,
    d.reg_created_at, d.signals.days_registered_before_first_share === null ? '' : String(d.signals.days_registered_before_first_share),
    String(d.signals.new_domain), d.category]))].join('');
}
