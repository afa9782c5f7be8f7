import { defineClientPlugin } from '@core/client/plugin/contract';
import { selectionKey } from '@core/client/services/keys';
import { postKind } from '@core/client/selection/kinds';
import { lazyPopup } from '@core/client/selection/lazyPopup';
import { manifest } from '../manifest';
import { postsAdminCommands, postsAdminPages } from './admin';
import { dimensionCommands, postsCommands } from './commands';
import { commandsServiceKey } from '@core/client/commands/commandService';
import { ExplorerState, explorerStateKey } from './explorerState';
import { postsPanels } from './panels';

/** The posts explorer in the browser: see README.md (panels, commands, keybindings). Add pages and panels as list entries. */
export default defineClientPlugin({
  manifest,
  panels: [
    ...postsPanels,
  ],
  commands: [
    ...postsCommands,
    ...postsAdminCommands,
  ],
  organizationPages: postsAdminPages,
  services: { provides: [explorerStateKey] },
  activate(services) {
    return [
      services.provide(explorerStateKey, new ExplorerState()),
      services.get(commandsServiceKey).register(dimensionCommands()),
      // Any panel or plugin opens a post with selection.openPopup(postKind, { postId }); this draws it.
      services.get(selectionKey).registerPopup(postKind, lazyPopup(() => import('./popup/renderer').then((m) => m.PostPopupRenderer))),
    ];
  },
});
