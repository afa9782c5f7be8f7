import type { Insight, StrippedUser } from '../../shared/api';
import { EXPORT_COLUMNS, LIST_JOINER, type ExportColumn } from './columns';
import { csvLine } from '@core/shared/csv/cells';

/**
 * Export of analyst insights (issue #13 item 5): pure, over the insights the caller chose (the approved ones). CSV
 * re-imports to the same insights (importInsights.ts); JSON is the insight objects as the API answers them; STIX 2.1
 * is in stix.ts.
 */
export { exportInsightsStix, type StixBundle, type StixObject, type StixOrganization } from './stix';

/**
 * UTF-8 BOM first: Excel reads a CSV without one in the machine's legacy code page, mangling the Cyrillic, Chinese
 * or Arabic names analysts record. The import skips it.
 */
const BOM = '\uFEFF';

const userName = (user: StrippedUser | null) => (user ? `${user.first_name} ${user.last_name}`.trim() : null);

function cellOf(insight: Insight, column: ExportColumn): string | null {
  const p = insight.additional_properties;
  switch (column) {
    case 'name': case 'country_of_origin': case 'operating_country': case 'state_association': case 'region': case 'role':
      return p[column];
    case 'language': case 'subcategory':
      return p[column].join(LIST_JOINER);
    case 'edited_by': case 'reviewed_by':
      return userName(p[column]);
    case 'reviewed_at':
      return p.reviewed_at;
    default:
      return insight[column];
  }
}

/** CSV, RFC 4180 (CRLF, quoted where needed), formula-safe, one row per insight under EXPORT_COLUMNS. */
export function exportInsightsCsv(insights: readonly Insight[]): string {
  return BOM + csvLine(EXPORT_COLUMNS) + insights.map((i) => csvLine(EXPORT_COLUMNS.map((c) => cellOf(i, c)))).join('');
}

/** JSON: the array of insight objects. Re-imports too (the import reads what `newInsightSchema` knows of each). */
export function exportInsightsJson(insights: readonly Insight[]): string {
  return `${JSON.stringify(insights, null, 2)}\n`;
}
