import { z } from 'zod';
import { defineCommand, type CommandContext } from '@core/client/plugin/contract';
import { handOver, whenHandled } from '@core/client/commands/panelHandlers';
import { accountKind, domainKind } from '@core/client/selection/kinds';
import { navigationKey, selectionKey } from '@core/client/services/keys';
import { workspaceServiceKey } from '@core/client/workspace/workspaceService';
import { insightDialogKind } from './kinds';

const CATEGORY = 'Insights';
export const REVIEW_QUEUE_PANEL = 'insights.reviewQueue';
export const REVIEW_QUEUE_PAGE = '/myOrganization/insights';

/**
 * Default keys: Ctrl+Alt (Cmd+Option on a Mac) with a letter nothing else binds (core: \ p x h enter k; posts: e f)
 * and no browser or OS takes (Cmd+Option+I/J/U open developer tools, Cmd+Option+D hides the Dock).
 */
export const INSIGHT_KEYBINDINGS = {
  addOnAccount: 'mod+alt+a',
  addOnDomain: 'mod+alt+o',
  openQueue: 'mod+alt+q',
  approveNext: 'mod+alt+y',
  declineNext: 'mod+alt+n',
} as const;

export const addOnAccountCommand = defineCommand({
  id: 'insights.addOnAccount',
  title: 'Add insight on selected account',
  category: CATEGORY,
  keywords: ['analyst insight', 'new', 'profile', 'actor'],
  keybinding: INSIGHT_KEYBINDINGS.addOnAccount,
  when: "conversationId && selectionKind == 'account'",
  args: z.object({ rid: z.string().min(1).optional() }).default({}),
  run: (ctx, { rid }) => {
    const selection = ctx.services.get(selectionKey);
    const account = rid ?? selection.selected(accountKind)?.rid;
    if (!account) return;
    // The dialog looks up the account's platform, handle and link in the conversation to fill them in.
    selection.openPopup(insightDialogKind, { mode: 'add', initial: { type: 'account', analyzable_id: account }, accountRid: account });
  },
});

export const addOnDomainCommand = defineCommand({
  id: 'insights.addOnDomain',
  title: 'Add insight on selected domain',
  category: CATEGORY,
  keywords: ['analyst insight', 'new', 'outlet', 'website', 'fqdn'],
  keybinding: INSIGHT_KEYBINDINGS.addOnDomain,
  when: "conversationId && selectionKind == 'domain'",
  args: z.object({ domain: z.string().min(1).optional() }).default({}),
  run: (ctx, { domain }) => {
    const selection = ctx.services.get(selectionKey);
    const fqdn = domain ?? selection.selected(domainKind)?.domain;
    if (fqdn) selection.openPopup(insightDialogKind, { mode: 'add', initial: { type: 'domain', fqdn } });
  },
});

/** In a workspace: the review queue pane (opened if needed) takes focus; elsewhere: the management page. */
export const openQueueCommand = defineCommand({
  id: 'insights.openQueue',
  title: 'Open insight review queue',
  category: CATEGORY,
  keywords: ['review', 'pending', 'approve', 'decline'],
  keybinding: INSIGHT_KEYBINDINGS.openQueue,
  run: async (ctx: CommandContext) => {
    if (ctx.services.has(workspaceServiceKey)) return handOver(ctx, 'insights.openQueue', undefined, { openPanel: REVIEW_QUEUE_PANEL });
    if (ctx.services.has(navigationKey)) ctx.services.get(navigationKey).navigate(REVIEW_QUEUE_PAGE);
  },
});

const NO_FOCUSED_PENDING = 'Focus a pending insight in the review queue first';

/** Carried out by the review queue (pane or page) on its focused row; disabled until a pending row has focus. */
const reviewNextCommand = (id: 'insights.approveNext' | 'insights.declineNext', title: string, keywords: string[], keybinding: string) =>
  defineCommand({
    id, title, category: CATEGORY, keywords, keybinding,
    enabled: whenHandled(id, NO_FOCUSED_PENDING),
    run: (ctx) => handOver(ctx, id, undefined),
  });

export const approveNextCommand = reviewNextCommand('insights.approveNext', 'Approve focused insight and go to next',
  ['review', 'accept', 'confirm'], INSIGHT_KEYBINDINGS.approveNext);
export const declineNextCommand = reviewNextCommand('insights.declineNext', 'Decline focused insight and go to next',
  ['review', 'reject', 'refuse'], INSIGHT_KEYBINDINGS.declineNext);

export const insightCommands = [addOnAccountCommand, addOnDomainCommand, openQueueCommand, approveNextCommand, declineNextCommand];
