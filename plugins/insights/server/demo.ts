import { sql } from 'kysely';
import type { ServerContext } from '@core/server/plugin/context';
import type { InsightChange, NewInsight } from '../shared/api';
import { checkNewInsight } from '../shared/validation';
import type { InsightStatus } from '../shared/vocabulary';
import { changesOf, newInsightRow, propertiesOf, strippedUser } from './model';
import { insertInsight } from './store';
import { dbOf, type Db, type InsightRow } from './tables';

/**
 * The demo organisation's insights, on accounts and domains of the demo corpus (plugins/posts/server/demo) so the
 * insight filters, popups and key accounts show them once the demo conversations ran. The corpus's accounts are
 * generated, so they are picked from the store: each platform's most active account, and two sock puppets of the
 * planted campaign that shares one link-hub profile URL (SAME_PROFILE_URL). Domains are the corpus's news sites.
 */
type Plan = { status: InsightStatus; insight: NewInsight };

const US = { country_of_origin: 'United States', operating_country: 'United States', region: 'North America', language: ['English'] };

interface DemoAccount { rid: string; platform: string; screen_name: string | null; user_id: string | null; url: string | null }

/** The platform's account with the most posts in the organisation (ties: lowest id), if any. */
async function mostActive(db: Db, organizationId: string, platform: string): Promise<DemoAccount | undefined> {
  return db.selectFrom('posts_actors as a').innerJoin('posts_posts as p', 'p.actor_id', 'a.id')
    .select(['a.rid', 'a.platform', 'a.screen_name', 'a.user_id', 'a.url'])
    .where('a.organization_id', '=', organizationId).where('a.platform', '=', platform)
    .groupBy(['a.id', 'a.rid', 'a.platform', 'a.screen_name', 'a.user_id', 'a.url'])
    .orderBy(sql`count(*)`, 'desc').orderBy('a.id').limit(1).executeTakeFirst();
}

/** Accounts whose profile links to a link hub: the planted campaign's sock puppets. */
async function linkHubAccounts(db: Db, organizationId: string): Promise<DemoAccount[]> {
  return db.selectFrom('posts_actors').select(['rid', 'platform', 'screen_name', 'user_id', 'url'])
    .where('organization_id', '=', organizationId).where('url', 'like', '%linktr.ee/%')
    .orderBy('id').limit(2).execute();
}

const account = (a: DemoAccount, by: 'rid' | 'link', properties: NewInsight['additional_properties'], extra: Partial<NewInsight> = {}): NewInsight => ({
  analyzable_type: 'account', platform: a.platform, ...(by === 'rid' ? { analyzable_id: a.rid, screen_name: a.screen_name } : { link: a.url }),
  additional_properties: properties, ...extra,
});

const domain = (fqdn: string, properties: NewInsight['additional_properties'], extra: Partial<NewInsight> = {}): NewInsight =>
  ({ analyzable_type: 'domain', analyzable_id: fqdn, additional_properties: properties, ...extra });

async function plans(db: Db, organizationId: string): Promise<Plan[]> {
  const out: Plan[] = [];
  const telegram = await mostActive(db, organizationId, 'telegram');
  if (telegram) {
    out.push({ status: 'approved', insight: account(telegram, 'rid', {
      subcategory: ['Russian State Media'], country_of_origin: 'Russia', operating_country: 'Russia', state_association: 'Russia',
      region: 'Europe', language: ['Russian', 'English'], role: 'Media Outlet',
    }, { confidence: 'high', permanence: 'permanent' }) });
  }
  const twitter = await mostActive(db, organizationId, 'twitter');
  if (twitter) out.push({ status: 'approved', insight: account(twitter, 'rid', { ...US, subcategory: ['Financial Influencer'], role: 'Influencer' }, { confidence: 'medium' }) });
  const [puppet, other] = await linkHubAccounts(db, organizationId);
  if (puppet) out.push({ status: 'approved', insight: account(puppet, 'link', { subcategory: ['Coordinated Inauthentic Network'], role: 'Other', language: ['English'] }, { permanence: 'temporary' }) });
  if (other) out.push({ status: 'pending', insight: account(other, 'link', { subcategory: ['Coordinated Inauthentic Network'], role: 'Other' }) });
  const gab = await mostActive(db, organizationId, 'gab');
  if (gab) out.push({ status: 'pending', insight: account(gab, 'rid', { ...US, subcategory: ['Extremist Group'], role: 'Activist' }) });
  const reddit = await mostActive(db, organizationId, 'reddit');
  if (reddit) out.push({ status: 'rejected', insight: account(reddit, 'rid', { ...US, subcategory: ['Mainstream News'], role: 'Journalist' }) });
  out.push(
    { status: 'approved', insight: domain('truthvote-news.com', { name: 'TruthVote News', ...US, subcategory: ['Hyperpartisan Outlet'], role: 'Media Outlet' }, { confidence: 'high' }) },
    { status: 'approved', insight: domain('qdrops-decoded.net', { name: 'QDrops Decoded', subcategory: ['Conspiracy Outlet'], language: ['English'], region: 'North America' }) },
    { status: 'pending', insight: domain('tradewire.com', { name: 'Trade Wire', ...US, subcategory: ['Market News'] }) },
    { status: 'rejected', insight: domain('localnews-desk.com', { name: 'Local News Desk', ...US, subcategory: ['Pink Slime Local News'] }) },
  );
  return out;
}

/** The review that moved a demo insight out of pending, recorded like the route records it. */
function reviewed(row: InsightRow, status: InsightStatus, by: InsightChange['by'], at: string): InsightRow {
  if (status === 'pending') return row;
  const change: InsightChange = { at, by, action: status === 'approved' ? 'approve' : 'reject', from_status: 'pending', to_status: status, fields: {} };
  return {
    ...row, status, updated_at: at, changes: JSON.stringify([...changesOf(row), change]),
    additional_properties: JSON.stringify({ ...propertiesOf(row), reviewed_at: at, reviewed_by: by }),
  };
}

export async function seedDemoInsights(ctx: ServerContext, organizationId: string): Promise<void> {
  const db = dbOf(ctx.storage);
  const existing = await db.selectFrom('insights_insights').select('id').where('organization_id', '=', organizationId).limit(1).executeTakeFirst();
  if (existing) return;
  const owner = await db.selectFrom('core_users').select(['id', 'first_name', 'last_name'])
    .where('organization_id', '=', organizationId).orderBy('created_at').executeTakeFirst();
  const by = owner ? strippedUser(owner) : null;
  const submitted = Date.now() - 2 * 86_400_000;
  const planned = await plans(db, organizationId);
  await db.transaction().execute(async (trx) => {
    for (const [k, plan] of planned.entries()) {
      const checked = checkNewInsight(plan.insight);
      if (!checked.ok) throw new Error(`demo insight ${k}: ${checked.errors.join('; ')}`);
      // A minute apart, reviewed a day later: the lists show a history rather than one instant.
      const at = new Date(submitted + k * 60_000).toISOString();
      const row = newInsightRow(organizationId, checked.value, { by, at });
      await insertInsight(trx, reviewed(row, plan.status, by, new Date(submitted + 86_400_000 + k * 60_000).toISOString()));
    }
  });
  ctx.logger.info({ insights: planned.length }, 'demo insights seeded');
}
