import { z } from 'zod';
import { defineCommand, type CommandDefinition } from '@core/client/plugin/contract';
import { apiGet, apiMutate } from '@core/client/api/client';
import { apiKey, navigationKey, notificationsKey } from '@core/client/services/keys';
import { DATE_RANGES, DATE_RANGE_LABELS, SETTINGS_PATH, organizationPath, radarSettingsSchema } from '../shared/api';
import { THEME_LABELS, THEME_ORDER } from '../shared/themes';
import { themeExplorerPath } from './drillDown';
import { radarRange } from './rangeStore';
import { themeChooser } from './themeChooserStore';

export const RISK_RADAR_PANEL = 'radar.riskRadar';

/** Topic Radar is the dashboard home when the organisation enabled it. */
export const openTopicRadarCommand = defineCommand({
  id: 'radar.openTopicRadar', title: 'Open Topic Radar', category: 'Topic Radar', keywords: ['themes', 'home', 'nrms'],
  run: (ctx) => ctx.services.get(navigationKey).navigate('/'),
});

/**
 * Turns Topic Radar on for the organisation with all nine themes (core's organisation call: global admins and
 * organisation admins), then shows it on the home page. A caller who may not gets the server's refusal as a toast.
 */
export const enableTopicRadarCommand = defineCommand({
  id: 'radar.enableTopicRadar', title: 'Enable Topic Radar for the organization', category: 'Topic Radar', keywords: ['themes', 'settings', 'nrms'],
  run: async (ctx) => {
    const settings = await apiGet(SETTINGS_PATH, { schema: radarSettingsSchema });
    if (!settings) return;
    try {
      await apiMutate('PUT', organizationPath(settings.organization_id), { body: { themes: [...THEME_ORDER] } });
    } catch (error) {
      ctx.services.get(notificationsKey).notify((error as Error).message, 'error');
      return;
    }
    const { queryClient } = ctx.services.get(apiKey);
    // The picker's Topic Radar link reads the organisation summary of the conversations plugin.
    await Promise.all([queryClient.invalidateQueries({ queryKey: ['radar'] }), queryClient.invalidateQueries({ queryKey: ['conversations'] })]);
    ctx.services.get(notificationsKey).notify('Topic Radar is on for the organization', 'success');
    ctx.services.get(navigationKey).navigate('/');
  },
});

/** Opens the organisation's theme chooser on the home page (admins; the home shows it over whichever view it shows). */
export const chooseThemesCommand = defineCommand({
  id: 'radar.chooseThemes', title: 'Choose Topic Radar themes', category: 'Topic Radar', keywords: ['themes', 'settings', 'organization', 'nrms'],
  run: (ctx) => {
    ctx.services.get(navigationKey).navigate('/');
    themeChooser.set(true);
  },
});

/** Sets the range of the home view and the Risk Radar tab; from the palette (no argument) it moves to the next one. */
export const changeRangeCommand = defineCommand({
  id: 'radar.changeRange', title: 'Change Topic Radar range', category: 'Topic Radar',
  keywords: ['past day', 'past week', 'past month', ...DATE_RANGES.map((r) => DATE_RANGE_LABELS[r].toLowerCase())],
  args: z.object({ range: z.enum(DATE_RANGES).optional() }).default({}),
  run: (_ctx, { range }) => {
    const next = range ?? DATE_RANGES[(DATE_RANGES.indexOf(radarRange.get()) + 1) % DATE_RANGES.length]!;
    radarRange.set(next);
  },
});

/** One command per theme: the conversation's explorer posts filtered to it (`nrms_theme`). */
export const openThemeCommands: CommandDefinition[] = THEME_ORDER.map((theme) => defineCommand({
  id: `radar.open${theme.split('_').map((w) => w[0] + w.slice(1).toLowerCase()).join('')}InExplorer`,
  title: `Open ${THEME_LABELS[theme]} theme in the explorer`, category: 'Topic Radar', keywords: ['theme', 'filter', 'nrms_theme', theme.toLowerCase()],
  when: 'conversationId',
  run: (ctx) => {
    const navigation = ctx.services.get(navigationKey);
    navigation.navigate(themeExplorerPath(navigation.currentPath(), ctx.conversationId!, theme));
  },
}) as CommandDefinition);

export const radarCommands: CommandDefinition[] = [
  openTopicRadarCommand as CommandDefinition, enableTopicRadarCommand as CommandDefinition, chooseThemesCommand as CommandDefinition, changeRangeCommand as CommandDefinition, ...openThemeCommands,
];
