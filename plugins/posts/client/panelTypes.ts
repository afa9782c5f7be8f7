/** Panel types of the posts plugin (permanent ids, `posts.<camelName>`). */
export const RAW_DATA_PANEL = 'posts.rawData';
export const FILTERS_PANEL = 'posts.filters';
export const POSTS_OVER_TIME_PANEL = 'posts.postsOverTime';
export const PLATFORM_BREAKDOWN_PANEL = 'posts.platformBreakdown';
export const ENGAGEMENT_BY_PLATFORM_PANEL = 'posts.engagementByPlatform';
export const TOP_DOMAINS_PANEL = 'posts.topDomains';
export const SENTIMENT_THREATS_PANEL = 'posts.sentimentThreats';
export const NOTABLE_POSTS_PANEL = 'posts.notablePosts';
export const REPEATED_TEXTS_PANEL = 'posts.repeatedTexts';
export const NARRATIVE_PAIR_PANEL = 'posts.narrativePair';
