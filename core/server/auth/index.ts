import type { Config } from '../config';
import type { RouteRegistrar } from '../http/routes';
import { registerApiKeyRoutes } from './apiKeyRoutes';
import { registerFeedbackAndAuditRoutes } from './feedbackRoutes';
import { registerGroupRoutes } from './groupRoutes';
import { registerMfaRoutes } from './mfaRoutes';
import { registerOrganizationRoutes } from './organizationRoutes';
import { registerPasswordRoutes } from './passwordRoutes';
import { registerPreferenceRoutes } from './preferenceRoutes';
import { registerSessionRoutes } from './routes';
import { registerSsoRoutes } from './ssoRoutes';
import { registerUserRoutes } from './userRoutes';

export { accessKey, createAccessServices, type AccessServices } from './access';
export { writeAudit } from './audit';

/** Every access call: sessions, SSO, passwords, MFA, users, groups, roles, organisations, preferences, keys, feedback, audit. */
export function registerAccessRoutes(r: RouteRegistrar, config: Config, background: (task: Promise<unknown>) => void): void {
  registerSessionRoutes(r, config);
  registerSsoRoutes(r);
  registerPasswordRoutes(r, config, background);
  registerMfaRoutes(r);
  registerUserRoutes(r);
  registerGroupRoutes(r);
  registerOrganizationRoutes(r);
  registerPreferenceRoutes(r);
  registerApiKeyRoutes(r);
  registerFeedbackAndAuditRoutes(r);
}
