import { describe, expect, it } from 'vitest';
import { ENRICHMENT_STAGES as SERVER_STAGES, RUN_TYPES as SERVER_RUN_TYPES } from '@core/server/pipeline/stages';
import { ENRICHMENT_STAGES, RUN_TYPES } from '../shared/api';

describe('the shared lists agree with the pipeline', () => {
  it('has the same enrichment stages and run types as core/server/pipeline', () => {
    expect([...ENRICHMENT_STAGES]).toEqual([...SERVER_STAGES]);
    expect([...RUN_TYPES]).toEqual([...SERVER_RUN_TYPES]);
  });
});
