import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { registerTestDimensions } from '@core/shared/filters/testing/dimensions';
import { createPostFacetRegistry } from './registry';

// As a server does: the plugins' dimensions are declared before their facets register.
// Released after the file: the registry is process-wide and files of the server project share a process.
afterAll(registerTestDimensions());

const values = () => sql<{ post_id: number; value: string }>`select 1 as post_id, 'x' as value`;

describe('post facet registry', () => {
  it('answers each dimension and sort key from the provider that registered it, until disposed', () => {
    const registry = createPostFacetRegistry();
    const dispose = registry.register({ owner: 'enrichment', facets: { sentiments: values }, sortKeys: { threats_of_violence: () => sql`1` } });
    expect(registry.facet('sentiments')).toBe(values);
    expect(registry.facet('narratives')).toBeUndefined();
    expect(registry.sortKey('threats_of_violence')).toBeTypeOf('function');
    dispose();
    expect(registry.facet('sentiments')).toBeUndefined();
    expect(registry.providers()).toEqual([]);
  });

  it('refuses a second provider for the same dimension or sort key, naming both plugins', () => {
    const registry = createPostFacetRegistry();
    registry.register({ owner: 'enrichment', facets: { sentiments: values }, sortKeys: { engagement: () => sql`1` } });
    expect(() => registry.register({ owner: 'other', facets: { sentiments: values } }))
      .toThrow("Facet 'sentiments' is already provided by 'enrichment' (refused for 'other')");
    expect(() => registry.register({ owner: 'other', facets: {}, sortKeys: { engagement: () => sql`2` } }))
      .toThrow("Sort key 'engagement' is already provided by 'enrichment' (refused for 'other')");
    expect(registry.providers().map((p) => p.owner)).toEqual(['enrichment']);
  });

  it('refuses a facet for a dimension nobody declared', () => {
    const registry = createPostFacetRegistry();
    expect(() => registry.register({ owner: 'radar', facets: { radar_theme: values } }))
      .toThrow("Facet 'radar_theme' of 'radar' answers no declared filter dimension: add it to the plugin's dimensions");
    expect(registry.providers()).toEqual([]);
  });
});
