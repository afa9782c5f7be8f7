import { defineDimension } from './dimensions';

/** The post store's own dimensions: every post has them, whatever plugins are installed. */
export const CORE_DIMENSIONS = [
  defineDimension({ name: 'platforms', kind: 'list', countKey: 'platform', owner: 'core', label: 'Platform', order: 10 }),
  defineDimension({ name: 'domains', kind: 'list', countKey: 'domain', owner: 'core', label: 'Domain', order: 50 }),
  defineDimension({ name: 'is_niche', kind: 'boolean', countKey: 'is_niche', owner: 'core', label: 'Niche platform', order: 80 }),
  defineDimension({ name: 'is_repost', kind: 'boolean', countKey: 'is_repost', owner: 'core', label: 'Repost', order: 90 }),
  defineDimension({ name: 'is_reply', kind: 'boolean', countKey: 'is_reply', owner: 'core', label: 'Reply', order: 100 }),
  defineDimension({ name: 'is_quote', kind: 'boolean', countKey: 'is_quote', owner: 'core', label: 'Quote', order: 110 }),
] as const;
