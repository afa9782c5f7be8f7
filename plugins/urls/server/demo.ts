import { sql } from 'kysely';
import type { ServerContext } from '@core/server/plugin/context';
import { storeSnapshot, type RegistrationFacts } from './registrations';
import { dbOf } from './tables';

/**
 * Registration snapshots for the demo corpus's domains (no network: written as a local RDAP registry would answer),
 * so the URLs tab, the popups and the timeline show real-looking data. The planted campaign's link sites
 * (`<word>-<word>-report.com`, plugins/posts/server/demo/generator.ts) were registered 3 to 12 days before their first
 * share, and their registrant later hid behind a privacy service: two snapshots, so Past Registration has a change.
 * Other domains were registered years earlier. Idempotent: domains that already have a demo snapshot are skipped.
 */
const DAY = 86_400_000;
const PLATFORM_SITES = new Set(['x.com', 'twitter.com', 'reddit.com', 'facebook.com', 'gab.com', 'truthsocial.com', 't.me', 'youtube.com', 'youtu.be']);
const REGISTRARS = ['NameCheap, Inc.', 'GoDaddy.com, LLC', 'Tucows Domains Inc.', 'Gandi SAS', 'Porkbun LLC'];

/** A small stable hash, so every start writes the same data. */
const hash = (text: string) => [...text].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7);

export async function seedDemoRegistrations(ctx: ServerContext, organizationId: string): Promise<void> {
  const db = dbOf(ctx.storage);
  const domains = await db.selectFrom('posts_urls as u').innerJoin('posts_posts as p', 'p.id', 'u.post_id')
    .where('p.organization_id', '=', organizationId).where('u.domain', 'is not', null)
    .select([sql<string>`u.domain`.as('domain'), sql<string>`min(p.published_at)`.as('first_seen')])
    .groupBy('u.domain').execute();
  const seeded = new Set((await db.selectFrom('urls_registrations').select('domain')
    .where('organization_id', '=', organizationId).where('source', '=', 'demo').execute()).map((r) => r.domain));
  let written = 0;
  for (const { domain, first_seen: firstSeen } of domains) {
    if (seeded.has(domain)) continue;
    for (const [at, facts] of plan(domain, Date.parse(firstSeen))) await storeSnapshot(db, organizationId, domain, facts, at);
    written++;
  }
  ctx.logger.info({ domains: written }, 'demo domain registrations seeded');
}

function plan(domain: string, firstShare: number): Array<[string, RegistrationFacts]> {
  const h = hash(domain);
  const registrar = REGISTRARS[h % REGISTRARS.length]!;
  const iso = (ms: number) => new Date(ms).toISOString();
  const base = { status: 'found' as const, registrar, source: 'demo' };
  if (domain.endsWith('-report.com')) {
    const created = firstShare - (3 + (h % 10)) * DAY;
    const exposed: RegistrationFacts = {
      ...base, registrant_name: 'Alex Morgan', registrant_phone: `+1.555${String(1_000_000 + (h % 8_999_999)).slice(0, 7)}`,
      registrant_email: `admin@${domain}`, reg_created_at: iso(created), reg_expires_at: iso(created + 365 * DAY), reg_updated_at: iso(created),
    };
    const hidden: RegistrationFacts = {
      ...exposed, registrant_name: 'Privacy Protect, LLC', registrant_phone: '+1.5555550100', registrant_email: `${domain}@privacyprotect.example`,
      reg_updated_at: iso(firstShare + 2 * DAY),
    };
    return [[iso(firstShare - DAY), exposed], [iso(firstShare + 3 * DAY), hidden]];
  }
  const years = PLATFORM_SITES.has(domain) ? 15 + (h % 10) : 2 + (h % 12);
  const created = firstShare - years * 365 * DAY - (h % 200) * DAY;
  return [[iso(firstShare), {
    ...base, registrant_name: null, registrant_phone: null, registrant_email: null,
    reg_created_at: iso(created), reg_expires_at: iso(firstShare + (1 + (h % 5)) * 365 * DAY), reg_updated_at: iso(firstShare - (h % 300) * DAY),
  }]];
}
