import { defineManifest } from '@core/shared/plugin/manifest';

export const manifest = defineManifest({
  id: 'radar',
  title: 'Topic Radar',
  version: 1,
  description: 'Topic Radar: theme classification of posts (nine narrative risk themes, en/es/zh), the narrative risk assessment per theme and conversation, the nrms_theme filter.',
  apiPrefixes: ['/api/v2/radar'],
});
