import { serviceKey } from '@core/shared/services/registry';
import type { CommandRegistry } from './registry';

/**
 * Plugins reach the command registry through this key (the host provides it): `execute(id, args)` runs another
 * plugin's command with arguments, and `handlers` lets commands hand their arguments to a pane.
 */
export const commandsServiceKey = serviceKey<CommandRegistry>('core.commands');
