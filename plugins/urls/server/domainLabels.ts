import { parse } from 'csv-parse/sync';
import { DOMAIN_CATEGORIES, URLS_MESSAGES } from '../shared/api';
import { canonicalDomain } from './links';
import type { DomainLabelRow, UrlsDb } from './tables';

/** domain -> category of the organisation's list, for `domains` (all when omitted). */
export async function labelsOf(db: UrlsDb, organizationId: string, domains?: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (domains && domains.length === 0) return out;
  const chunks = domains ? chunk(domains, 500) : [null];
  for (const part of chunks) {
    const rows = await db.selectFrom('urls_domain_labels').select(['domain', 'category'])
      .where('organization_id', '=', organizationId)
      .$if(part !== null, (q) => q.where('domain', 'in', part!)).execute();
    for (const r of rows) out.set(r.domain, r.category);
  }
  return out;
}

const chunk = <T>(list: readonly T[], size: number) => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, i * size + size));

export type ParsedLabels = { ok: true; labels: Array<{ domain: string; category: string }> } | { ok: false; errors: string[] };

/**
 * The admin's CSV (`domain,category` header, one domain per row). Every problem is named by its line; one bad row
 * refuses the whole file, so a half-applied list never replaces a good one. A domain listed twice keeps its last row.
 */
export function parseDomainLabels(text: string): ParsedLabels {
  let records: string[][];
  try {
    records = parse(text.replace(/^\uFEFF/, ''), { skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][];
  } catch (error) {
    return { ok: false, errors: [(error as Error).message] };
  }
  const [header, ...rows] = records;
  if (!header || header.length < 2 || header[0]!.toLowerCase() !== 'domain' || header[1]!.toLowerCase() !== 'category') {
    return { ok: false, errors: [URLS_MESSAGES.csvHeader] };
  }
  if (rows.length === 0) return { ok: false, errors: [URLS_MESSAGES.emptyList] };
  const errors: string[] = [];
  const labels = new Map<string, string>();
  rows.forEach((row, k) => {
    const line = k + 2;
    const domain = canonicalDomain(row[0] ?? '');
    const category = (row[1] ?? '').trim().toLowerCase().replace(/[\s-]+/g, '_');
    if (domain === null) errors.push(URLS_MESSAGES.csvRow(line, URLS_MESSAGES.badDomain));
    else if (!(DOMAIN_CATEGORIES as readonly string[]).includes(category)) errors.push(URLS_MESSAGES.csvRow(line, URLS_MESSAGES.unknownCategory(row[1] ?? '')));
    else labels.set(domain, category);
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, labels: [...labels].map(([domain, category]) => ({ domain, category })) };
}

/** Replaces the organisation's list in one transaction. */
export async function replaceLabels(db: UrlsDb, organizationId: string, by: string, labels: ReadonlyArray<{ domain: string; category: string }>): Promise<void> {
  const at = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('urls_domain_labels').where('organization_id', '=', organizationId).execute();
    for (const part of chunk(labels, 200)) {
      const rows: DomainLabelRow[] = part.map((l) => ({ organization_id: organizationId, domain: l.domain, category: l.category, uploaded_at: at, uploaded_by: by }));
      await trx.insertInto('urls_domain_labels').values(rows).execute();
    }
  });
}
