import { serviceKey } from '@core/shared/services/registry';
import type { CommandRegistry } from './registry';

/** Plugins reach the command registry through this key, e.g. to run another plugin's command by id. */
export const commandsServiceKey = serviceKey<CommandRegistry>('core.commands');
