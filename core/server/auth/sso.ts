import type { FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import type { Storage } from '../storage/database';
import { nowIso, toBool } from '../storage/database';
import type { SecretBox } from './secrets';
import { sha256 } from './tokens';
import { SSO_SECRET_ENV_NAME, SSO_SECRET_ENV_PREFIX } from '@core/shared/access/api';

/** How long a started sign-in may take at the provider before its state is forgotten. */
const STATE_TTL_MS = 10 * 60_000;
/** Discovered provider metadata is reused this long (providers rotate keys; openid-client refetches JWKS). */
const DISCOVERY_TTL_MS = 10 * 60_000;

export const SSO_LOGIN_PATH = '/api/v2/user/sso/login';
export const SSO_CALLBACK_PATH = '/api/v2/user/sso/callback';

export interface SsoConfigRow {
  organization_id: string;
  issuer: string;
  client_id: string;
  client_secret: string | null;
  client_secret_env: string | null;
  email_domains: string;
}

export class SsoError extends Error {
  constructor(readonly status: 'mfa_0' | 'sso_unknown_user', message: string) {
    super(message);
  }
}

/** The domain part of an e-mail, lower case; null when it has none. */
export function emailDomain(email: string): string | null {
  const at = email.lastIndexOf('@');
  return at > 0 && at < email.length - 1 ? email.slice(at + 1).trim().toLowerCase() : null;
}

/**
 * Single sign-on through OpenID Connect (authorization code with PKCE, openid-client). Each organisation with
 * enable_sso holds its provider's issuer, client id and secret (sealed in the database, or named environment
 * variable) and the e-mail domains whose users it signs in. The state, nonce and PKCE verifier of a started
 * sign-in are kept server-side (hashed state as key) so any API process can finish it, once.
 */
export class SsoService {
  private readonly discovered = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

  constructor(private readonly storage: Storage, private readonly box: SecretBox, private readonly publicUrl: string | null) {}

  /** Where the browser goes to sign in with SSO for this e-mail, or null when its domain has no SSO organisation. */
  async loginLinkFor(email: string, next?: string): Promise<string | null> {
    const org = await this.organizationForEmail(email);
    if (!org) return null;
    const params = new URLSearchParams({ organization_id: org, login_hint: email });
    if (next) params.set('next', next);
    return `${SSO_LOGIN_PATH}?${params.toString()}`;
  }

  async organizationForEmail(email: string): Promise<string | null> {
    const domain = emailDomain(email);
    if (!domain) return null;
    const rows = await this.storage.db.selectFrom('core_sso_configs')
      .innerJoin('core_organizations', 'core_organizations.id', 'core_sso_configs.organization_id')
      .select(['core_sso_configs.organization_id', 'core_sso_configs.email_domains', 'core_organizations.enable_sso'])
      .execute();
    const hit = rows.find((r) => toBool(r.enable_sso) && (JSON.parse(r.email_domains) as string[]).includes(domain));
    return hit?.organization_id ?? null;
  }

  /** The callback address registered at the provider. Without a public URL, the address the browser used. */
  redirectUri(request: FastifyRequest): string {
    return `${this.publicUrl ?? `${request.protocol}://${request.host}`}${SSO_CALLBACK_PATH}`;
  }

  baseUrl(request: FastifyRequest): string {
    return this.publicUrl ?? `${request.protocol}://${request.host}`;
  }

  forget(organizationId: string): void {
    for (const key of this.discovered.keys()) if (key.startsWith(`${organizationId}|`)) this.discovered.delete(key);
  }

  /** Starts a sign-in: stores state, nonce and PKCE verifier and answers the provider's authorization URL. */
  async authorizationUrl(request: FastifyRequest, organizationId: string, loginHint?: string, next?: string): Promise<string> {
    const row = await this.enabledConfig(organizationId);
    const config = await this.configuration(row);
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const verifier = oidc.randomPKCECodeVerifier();
    await this.storage.db.deleteFrom('core_sso_states').where('expires_at', '<', nowIso()).execute();
    await this.storage.db.insertInto('core_sso_states').values({
      state_hash: sha256(`sso-state:${state}`), organization_id: organizationId, code_verifier: this.box.seal(verifier), nonce,
      next: next ?? null, expires_at: new Date(Date.now() + STATE_TTL_MS).toISOString(),
    }).execute();
    const params: Record<string, string> = {
      redirect_uri: this.redirectUri(request),
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    };
    if (loginHint) params.login_hint = loginHint;
    return oidc.buildAuthorizationUrl(config, params).href;
  }

  /**
   * Finishes a sign-in from the provider's redirect: the state is used once, the code is exchanged with the
   * PKCE verifier, the ID token's nonce checked. Answers the organisation, the verified e-mail and `next`.
   */
  async finish(request: FastifyRequest): Promise<{ organizationId: string; email: string; next: string | null }> {
    const query = request.query as Record<string, unknown>;
    const state = typeof query.state === 'string' ? query.state : '';
    if (!state) throw new SsoError('mfa_0', 'callback without state');
    const stateHash = sha256(`sso-state:${state}`);
    const saved = await this.storage.db.selectFrom('core_sso_states').selectAll().where('state_hash', '=', stateHash).executeTakeFirst();
    const deleted = await this.storage.db.deleteFrom('core_sso_states').where('state_hash', '=', stateHash).executeTakeFirst();
    if (!saved || Number(deleted.numDeletedRows) !== 1) throw new SsoError('mfa_0', 'unknown or used state');
    if (saved.expires_at < nowIso()) throw new SsoError('mfa_0', 'expired state');
    const row = await this.enabledConfig(saved.organization_id);
    const config = await this.configuration(row);
    const rawQuery = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const tokens = await oidc.authorizationCodeGrant(config, new URL(`${this.redirectUri(request)}${rawQuery}`), {
      pkceCodeVerifier: this.box.open(saved.code_verifier),
      expectedState: state,
      expectedNonce: saved.nonce,
    });
    const claims = tokens.claims();
    if (!claims) throw new SsoError('mfa_0', 'no ID token');
    let email = typeof claims.email === 'string' ? claims.email : null;
    let verified = claims.email_verified;
    if (!email && tokens.access_token) {
      const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
      email = typeof info.email === 'string' ? info.email : null;
      verified = info.email_verified;
    }
    if (!email || verified === false) throw new SsoError('sso_unknown_user', 'provider gave no verified e-mail');
    const domains = JSON.parse(row.email_domains) as string[];
    if (!domains.includes(emailDomain(email) ?? '')) throw new SsoError('sso_unknown_user', 'e-mail outside the organisation\'s domains');
    return { organizationId: saved.organization_id, email: email.toLowerCase(), next: saved.next };
  }

  /** The provider's end-session URL for users of an SSO organisation (null when it offers none or fails). */
  async logoutUrl(request: FastifyRequest, organizationId: string): Promise<string | null> {
    try {
      const row = await this.enabledConfig(organizationId);
      const config = await this.configuration(row);
      if (!config.serverMetadata().end_session_endpoint) return null;
      return oidc.buildEndSessionUrl(config, {
        client_id: row.client_id,
        post_logout_redirect_uri: `${this.baseUrl(request)}/login`,
      }).href;
    } catch {
      return null;
    }
  }

  private async enabledConfig(organizationId: string): Promise<SsoConfigRow> {
    const row = await this.storage.db.selectFrom('core_sso_configs')
      .innerJoin('core_organizations', 'core_organizations.id', 'core_sso_configs.organization_id')
      .select(['core_sso_configs.organization_id', 'issuer', 'client_id', 'client_secret', 'client_secret_env', 'email_domains', 'enable_sso'])
      .where('core_sso_configs.organization_id', '=', organizationId)
      .executeTakeFirst();
    if (!row || !toBool(row.enable_sso)) throw new SsoError('mfa_0', 'single sign-on is not enabled for this organisation');
    return row;
  }

  private clientSecret(row: SsoConfigRow): string | null {
    if (row.client_secret_env) {
      // A name stored before the prefix rule is never read (it could name any of the server's own secrets).
      if (!SSO_SECRET_ENV_NAME.test(row.client_secret_env)) {
        throw new SsoError('mfa_0', `client_secret_env ${row.client_secret_env} does not start with ${SSO_SECRET_ENV_PREFIX}`);
      }
      return process.env[row.client_secret_env] ?? null;
    }
    return row.client_secret ? this.box.open(row.client_secret) : null;
  }

  private configuration(row: SsoConfigRow): Promise<oidc.Configuration> {
    // The secret's source is part of the key: a secret or variable changed on the SSO page takes effect at once.
    const key = `${row.organization_id}|${row.issuer}|${row.client_id}|${row.client_secret_env ?? ''}|${sha256(row.client_secret ?? '')}`;
    const cached = this.discovered.get(key);
    if (cached && cached.at + DISCOVERY_TTL_MS > Date.now()) return cached.config;
    const issuer = new URL(row.issuer);
    const secret = this.clientSecret(row);
    // Plain http only for a provider on this machine (tests, development); anything else must be https.
    const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
    const config = oidc.discovery(issuer, row.client_id, secret ?? undefined, secret ? oidc.ClientSecretBasic(secret) : oidc.None(),
      loopback && issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined);
    config.catch(() => this.discovered.delete(key));
    this.discovered.set(key, { at: Date.now(), config });
    return config;
  }
}
