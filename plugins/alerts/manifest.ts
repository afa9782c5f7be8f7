import { defineManifest } from '@core/shared/plugin/manifest';

export const manifest = defineManifest({
  id: 'alerts',
  title: 'Alerts',
  version: 1,
  description:
    'Conversation metrics (post_count and risk_score per narrative, platform and risk category at each run), alert ' +
    'rules evaluated after every run, fired alerts delivered by e-mail and signed webhook through a durable outbox, ' +
    'in-app notifications and the alert audit.',
  apiPrefixes: ['/api/v2/alerts', '/api/v2/conversations/:id/metrics', '/api/v2/conversations/:id/alerts'],
});
