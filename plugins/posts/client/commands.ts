import type { CommandContext, CommandDefinition } from '@core/client/plugin/contract';
import { apiMutate } from '@core/client/api/client';
import { apiKey, filtersKey, notificationsKey } from '@core/client/services/keys';
import { workspaceServiceKey } from '@core/client/workspace/workspaceService';
import { preferenceSchema, type Preference } from '@core/shared/access/api';
import { emptyFilters } from '@core/shared/filters';
import { PAGE_SIZE_OPTIONS, type ExportFormat } from '../shared/explorerApi';
import { downloadExport, keys } from './api';
import { explorerStateKey } from './explorerState';
import { DIMENSION_LABELS, DIMENSION_ORDER, dimensionCommandName, isBoolean, type Dimension } from './filters/dimensions';
import { FILTERS_PANEL, RAW_DATA_PANEL } from './panelTypes';

const CATEGORY = 'Posts';
const inConversation = (ctx: CommandContext) => ctx.conversationId !== null;
const state = (ctx: CommandContext) => ctx.services.get(explorerStateKey);
const currentFilters = (ctx: CommandContext) => (ctx.services.has(filtersKey) ? ctx.services.get(filtersKey).get() : emptyFilters());
const notify = (ctx: CommandContext, message: string, intent: 'success' | 'error' | 'warning' | 'info') => {
  if (ctx.services.has(notificationsKey)) ctx.services.get(notificationsKey).notify(message, intent);
};
const openPanel = (ctx: CommandContext, type: string) => {
  if (ctx.services.has(workspaceServiceKey)) ctx.services.get(workspaceServiceKey).openPanel(type);
};

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
      } catch (error) {
        notify(ctx, (error as Error).message, 'error');
      }
    },
  };
}

/** List dimensions: open the filters panel on that dimension. Booleans: unset → Yes → No → unset. */
function dimensionCommand(dimension: Dimension): CommandDefinition {
  const label = DIMENSION_LABELS[dimension];
  return {
    id: `posts.toggle${dimensionCommandName(dimension)}Filter`,
    title: isBoolean(dimension) ? `Toggle filter: ${label} (any → yes → no)` : `Filter by ${label}`,
    category: 'Filters',
    keywords: ['filter', label.toLowerCase(), dimension],
    when: inConversation,
    run: (ctx) => {
      if (isBoolean(dimension)) {
        const filters = currentFilters(ctx);
        const next = filters[dimension] === null ? true : filters[dimension] === true ? false : null;
        ctx.services.get(filtersKey).set({ ...filters, [dimension]: next });
        return;
      }
      openPanel(ctx, FILTERS_PANEL);
      state(ctx).requestDimension(dimension);
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
  {
    id: 'posts.focusSearch',
    title: 'Search posts',
    category: CATEGORY,
    keywords: ['find', 'search', 'global search', 'raw data'],
    keybinding: 'mod+alt+f',
    when: inConversation,
    run: (ctx) => {
      openPanel(ctx, RAW_DATA_PANEL);
      state(ctx).requestSearchFocus();
    },
  },
  {
    id: 'posts.closePost',
    title: 'Close the post window',
    category: CATEGORY,
    keywords: ['popup', 'post'],
    when: (ctx) => inConversation(ctx) && ctx.services.has(explorerStateKey) && state(ctx).get().popupPostId !== null,
    run: (ctx) => state(ctx).openPost(null),
  },
  ...DIMENSION_ORDER.map(dimensionCommand),
  ...PAGE_SIZE_OPTIONS.map(pageSizeCommand),
];
