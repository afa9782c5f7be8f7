import { HttpError } from '@core/server/http/errors';
import { requireUser, type RouteRegistrar } from '@core/server/http/routes';
import { postScopeKey } from '@core/server/postScope';
import { emptyFilters } from '@core/shared/filters';
import { SHARED_MESSAGES } from '@core/shared/messages';
import { domainLabelsKey } from '@plugins/urls/shared/public';
import {
  ASSESSMENTS_PATH, EMERGING_NARRATIVES_PATH, NOTICES_PATH, emergingNarrativesQuerySchema, emergingNarrativesSchema, RADAR_MESSAGES, SETTINGS_PATH, assessmentsQuerySchema, assessmentsSchema, noticesQuerySchema,
  noticesSchema, radarSettingsSchema,
} from '../shared/api';
import { THEME_ORDER } from '../shared/themes';
import { assess } from './assessment';
import { emergingNarratives } from './emergingNarratives';
import { conversationRuns, enabledThemes, organizationRuns } from './runs';
import { dbOf } from './tables';

const THREATS = 'contains_threatening_language';

export function registerRoutes(r: RouteRegistrar): void {
  r.get(SETTINGS_PATH, {
    summary: "The organisation's Topic Radar setting: whether it is on and its enabled themes, in card order",
    description: 'Global admins and organisation admins with UPDATE_ORGANIZATION change the themes with core\'s PUT /api/v2/organization/{id} ' +
      '(themes); Topic Radar is on when one is enabled.',
    response: radarSettingsSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    const themes = await enabledThemes(dbOf(ctx.app.storage), user.organization_id);
    const canEdit = user.is_global_admin || (user.is_org_admin && user.permissions.includes('UPDATE_ORGANIZATION'));
    return { organization_id: user.organization_id, enabled: themes.length > 0, themes, can_edit: canEdit };
  });

  r.get(ASSESSMENTS_PATH, {
    summary: 'Narrative risk assessments (Topic Radar theme data) of a conversation or of the organisation, for a date range',
    description: `With conversation_id: the conversation's latest successful run (its Risk Radar tab); 404 "${SHARED_MESSAGES.conversationNotFound}" ` +
      'for an unknown, foreign or deleted one. Without: every live conversation of the organisation, each post once (the Topic Radar ' +
      'home), 403 unless the organisation enabled Topic Radar. Themes: the organisation\'s enabled ones in the spec\'s order (all nine ' +
      'on a conversation when none is enabled). The window ends with the newest post; date_range is LAST_DAY, LAST_WEEK (default) ' +
      'or LAST_MONTH.',
    query: assessmentsQuerySchema, response: assessmentsSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    const db = dbOf(ctx.app.storage);
    const enabled = await enabledThemes(db, user.organization_id);
    const { conversation_id: conversationId, date_range: range } = ctx.query;
    if (conversationId === undefined) {
      if (enabled.length === 0) throw new HttpError(403, RADAR_MESSAGES.notEnabled);
      return assess(db, await organizationRuns(db, ctx.app.services, user.organization_id), enabled, range);
    }
    const runs = await conversationRuns(db, ctx.app.services, user.organization_id, conversationId);
    return assess(db, runs, enabled.length ? enabled : THEME_ORDER, range);
  });

  r.get(EMERGING_NARRATIVES_PATH, {
    summary: "Emerging narratives: the conversation's narratives (topics) whose share of its posts bursts now, with the evidence",
    description: 'The Kleinberg burst detector of the themes over each topic\'s posts per hour (stage radar.narratives, after the topics ' +
      `stage), in the 30 days ending with the latest successful run's newest post. 404 "${SHARED_MESSAGES.conversationNotFound}" for an unknown, ` +
      'foreign or deleted conversation; no narratives before the run was counted.',
    query: emergingNarrativesQuerySchema, response: emergingNarrativesSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    const db = dbOf(ctx.app.storage);
    const runs = await conversationRuns(db, ctx.app.services, user.organization_id, ctx.query.conversation_id);
    return { conversation_id: ctx.query.conversation_id, narratives: await emergingNarratives(db, runs) };
  });

  r.get(NOTICES_PATH, {
    summary: 'Conversation notices: posts with threatening language, and posts linking state media or government domains',
    description: 'Counts over the latest successful run, no filters. threat_count is null without a threat detector (enrichment); ' +
      'state_media_count and government_count come from the URLs plugin\'s domain list and are null while it is not installed.',
    query: noticesQuerySchema, response: noticesSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    const posts = ctx.app.services.get(postScopeKey);
    const scope = await posts.resolve(user.organization_id, ctx.query.conversation_id);
    const services = ctx.app.services;
    const labels = services.has(domainLabelsKey) ? services.get(domainLabelsKey) : null;
    const threatsKnown = posts.providedDimensions().includes(THREATS);
    if (scope.runId === null) return { threat_count: threatsKnown ? 0 : null, state_media_count: labels ? 0 : null, government_count: labels ? 0 : null };
    const threat_count = threatsKnown ? await posts.select({ ...scope, runId: scope.runId }, { ...emptyFilters(), [THREATS]: true }).count() : null;
    if (!labels) return { threat_count, state_media_count: null, government_count: null };
    const shared = await labels.conversationLabels(user.organization_id, ctx.query.conversation_id);
    const postsOf = (category: string) => shared.filter((d) => d.category === category).reduce((n, d) => n + d.posts, 0);
    return { threat_count, state_media_count: postsOf('state_media'), government_count: postsOf('government') };
  });
}
