/**
 * Data source calls. The list answers what the caller's organisation uses; an organisation admin switches a
 * source on or off for the organisation and sets its record_limit (`PUT .../{id}/organization`); a global admin
 * changes the installation's catalogue (`PATCH .../{id}`: available or not, default record_limit, collector
 * settings). The spec's data vendor toggle (`PUT /api/v2/posts/data-vendor`, `data_vender` + `enable`) is the same
 * organisation switch addressed by source key. Collect steps read these at run time, so every change applies to the next run without a restart.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { SessionUser } from '@core/server/auth/sessionUser';
import { writeAudit } from '@core/server/auth/audit';
import type { CoreTables } from '@core/server/storage/tables';
import { forbidden, notFound } from '@core/server/http/errors';
import { requireUser, type RouteRegistrar } from '@core/server/http/routes';
import { nowIso } from '@core/server/storage/database';
import { can } from '@core/shared/access/permissions';
import { DATA_SOURCES_PATH, dataSourceParamsSchema, dataSourceUpdateSchema } from '../../shared/api';
import {
  DATA_SOURCE_MESSAGES, DATA_VENDOR_PATH, dataSourceSchema, dataVendorToggleSchema, organizationDataSourceSchema,
  organizationDataSourceUpdateSchema, type OrganizationDataSource, type OrganizationDataSourceUpdate,
} from '../../shared/dataSources';
import type { PostsDataSourceRow } from '@plugins/posts/server/tables';
import { dataSourceBySource, dataSourceDb, dataSourceFor, dataSourcesFor, type DataSourceDb, type EffectiveDataSource } from './organization';

const organizationDataSourceListSchema = organizationDataSourceSchema.array();

const toDataSource = (r: PostsDataSourceRow) => ({
  id: r.id, name: r.name, record_limit: r.record_limit, source: r.source, enabled: r.enabled === 1, editable: r.editable === 1,
});

export const toOrganizationDataSource = (s: EffectiveDataSource): OrganizationDataSource => ({
  id: s.id, name: s.name, record_limit: s.effective_record_limit, source: s.source, enabled: s.effective_enabled,
  editable: s.editable === 1, available: s.available, customized: s.customized,
});

/**
 * The organisation's own choice for one source (enabled, record_limit), checked and audited in one place for both
 * the data source switch and the data vendor toggle.
 */
async function changeForOrganization(
  db: DataSourceDb, request: FastifyRequest, user: SessionUser, before: EffectiveDataSource | undefined, notFoundMessage: string,
  { enabled, record_limit: recordLimit }: OrganizationDataSourceUpdate,
): Promise<OrganizationDataSource> {
  const needs = [
    ...(enabled === true || recordLimit !== undefined ? ['ADD_DATA_SOURCE_TO_ORGANIZATION' as const] : []),
    ...(enabled === false ? ['REMOVE_DATA_SOURCE_FROM_ORGANIZATION' as const] : []),
  ];
  if (needs.some((p) => !can(user, p))) throw forbidden();
  if (!before) throw notFound(notFoundMessage);
  if (before.editable !== 1) throw forbidden(DATA_SOURCE_MESSAGES.notEditable);
  if (enabled === true && !before.available) throw forbidden(DATA_SOURCE_MESSAGES.notAvailable);
  const next = {
    enabled: (enabled ?? before.effective_enabled) ? 1 : 0,
    record_limit: recordLimit !== undefined ? recordLimit : before.effective_record_limit,
    updated_by: user.id, updated_at: nowIso(),
  };
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('posts_organization_data_sources')
      .values({ organization_id: user.organization_id, data_source_id: before.id, ...next })
      .onConflict((oc) => oc.columns(['organization_id', 'data_source_id']).doUpdateSet(next))
      .execute();
    await writeAudit(auditDb(trx), request, {
      event: 'data_source_updated', organizationId: user.organization_id, userId: user.id, email: user.email,
      detail: {
        data_source_id: before.id, name: before.name, scope: 'organization',
        enabled: next.enabled === 1, record_limit: next.record_limit,
        previous: { enabled: before.effective_enabled, record_limit: before.effective_record_limit },
      },
    });
  });
  return toOrganizationDataSource((await dataSourceFor(db, user.organization_id, before.id))!);
}

// writeAudit takes core's tables; a transaction over core's and ours is one at run time (Kysely's types are invariant).
const auditDb = (trx: unknown) => trx as Kysely<CoreTables>;

export function registerDataSourceRoutes(r: RouteRegistrar): void {
  r.get(DATA_SOURCES_PATH, {
    summary: "Data sources as the caller's organisation uses them (enabled, record_limit), the local archive first",
    response: organizationDataSourceListSchema, permission: 'READ_DATA_SOURCE',
  }, async (ctx) => {
    const user = requireUser(ctx);
    return (await dataSourcesFor(dataSourceDb(ctx.app.storage), user.organization_id)).map(toOrganizationDataSource);
  });

  r.put(`${DATA_SOURCES_PATH}/:id/organization`, {
    summary: "Switch a data source on or off for the caller's organisation, or set the organisation's record_limit",
    description: 'Switching on and changing record_limit need ADD_DATA_SOURCE_TO_ORGANIZATION, switching off REMOVE_DATA_SOURCE_FROM_ORGANIZATION.',
    params: dataSourceParamsSchema, body: organizationDataSourceUpdateSchema, response: organizationDataSourceSchema, permission: 'READ_DATA_SOURCE',
  }, async (ctx) => {
    const user = requireUser(ctx);
    const db = dataSourceDb(ctx.app.storage);
    const before = await dataSourceFor(db, user.organization_id, ctx.params.id);
    return changeForOrganization(db, ctx.request, user, before, DATA_SOURCE_MESSAGES.notFound, ctx.body);
  });

  r.put(DATA_VENDOR_PATH, {
    summary: "The spec's data vendor toggle: switch the vendor `data_vender` (a source key) on or off for the caller's organisation",
    description: 'Same rules as the data source switch: on needs ADD_DATA_SOURCE_TO_ORGANIZATION, off REMOVE_DATA_SOURCE_FROM_ORGANIZATION.',
    body: dataVendorToggleSchema, response: dataVendorToggleSchema, permission: 'READ_DATA_SOURCE',
  }, async (ctx) => {
    const user = requireUser(ctx);
    const db = dataSourceDb(ctx.app.storage);
    const before = await dataSourceBySource(db, user.organization_id, ctx.body.data_vender);
    const after = await changeForOrganization(db, ctx.request, user, before, DATA_SOURCE_MESSAGES.vendorNotFound, { enabled: ctx.body.enable });
    return { data_vender: after.source, enable: after.enabled };
  });

  r.patch(`${DATA_SOURCES_PATH}/:id`, {
    summary: 'Change a data source for the whole installation: available (enabled), default record_limit, collector settings (global admins)',
    params: dataSourceParamsSchema, body: dataSourceUpdateSchema, response: dataSourceSchema, permission: 'READ_DATA_SOURCE',
  }, async (ctx) => {
    const user = requireUser(ctx);
    // The catalogue serves every organisation: only global admins change it.
    if (!user.is_global_admin) throw forbidden();
    const db = dataSourceDb(ctx.app.storage);
    const row = await db.selectFrom('posts_data_sources').selectAll().where('id', '=', ctx.params.id).executeTakeFirst();
    if (!row) throw notFound(DATA_SOURCE_MESSAGES.notFound);
    if (row.editable !== 1) throw forbidden(DATA_SOURCE_MESSAGES.notEditable);
    const changes: Partial<PostsDataSourceRow> = { updated_at: nowIso() };
    if (ctx.body.record_limit !== undefined) changes.record_limit = ctx.body.record_limit;
    if (ctx.body.enabled !== undefined) changes.enabled = ctx.body.enabled ? 1 : 0;
    if (ctx.body.settings !== undefined) changes.settings = JSON.stringify(ctx.body.settings);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('posts_data_sources').set(changes).where('id', '=', row.id).execute();
      await writeAudit(auditDb(trx), ctx.request, {
        event: 'data_source_updated', organizationId: user.organization_id, userId: user.id, email: user.email,
        // Settings may hold feed lists or user agents, never secrets, but keep the entry small: only which keys changed.
        detail: {
          data_source_id: row.id, name: row.name, scope: 'installation', enabled: ctx.body.enabled, record_limit: ctx.body.record_limit,
          settings_keys: ctx.body.settings ? Object.keys(ctx.body.settings) : undefined,
        },
      });
    });
    return toDataSource({ ...row, ...changes });
  });
}
