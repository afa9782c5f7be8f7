import type { ServiceRegistry } from '@core/shared/services/registry';
import type { Storage } from '@core/server/storage/database';
import type { ThemeMetrics } from '../shared/service';
import { THEME_ORDER } from '../shared/themes';
import { assess } from './assessment';
import { emergingNarratives } from './emergingNarratives';
import { conversationRuns } from './runs';
import { dbOf } from './tables';

/** The theme metric service (shared/service.ts): the assessment's volumes, every theme, without posts or summaries. */
export function createThemeMetrics(storage: Storage, services: ServiceRegistry): ThemeMetrics {
  return {
    async volumes(organizationId, conversationId, range = 'LAST_DAY') {
      const db = dbOf(storage);
      const result = await assess(db, await conversationRuns(db, services, organizationId, conversationId), THEME_ORDER, range);
      return result.themes.map((a) => ({
        theme: a.theme_name as (typeof THEME_ORDER)[number], volume_raw: a.volume_raw, volume_percentage: a.volume_percentage,
        volume_raw_date_range: a.volume_raw_date_range, total_posts_date_range: a.total_posts_date_range, emerging: a.emerging,
      }));
    },
    async emergingNarratives(organizationId, conversationId) {
      const db = dbOf(storage);
      return emergingNarratives(db, await conversationRuns(db, services, organizationId, conversationId));
    },
  };
}
