/**
 * What other plugins may import from Topic Radar: the themes, the stage id, the assessment schema and the theme
 * metric service (the alerts plugin reads a theme's volume through it), and the conversation notices call (the
 * conversation header shows them).
 */
export { THEME_ORDER, THEME_LABELS, isThemeName, type ThemeName } from './themes';
export { RADAR_STAGE_ID, NARRATIVE_VOLUMES_STAGE_ID, type EmergingNarrative, DATE_RANGES, type DateRange, assessmentSchema, type Assessment, type Emerging } from './api';
export { RADAR_DIMENSIONS } from './dimensions';
export { NOTICES_PATH, noticesSchema, type Notices } from './api';
export { themeMetricsKey, type ThemeMetrics, type ThemeVolume } from './service';
