import type { RouteRegistrar } from '@core/server/http/routes';
import { requireUser } from '@core/server/http/routes';
import { forbidden, notFound } from '@core/server/http/errors';
import { tablesOf } from '@core/server/storage/database';
import { displayPlatform } from '@core/shared/platforms';
import {
  DATA_SOURCES_PATH, STATS_PATH, corpusStatsSchema, dataSourceListSchema, dataSourceParamsSchema, dataSourceUpdateSchema,
} from '../shared/api';
import { dataSourceSchema } from '../shared/dataSources';
import type { PostsDataSourceRow, PostsTables } from '../shared/tables';

const toDataSource = (r: PostsDataSourceRow) => ({
  id: r.id, name: r.name, record_limit: r.record_limit, source: r.source, enabled: r.enabled === 1, editable: r.editable === 1,
});

export function registerRoutes(r: RouteRegistrar): void {
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

  r.get(DATA_SOURCES_PATH, { summary: 'Data sources and their record limits', response: dataSourceListSchema, permission: 'READ_DATA_SOURCE' }, async (ctx) => {
    requireUser(ctx);
    const rows = await tablesOf<PostsTables>(ctx.app.storage).selectFrom('posts_data_sources').selectAll().execute();
    return rows.map(toDataSource).sort((a, b) => Number(b.source === 'local') - Number(a.source === 'local') || a.name.localeCompare(b.name));
  });

  r.patch(`${DATA_SOURCES_PATH}/:id`, {
    summary: "Change a data source's record_limit, enabled flag or collector settings (global admins)",
    params: dataSourceParamsSchema, body: dataSourceUpdateSchema, response: dataSourceSchema, permission: 'READ_DATA_SOURCE',
  }, async (ctx) => {
    const user = requireUser(ctx);
    // Data sources serve every organisation: only global admins change them.
    if (!user.is_global_admin) throw forbidden();
    const db = tablesOf<PostsTables>(ctx.app.storage);
    const row = await db.selectFrom('posts_data_sources').selectAll().where('id', '=', ctx.params.id).executeTakeFirst();
    if (!row) throw notFound('Data source not found');
    if (row.editable !== 1) throw forbidden('This data source cannot be edited.');
    const changes: Partial<PostsDataSourceRow> = { updated_at: new Date().toISOString() };
    if (ctx.body.record_limit !== undefined) changes.record_limit = ctx.body.record_limit;
    if (ctx.body.enabled !== undefined) changes.enabled = ctx.body.enabled ? 1 : 0;
    if (ctx.body.settings !== undefined) changes.settings = JSON.stringify(ctx.body.settings);
    await db.updateTable('posts_data_sources').set(changes).where('id', '=', row.id).execute();
    return toDataSource({ ...row, ...changes });
  });
}
