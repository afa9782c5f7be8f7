import crypto from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import { z } from 'zod';
import {
  createOrganizationBodySchema, idParamsSchema, organizationSchema, ssoConfigBodySchema, ssoConfigSchema, updateOrganizationBodySchema,
  type Organization,
} from '@core/shared/access/api';
import { ADMIN_GROUP } from '@core/shared/access/permissions';
import { AUTH_MESSAGES } from '@core/shared/api/cookies';
import type { CoreTables } from '../storage/tables';
import type { ServerContext } from '../plugin/context';
import { organizationDataSourcesKey } from '../pipeline/collectors';
import { HttpError } from '../http/errors';
import { requireUser, type RouteRegistrar } from '../http/routes';
import { nowIso, toBool } from '../storage/database';
import { accessKey } from './access';
import { writeAudit } from './audit';
import type { SessionUser } from './sessionUser';
import { SSO_CALLBACK_PATH } from './sso';
import { requireGlobalAdmin } from './users';

interface OrgSettings {
  features?: string[];
  themes?: string[];
  [key: string]: unknown;
}

async function organizationDtos(app: ServerContext, rows: Array<Selectable<CoreTables['core_organizations']>>): Promise<Organization[]> {
  if (!rows.length) return [];
  const db = app.storage.db;
  const groups = await db.selectFrom('core_groups').select(['id', 'organization_id']).where('organization_id', 'in', rows.map((r) => r.id)).orderBy('name').execute();
  // The data sources each organisation's runs use, from the plugin that manages data sources (none without one).
  const sources = app.services.has(organizationDataSourcesKey) ? app.services.get(organizationDataSourcesKey) : null;
  const sourceIds = new Map(await Promise.all(rows.map(async (r) => [r.id, sources ? await sources.enabledIds(r.id) : []] as const)));
  return rows.map((r) => {
    const settings = JSON.parse(r.settings) as OrgSettings;
    return {
      id: r.id,
      name: r.name,
      group_ids: groups.filter((g) => g.organization_id === r.id).map((g) => g.id),
      data_source_ids: sourceIds.get(r.id) ?? [],
      enable_sso: toBool(r.enable_sso),
      cognito_idp_name: r.cognito_idp_name,
      themes: settings.themes ?? [],
      features: settings.features ?? [],
      created_at: r.created_at,
    };
  });
}

/** Global admins see every organisation; everyone else only their own, and others' ids answer 404. */
async function visibleOrganization(db: Kysely<CoreTables>, user: SessionUser, id: string) {
  if (!user.is_global_admin && id !== user.home_organization_id) throw new HttpError(404, 'Organization not found');
  const row = await db.selectFrom('core_organizations').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new HttpError(404, 'Organization not found');
  return row;
}

/** Changing an organisation: global admins any, organisation admins (UPDATE_ORGANIZATION) their own. */
async function editableOrganization(db: Kysely<CoreTables>, user: SessionUser, id: string) {
  const row = await visibleOrganization(db, user, id);
  if (!user.is_global_admin && !(user.is_org_admin && user.permissions.includes('UPDATE_ORGANIZATION'))) {
    throw new HttpError(403, AUTH_MESSAGES.forbidden);
  }
  return row;
}

const duplicateOrganization = () => new HttpError(409, 'An organization with that name already exists');

/** Organisations (spec part 1 sections 3 and 7) and their single-sign-on settings. */
export function registerOrganizationRoutes(r: RouteRegistrar): void {
  r.get('/api/v2/organization', {
    summary: 'Organisations: all for global admins (sorted by name), otherwise only the user\'s own',
    response: z.array(organizationSchema),
  }, async (ctx) => {
    const user = requireUser(ctx);
    const db = ctx.app.storage.db;
    let q = db.selectFrom('core_organizations').selectAll().orderBy('name');
    if (!user.is_global_admin) q = q.where('id', '=', user.home_organization_id);
    return organizationDtos(ctx.app, await q.execute());
  });

  r.get('/api/v2/organization/:id', {
    summary: 'One organisation',
    params: idParamsSchema,
    response: organizationSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    const row = await visibleOrganization(ctx.app.storage.db, user, ctx.params.id);
    return (await organizationDtos(ctx.app, [row]))[0]!;
  });

  r.post('/api/v2/organization', {
    summary: 'Create an organisation (global admins), with its Admin group',
    permission: 'CREATE_ORGANIZATION',
    body: createOrganizationBodySchema,
    response: organizationSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    requireGlobalAdmin(user);
    const { body, app, request } = ctx;
    const db = app.storage.db;
    if (await db.selectFrom('core_organizations').select('id').where('name', '=', body.name).executeTakeFirst()) throw duplicateOrganization();
    const id = crypto.randomUUID();
    const now = nowIso();
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('core_organizations').values({
        id, name: body.name, settings: JSON.stringify({ features: body.features, themes: body.themes }), created_at: now,
        enable_sso: body.enable_sso ? 1 : 0, cognito_idp_name: body.cognito_idp_name,
      }).execute();
      await trx.insertInto('core_groups').values({ id: crypto.randomUUID(), name: ADMIN_GROUP, organization_id: id, created_at: now }).execute();
      await writeAudit(trx, request, { event: 'organization_created', organizationId: id, userId: user.id, email: user.email, detail: { name: body.name } });
    });
    const row = await db.selectFrom('core_organizations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return (await organizationDtos(ctx.app, [row]))[0]!;
  });

  r.put('/api/v2/organization/:id', {
    summary: 'Edit an organisation: name, SSO switch and provider name, Topic Radar themes, feature flags (global admins)',
    params: idParamsSchema,
    body: updateOrganizationBodySchema,
    response: organizationSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    const { body, app, request } = ctx;
    const db = app.storage.db;
    const row = await editableOrganization(db, user, ctx.params.id);
    const settings = JSON.parse(row.settings) as OrgSettings;
    if (body.features !== undefined && !user.is_global_admin) throw new HttpError(403, 'Only global admins may change feature flags');
    if (body.name !== undefined && body.name !== row.name) {
      if (await db.selectFrom('core_organizations').select('id').where('name', '=', body.name).executeTakeFirst()) throw duplicateOrganization();
    }
    const next: OrgSettings = {
      ...settings,
      ...(body.features !== undefined ? { features: body.features } : {}),
      ...(body.themes !== undefined ? { themes: body.themes } : {}),
    };
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('core_organizations').set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.enable_sso !== undefined ? { enable_sso: body.enable_sso ? 1 : 0 } : {}),
        ...(body.cognito_idp_name !== undefined ? { cognito_idp_name: body.cognito_idp_name } : {}),
        settings: JSON.stringify(next),
      }).where('id', '=', row.id).execute();
      await writeAudit(trx, request, { event: 'organization_updated', organizationId: row.id, userId: user.id, email: user.email, detail: { fields: Object.keys(body) } });
    });
    app.services.get(accessKey).sso.forget(row.id);
    const updated = await db.selectFrom('core_organizations').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    return (await organizationDtos(ctx.app, [updated]))[0]!;
  });

  const ssoAnswer = (row: CoreTables['core_sso_configs'] | undefined, redirectUri: string) => ({
    issuer: row?.issuer ?? null,
    client_id: row?.client_id ?? null,
    has_client_secret: !!row?.client_secret,
    client_secret_env: row?.client_secret_env ?? null,
    email_domains: row ? (JSON.parse(row.email_domains) as string[]) : [],
    redirect_uri: redirectUri,
  });

  r.get('/api/v2/organization/:id/sso', {
    summary: 'The organisation\'s OpenID Connect settings (the client secret is never answered)',
    params: idParamsSchema,
    response: ssoConfigSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    const row = await editableOrganization(ctx.app.storage.db, user, ctx.params.id);
    const config = await ctx.app.storage.db.selectFrom('core_sso_configs').selectAll().where('organization_id', '=', row.id).executeTakeFirst();
    return ssoAnswer(config, ctx.app.services.get(accessKey).sso.redirectUri(ctx.request));
  });

  r.put('/api/v2/organization/:id/sso', {
    summary: 'Set the organisation\'s OpenID Connect provider, client and e-mail domains',
    description: `Register ${SSO_CALLBACK_PATH} on the public URL as the redirect URI at the provider. A domain belongs to one organisation.`,
    params: idParamsSchema,
    body: ssoConfigBodySchema,
    response: ssoConfigSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    const { body, app, request } = ctx;
    const db = app.storage.db;
    const access = app.services.get(accessKey);
    const org = await editableOrganization(db, user, ctx.params.id);
    const others = await db.selectFrom('core_sso_configs').select(['organization_id', 'email_domains']).where('organization_id', '!=', org.id).execute();
    const taken = body.email_domains.filter((d) => others.some((o) => (JSON.parse(o.email_domains) as string[]).includes(d)));
    if (taken.length) throw new HttpError(409, `Another organization already signs in ${taken.join(', ')}`);
    // Claiming a domain sends every password sign-in of its addresses to this organisation's provider: never the
    // domain of another organisation's users (they would be locked out and sent to a provider they do not know).
    const peopled = await domainsWithUsersElsewhere(db, org.id, body.email_domains);
    if (peopled.length) throw new HttpError(409, `Users of another organization sign in with addresses at ${peopled.join(', ')}`);
    const existing = await db.selectFrom('core_sso_configs').selectAll().where('organization_id', '=', org.id).executeTakeFirst();
    const secret = body.client_secret === undefined ? existing?.client_secret ?? null : body.client_secret === null ? null : access.box.seal(body.client_secret);
    const values = {
      organization_id: org.id, issuer: body.issuer, client_id: body.client_id, client_secret: secret,
      client_secret_env: body.client_secret_env === undefined ? existing?.client_secret_env ?? null : body.client_secret_env,
      email_domains: JSON.stringify([...new Set(body.email_domains)]), updated_at: nowIso(),
    };
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('core_sso_configs').values(values)
        .onConflict((oc) => oc.column('organization_id').doUpdateSet({ ...values }))
        .execute();
      await writeAudit(trx, request, {
        event: 'sso_config_changed', organizationId: org.id, userId: user.id, email: user.email,
        detail: { issuer: body.issuer, client_id: body.client_id, email_domains: body.email_domains, secret_changed: body.client_secret !== undefined },
      });
    });
    access.sso.forget(org.id);
    return ssoAnswer({ ...values }, access.sso.redirectUri(request));
  });
}

/** Which of `domains` are the e-mail domains of users of another organisation than `organizationId`. */
async function domainsWithUsersElsewhere(db: Kysely<CoreTables>, organizationId: string, domains: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const domain of new Set(domains)) {
    // Domains are letters, digits, hyphens and dots (the body's schema): nothing LIKE reads as a wildcard.
    const user = await db.selectFrom('core_users').select('id').where('organization_id', '!=', organizationId)
      .where(sql<string>`lower(email)`, 'like', `%@${domain}`).executeTakeFirst();
    if (user) found.push(domain);
  }
  return found;
}
