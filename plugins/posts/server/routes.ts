import type { RouteRegistrar } from '@core/server/http/routes';
import { requireUser } from '@core/server/http/routes';
import { tablesOf } from '@core/server/storage/database';
import { displayPlatform } from '@core/shared/platforms';
import { STATS_PATH, corpusStatsSchema } from '../shared/api';
import type { PostsTables } from '@plugins/posts/server/tables';
import { registerDataSourceRoutes } from './dataSources/routes';
import { registerImportRoutes } from './import/upload';
import { registerExplorerRoutes } from './explorer/routes';

export function registerRoutes(r: RouteRegistrar): void {
  registerExplorerRoutes(r);
  r.get(STATS_PATH, { summary: "What the organisation's post store holds", response: corpusStatsSchema }, async (ctx) => {
    const user = requireUser(ctx);
    const db = tablesOf<PostsTables>(ctx.app.storage);
    const org = user.organization_id;
    const [totals, actors, platforms, languages, sources] = await Promise.all([
      db.selectFrom('posts_posts').where('organization_id', '=', org)
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('published_at').as('first'), eb.fn.max('published_at').as('last')])
        .executeTakeFirstOrThrow(),
      db.selectFrom('posts_actors').where('organization_id', '=', org).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      db.selectFrom('posts_posts').where('organization_id', '=', org).groupBy('platform')
        .select((eb) => ['platform', eb.fn.countAll<number>().as('n')]).execute(),
      db.selectFrom('posts_posts').where('organization_id', '=', org).groupBy('language')
        .select((eb) => ['language', eb.fn.countAll<number>().as('n')]).execute(),
      db.selectFrom('posts_posts').where('organization_id', '=', org).groupBy('source')
        .select((eb) => ['source', eb.fn.countAll<number>().as('n')]).execute(),
    ]);
    const byCount = <T extends { count: number }>(a: T, b: T) => b.count - a.count;
    return {
      total_posts: Number(totals.n),
      total_actors: Number(actors.n),
      first_published_at: (totals.first as string | null) ?? null,
      last_published_at: (totals.last as string | null) ?? null,
      platforms: platforms.map((p) => {
        const shown = displayPlatform(p.platform, (m) => ctx.app.logger.warn(m));
        return { platform: p.platform, label: shown.label, group: shown.group, count: Number(p.n) };
      }).sort((a, b) => byCount(a, b) || a.platform.localeCompare(b.platform)),
      languages: languages.map((l) => ({ language: l.language, count: Number(l.n) })).sort(byCount),
      sources: sources.map((s) => ({ source: s.source, count: Number(s.n) })).sort(byCount),
    };
  });

  registerDataSourceRoutes(r);
  registerImportRoutes(r);
}
