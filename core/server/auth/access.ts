import { serviceKey } from '@core/shared/services/registry';
import type { Config } from '../config';
import type { Logger } from '../logger';
import type { Storage } from '../storage/database';
import { LoginThrottle } from './loginThrottle';
import { Mailer } from './mailer';
import { MfaService } from './mfa';
import { SecretBox } from './secrets';
import { SsoService } from './sso';

/** Everything the access routes share, built once at start-up and reached through the `core.access` key. */
export interface AccessServices {
  box: SecretBox;
  mailer: Mailer;
  mfa: MfaService;
  throttle: LoginThrottle;
  sso: SsoService;
}

export const accessKey = serviceKey<AccessServices>('core.access');

export async function createAccessServices(config: Config, storage: Storage, logger: Logger): Promise<AccessServices> {
  const box = await SecretBox.open(storage, config.access.encryptionKey);
  return {
    box,
    mailer: new Mailer(config.access.smtpUrl, config.access.mailFrom, logger),
    mfa: new MfaService(storage, box, config.access.mfaIssuer),
    throttle: new LoginThrottle(storage, config.access.loginMaxFailures, config.access.loginLockoutMinutes),
    sso: new SsoService(storage, box, config.publicUrl),
  };
}
