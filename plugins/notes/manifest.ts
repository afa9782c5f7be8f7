import { defineManifest } from '@core/shared/plugin/manifest';

export const manifest = defineManifest({
  id: 'notes',
  title: 'Analyst notes',
  version: 1,
  description: "Free-text notes an analyst keeps with a conversation, shared with the organisation's analysts.",
  apiPrefixes: ['/api/v2/notes'],
});
