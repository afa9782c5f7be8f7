import { z } from 'zod';
import { defineCommand, type CommandContext, type CommandDefinition } from '@core/client/plugin/contract';
import { apiMutate } from '@core/client/api/client';
import { commandsServiceKey } from '@core/client/commands/commandService';
import { handOver } from '@core/client/commands/panelHandlers';
import { postKind } from '@core/client/selection/kinds';
import { apiKey, filtersKey, notificationsKey, selectionKey } from '@core/client/services/keys';
import { preferenceSchema, type Preference } from '@core/shared/access/api';
import { emptyFilters, flagOf, isListDimension } from '@core/shared/filters';
import { PAGE_SIZE_OPTIONS, type ExportFormat } from '../shared/explorerApi';
import { downloadExport, keys } from './api';
import { explorerStateKey } from './explorerState';
import { dimensionCommandName, dimensionLabel, dimensionOrder, isBoolean, type Dimension } from './filters/dimensions';
import { FILTERS_PANEL, RAW_DATA_PANEL } from './panelTypes';

const CATEGORY = 'Posts';
const inConversation = (ctx: CommandContext) => ctx.conversationId !== null;
const state = (ctx: CommandContext) => ctx.services.get(explorerStateKey);
const currentFilters = (ctx: CommandContext) => (ctx.services.has(filtersKey) ? ctx.services.get(filtersKey).get() : emptyFilters());
const notify = (ctx: CommandContext, message: string, intent: 'success' | 'error' | 'warning' | 'info') => {
  if (ctx.services.has(notificationsKey)) ctx.services.get(notificationsKey).notify(message, intent);
};

/** Shows the filters panel opened on one list dimension, its header focused. Called by the "Filter by ..." commands. */
export const showFilterCommand = defineCommand({
  id: 'posts.showFilter',
  title: 'Show a filter dimension',
  category: 'Filters',
  when: 'conversationId',
  // No default: the dimension is required, so the palette does not offer this one (it offers "Filter by ...").
  args: z.object({ dimension: z.string().refine(isListDimension, { error: 'not a list filter dimension' }) }),
  run: (ctx, args) => handOver(ctx, 'posts.showFilter', args, { openPanel: FILTERS_PANEL }),
});

/** Shows the raw data table and focuses its search box. */
export const focusSearchCommand = defineCommand({
  id: 'posts.focusSearch',
  title: 'Search posts',
  category: CATEGORY,
  keywords: ['find', 'search', 'global search', 'raw data'],
  keybinding: 'mod+alt+f',
  when: 'conversationId',
  run: (ctx) => handOver(ctx, 'posts.focusSearch', undefined, { openPanel: RAW_DATA_PANEL }),
});

/** Opens a post in the post popup (any plugin may: `execute('posts.openPost', { postId })`). */
export const openPostCommand = defineCommand({
  id: 'posts.openPost',
  title: 'Open a post',
  category: CATEGORY,
  when: 'conversationId',
  args: z.object({ postId: z.union([z.string().min(1), z.number().int().nonnegative().transform(String)]) }),
  run: (ctx, { postId }) => { ctx.services.get(selectionKey).openPopup(postKind, { postId }); },
});

function exportCommand(format: ExportFormat, keybinding?: string): CommandDefinition {
  return {
    id: format === 'csv' ? 'posts.exportCsv' : 'posts.exportJsonl',
    title: `Export raw data as ${format.toUpperCase()}`,
    category: CATEGORY,
    keywords: ['download', 'export', 'raw data', format],
    ...(keybinding ? { keybinding } : {}),
    when: inConversation,
    run: async (ctx) => {
      try {
        await downloadExport(ctx.conversationId!, format, currentFilters(ctx), state(ctx).get().search);
        // A toast is announced by the toaster's live region: the download itself tells a screen reader nothing.
        notify(ctx, `Raw data exported as ${format.toUpperCase()}`, 'success');
      } catch (error) {
        notify(ctx, (error as Error).message, 'error');
      }
    },
  };
}

/** List dimensions: open the filters panel on that dimension. Booleans: unset → Yes → No → unset. */
function dimensionCommand(dimension: Dimension): CommandDefinition {
  const label = dimensionLabel(dimension);
  return {
    id: `posts.toggle${dimensionCommandName(dimension)}Filter`,
    title: isBoolean(dimension) ? `Toggle filter: ${label} (any → yes → no)` : `Filter by ${label}`,
    category: 'Filters',
    keywords: ['filter', label.toLowerCase(), dimension],
    when: inConversation,
    run: (ctx) => {
      if (isBoolean(dimension)) {
        const filters = currentFilters(ctx);
        const flag = flagOf(filters, dimension);
        const next = flag === null ? true : flag === true ? false : null;
        ctx.services.get(filtersKey).set({ ...filters, [dimension]: next });
        return;
      }
      return ctx.services.get(commandsServiceKey).execute(showFilterCommand, { dimension }, ctx);
    },
  };
}

function pageSizeCommand(size: number): CommandDefinition {
  return {
    id: `posts.setPageSize${size}`,
    title: `Show ${size} posts per page`,
    category: CATEGORY,
    keywords: ['page size', 'rows', 'results per page', String(size)],
    when: inConversation,
    enabled: (ctx) => (state(ctx).get().pageSize === size ? `The table already shows ${size} posts per page` : true),
    run: async (ctx) => {
      state(ctx).setPageSize(size);
      try {
        const saved = await apiMutate<Preference>('PUT', '/api/v2/preference/my', {
          body: { raw_data_table_ordering: { results_per_page: size } }, schema: preferenceSchema,
        });
        if (ctx.services.has(apiKey)) ctx.services.get(apiKey).queryClient.setQueryData(keys.preference, saved);
      } catch {
        notify(ctx, 'The page size could not be saved to your preferences', 'warning');
      }
    },
  };
}

/** The posts explorer's palette commands ("Open <panel>" commands are added by core for every panel). */
export const postsCommands: CommandDefinition[] = [
  exportCommand('csv', 'mod+alt+e'),
  exportCommand('jsonl'),
  focusSearchCommand,
  showFilterCommand,
  openPostCommand,
  {
    id: 'posts.closePost',
    title: 'Close the post window',
    category: CATEGORY,
    keywords: ['popup', 'post'],
    when: (ctx) => inConversation(ctx) && ctx.services.has(selectionKey) && ctx.services.get(selectionKey).popup(postKind) !== null,
    run: (ctx) => ctx.services.get(selectionKey).closePopups(postKind),
  },
  ...PAGE_SIZE_OPTIONS.map(pageSizeCommand),
];

/**
 * "Filter by <dimension>" for every registered dimension (core's and every plugin's): registered when the plugin
 * activates, after the host has registered the plugins' dimensions (index.ts).
 */
export const dimensionCommands = (): CommandDefinition[] => dimensionOrder().map(dimensionCommand);
