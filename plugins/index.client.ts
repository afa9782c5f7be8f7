import type { ClientPlugin } from '@core/client/plugin/contract';
import conversationsClient from './conversations/client';
import notesClient from './notes/client';

/** The browser half of every plugin, in palette and panel-menu order. One line per plugin. */
export const clientPlugins: ClientPlugin[] = [
  conversationsClient,
  notesClient,
];
