import { defineClientPlugin } from '@core/client/plugin/contract';
import { manifest } from '../manifest';
import { ENRICHMENT_DIMENSIONS } from '../shared/dimensions';

/** Enrichment has no panels of its own: the browser needs its filter dimensions (sentiment, threats, engagement). */
export default defineClientPlugin({
  manifest,
  dimensions: ENRICHMENT_DIMENSIONS,
});
