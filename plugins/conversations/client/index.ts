import { defineClientPlugin } from '@core/client/plugin/contract';
import { apiKey } from '@core/client/services/keys';
import { manifest } from '../manifest';
import { keys, requestRerun, serverMessage } from './api';
import { conversationCommands } from './commands';
import { LifecycleRegistry, lifecyclesKey } from './lifecycleRegistry';
import { conversationsUiKey } from './uiService';

export default defineClientPlugin({
  manifest,
  slots: {
    picker: () => import('./picker/Picker'),
    dashboardHome: () => import('./home/DashboardHomeCards'),
    conversationHeader: () => import('./header/ConversationHeader'),
  },
  commands: conversationCommands,
  organizationPages: { queryAudit: () => import('./queryAudit/QueryAuditPage') },
  // conversations.ui is registered by the picker while it is mounted; core.api arrives after activate, hence `has`.
  services: { provides: [lifecyclesKey, conversationsUiKey], optional: [apiKey] },
  activate(services) {
    // One lifecycle actor per conversation for the whole app, shared by the picker, the cards and the header.
    const registry = new LifecycleRegistry({
      requestRerun: async (conversation) => {
        try {
          return await requestRerun(conversation.id);
        } catch (error) {
          throw new Error(serverMessage(error));
        }
      },
      onSettled: () => {
        if (services.has(apiKey)) void services.get(apiKey).queryClient.invalidateQueries({ queryKey: keys.all });
      },
    });
    return [services.provide(lifecyclesKey, registry), () => registry.clear()];
  },
});
