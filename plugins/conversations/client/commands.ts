import type { CommandContext, CommandDefinition } from '@core/client/plugin/contract';
import { conversationsUiKey } from './uiService';

const CATEGORY = 'Conversations';
const hasUi = (ctx: CommandContext) => ctx.services.has(conversationsUiKey);
const ui = (ctx: CommandContext) => ctx.services.get(conversationsUiKey);

/** Palette commands of the plugin (available wherever the picker is: the dashboard, projects, conversations). */
export const conversationCommands: CommandDefinition[] = [
  {
    id: 'conversations.goToProject',
    title: 'Go to project…',
    category: CATEGORY,
    keywords: ['open project', 'switch project', 'projects', 'find project'],
    when: hasUi,
    run: (ctx) => ui(ctx).openQuickPick('project'),
  },
  {
    id: 'conversations.goToConversation',
    title: 'Go to conversation…',
    category: CATEGORY,
    keywords: ['open conversation', 'switch conversation', 'find conversation', 'search conversations by name'],
    when: hasUi,
    run: (ctx) => ui(ctx).openQuickPick('conversation'),
  },
  {
    id: 'conversations.create',
    title: 'Create conversation',
    category: CATEGORY,
    keywords: ['new conversation', 'add conversation', 'query', 'boolean search'],
    when: hasUi,
    run: (ctx) => ui(ctx).openCreateConversation(ctx.projectName),
  },
  {
    id: 'conversations.rerun',
    title: 'Re-run conversation',
    category: CATEGORY,
    keywords: ['rerun', 'refresh', 'run again', 'recollect'],
    when: (ctx) => ctx.conversationId !== null && hasUi(ctx),
    enabled: (ctx) => ui(ctx).rerunState(ctx.conversationId!),
    run: (ctx) => ui(ctx).rerun(ctx.conversationId!),
  },
];
