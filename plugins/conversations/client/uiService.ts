import { serviceKey } from '@core/shared/services/registry';

/** What the palette commands ask of the conversations UI; registered by the picker while it is mounted. */
export interface ConversationsUi {
  openCreateConversation(projectName: string | null): void;
  openQuickPick(kind: 'project' | 'conversation'): void;
  /** true when the conversation may be re-run now, else why not. */
  rerunState(conversationId: string): true | string;
  rerun(conversationId: string): void;
}

export const conversationsUiKey = serviceKey<ConversationsUi>('conversations.ui');
