import { defineClientPlugin } from '@core/client/plugin/contract';
import { manifest } from '../manifest';
import { postsAdminCommands, postsAdminPages } from './admin';
import { postsCommands } from './commands';
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
  activate(services) {
    return [services.provide(explorerStateKey, new ExplorerState())];
  },
});
