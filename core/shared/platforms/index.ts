/** The platform catalogue: see catalogue.ts (platforms, groups, icons, colours), additionalProperties.ts, statistics.ts. */
export * from './catalogue';
export * from './additionalProperties';
export * from './statistics';
