import type { ServiceRegistry } from '@core/shared/services/registry';
import { serviceKey } from '@core/shared/services/registry';
import type { Config } from '../config';
import type { Logger } from '../logger';
import type { Storage } from '../storage/database';
import type { SessionService } from '../auth/sessions';

/** What the server host gives routes, stages and plugin activation. */
export interface ServerContext {
  config: Config;
  storage: Storage;
  logger: Logger;
  sessions: SessionService;
  services: ServiceRegistry;
}

export const storageKey = serviceKey<Storage>('core.storage');
export const configKey = serviceKey<Config>('core.config');
export const loggerKey = serviceKey<Logger>('core.logger');
export const authKey = serviceKey<SessionService>('core.auth');
