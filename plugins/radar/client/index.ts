import { z } from 'zod';
import { defineClientPlugin, definePanel } from '@core/client/plugin/contract';
import { manifest } from '../manifest';
import { RADAR_DIMENSIONS } from '../shared/dimensions';
import { RISK_RADAR_PANEL, radarCommands } from './commands';

export const riskRadarPanel = definePanel({
  type: RISK_RADAR_PANEL,
  title: 'Risk Radar',
  description: "Topic Radar theme cards of the conversation; a card opens the explorer's posts of its theme",
  needsConversation: true,
  config: { schema: z.object({}), defaults: {}, version: 1 },
  load: () => import('./RiskRadarPanel'),
});

export default defineClientPlugin({
  manifest,
  dimensions: RADAR_DIMENSIONS,
  panels: [riskRadarPanel],
  commands: radarCommands,
  // Before the conversations plugin in plugins/index.client.ts: the home shows Topic Radar when the organisation
  // enabled it and hands over to the next plugin's home (the Platform Intelligence list) otherwise.
  slots: { dashboardHome: () => import('./HomeSlot') },
});
