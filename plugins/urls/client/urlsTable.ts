import { csvLine } from '@core/shared/csv/cells';
import type { SharedUrl } from '../shared/api';
import { sortRows } from './table';

/** The columns of the shared URLs table, in order (spec part 2 section 3: url, value; plus accounts and dates). */
export const URL_COLUMNS = [
  { key: 'url', label: 'URL', sort: (u: SharedUrl) => u.url, text: (u: SharedUrl) => u.url },
  { key: 'value', label: 'Posts', sort: (u: SharedUrl) => u.value, text: (u: SharedUrl) => u.value.toLocaleString() },
  { key: 'unique_users', label: 'Accounts', sort: (u: SharedUrl) => u.unique_users, text: (u: SharedUrl) => u.unique_users.toLocaleString() },
  { key: 'first_seen', label: 'First Seen', sort: (u: SharedUrl) => u.first_seen, text: (u: SharedUrl) => u.first_seen.slice(0, 10) },
  { key: 'last_seen', label: 'Last Seen', sort: (u: SharedUrl) => u.last_seen, text: (u: SharedUrl) => u.last_seen.slice(0, 10) },
] as const;
export type UrlColumnKey = (typeof URL_COLUMNS)[number]['key'];

export function sortUrls(rows: readonly SharedUrl[], key: UrlColumnKey, direction: 'asc' | 'desc'): SharedUrl[] {
  return sortRows(rows, URL_COLUMNS.find((c) => c.key === key)!, direction, (u) => u.url);
}

/** The table as CSV (formula-neutralised cells, core/shared/csv). */
export function urlsCsv(rows: readonly SharedUrl[]): string {
  const header = ['url', 'domain', 'posts', 'accounts', 'first_seen', 'last_seen'];
  return [csvLine(header), ...rows.map((u) => csvLine([u.url, u.domain, String(u.value), String(u.unique_users), u.first_seen, u.last_seen]))].join('');
}
