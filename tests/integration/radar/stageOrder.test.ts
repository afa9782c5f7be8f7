import { describe, expect, it } from 'vitest';
import { orderStages } from '@core/server/pipeline/stages';
import { serverPlugins } from '@plugins/index.server';
import { COLLECT_STAGE_ID } from '@plugins/posts/shared/public';
import { NARRATIVES_STAGE_ID } from '@plugins/topics/shared/public';
import { RADAR_STAGE_ID } from '@plugins/radar/shared/api';

/**
 * The topics stage reads each post's Topic Radar theme (the nrms_theme facet) as a category hint, so radar.themes
 * must have run before it. Its dependsOn does not name radar.themes (Topic Radar is optional); the pipeline's order
 * (by DAG step, then dependencies) is what puts it first.
 */
describe('stage order', () => {
  it('runs radar.themes after the posts are collected and before the topics stage reads its themes', () => {
    const ids = orderStages(serverPlugins.flatMap((p) => p.stages ?? [])).map((s) => s.id);
    expect(ids.indexOf(RADAR_STAGE_ID)).toBeGreaterThan(ids.indexOf(COLLECT_STAGE_ID));
    expect(ids.indexOf(RADAR_STAGE_ID)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(RADAR_STAGE_ID)).toBeLessThan(ids.indexOf(NARRATIVES_STAGE_ID));
  });
});
