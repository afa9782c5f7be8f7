import { requireUser, type RouteRegistrar } from '@core/server/http/routes';
import { INSIGHT_OPTIONS_PATH, insightOptionsSchema, RISK_CATEGORIES_MAP_PATH, riskCategoriesMapSchema } from '../../shared/api';
import { REGIONS, ROLES, riskCategoriesMapAnswer, SUBCATEGORIES } from '../../shared/vocabulary';
import { countryAndLanguageNames } from '../countries';

/** Spec section 9: the client keeps the risk categories map for an hour. */
const MAP_CACHE = 'private, max-age=3600';

/** The form's choice lists and the risk category map: fixed vocabularies, the same for every organisation. */
export function registerReferenceRoutes(r: RouteRegistrar): void {
  r.get(INSIGHT_OPTIONS_PATH, {
    summary: "The insight form's choices: countries, regions, roles, languages and subcategories",
    description: 'Countries are the English names of the ISO 3166-1 alpha-2 codes, languages of the ISO 639-1 codes; subcategories are those of the risk categories map.',
    response: insightOptionsSchema,
  }, async (ctx) => {
    requireUser(ctx);
    const { countries, languages } = countryAndLanguageNames();
    return { country: countries, region: [...REGIONS], role: [...ROLES], language: languages, subcategory: [...SUBCATEGORIES] };
  });

  r.get(RISK_CATEGORIES_MAP_PATH, {
    summary: 'Risk category -> its subcategories, plus Categories: the category names in display order',
    response: riskCategoriesMapSchema,
  }, async (ctx) => {
    requireUser(ctx);
    ctx.reply.header('Cache-Control', MAP_CACHE);
    return riskCategoriesMapAnswer();
  });
}
