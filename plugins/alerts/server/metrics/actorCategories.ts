import { sameOrganization } from '@core/server/storage/byIds';
import { accountKey, type AccountMatcher, type AccountRef } from '@plugins/insights/shared/public';
import type { Db } from '../tables';
import { riskCategoryOfSubcategories } from './compute';

/** Actor ids per statement (SQLite and PostgreSQL cap a statement's parameters). */
const IN_LIST = 500;
const DEFAULT_CATEGORY = 'Default';

/**
 * The risk category of each author of a run's posts (`posts_actors.id`), from its approved insights, looked up once
 * per author as the run's batches arrive: a run has several posts per author, and an organisation without approved
 * account insights needs no author read at all. Holds one entry per author met (not per post).
 */
export class ActorCategories {
  private readonly known = new Map<number, string>();

  constructor(private readonly db: Db, private readonly organizationId: string, private readonly matcher: AccountMatcher | null) {}

  /** Looks up the authors not met before. */
  async learn(actorIds: ReadonlyArray<number | null>): Promise<void> {
    if (!this.matcher || this.matcher.matchesNothing) return;
    const fresh = [...new Set(actorIds.filter((id): id is number => id !== null && !this.known.has(id)))];
    for (let k = 0; k < fresh.length; k += IN_LIST) {
      const actors = await this.db.selectFrom('posts_actors').select(['id', 'platform', 'rid', 'screen_name', 'user_id', 'url'])
        .where(sameOrganization(this.organizationId)).where('id', 'in', fresh.slice(k, k + IN_LIST)).execute();
      const refs: AccountRef[] = actors.map((a) => ({ platform: a.platform, rid: a.rid, screen_name: a.screen_name, user_id: a.user_id, url: a.url }));
      const insights = await this.matcher.approvedForAccounts(refs);
      for (const a of actors) {
        const list = a.rid ? insights.get(accountKey(a)) ?? [] : [];
        this.known.set(a.id, list.length === 0 ? DEFAULT_CATEGORY
          : riskCategoryOfSubcategories(list.flatMap((i) => i.additional_properties.subcategory)));
      }
    }
  }

  /** The author's category (Default without an author, an approved insight or a matcher). */
  of(actorId: number | null): string {
    return actorId === null ? DEFAULT_CATEGORY : this.known.get(actorId) ?? DEFAULT_CATEGORY;
  }
}
