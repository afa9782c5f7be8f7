import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestOidcClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/**
 * A real OpenID Connect provider (oidc-provider) on loopback for single-sign-on tests. Its development login
 * form accepts any login name as the account id; the account's e-mail is that login (verified unless it
 * starts with "unverified-").
 */
export async function startOidcProvider(client: TestOidcClient) {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [{
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: [client.redirectUri],
      post_logout_redirect_uris: [new URL('/login', client.redirectUri).href],
      response_types: ['code'],
      grant_types: ['authorization_code'],
      token_endpoint_auth_method: 'client_secret_basic',
    }],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: () => ({ sub: id, email: id.replace(/^unverified-/, ''), email_verified: !id.startsWith('unverified-'), name: id }),
    }),
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    cookies: { keys: ['narrascope-test-oidc-cookie-key'] },
    // A fixed signing key would be needed to survive restarts; one generated per run is enough here.
  });
  server.on('request', provider.callback());
  return {
    issuer,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/** A cookie jar per origin, for driving the provider's login pages with fetch like a browser would. */
export class BrowserJar {
  private readonly jars = new Map<string, Map<string, string>>();

  private jar(url: string) {
    const origin = new URL(url).origin;
    if (!this.jars.has(origin)) this.jars.set(origin, new Map());
    return this.jars.get(origin)!;
  }

  cookies(url: string): Map<string, string> {
    return this.jar(url);
  }

  async fetch(url: string, init: { method?: string; form?: Record<string, string> } = {}) {
    const jar = this.jar(url);
    const headers: Record<string, string> = {};
    if (jar.size) headers.Cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    if (init.form) headers['Content-Type'] = 'application/x-www-form-urlencoded';
    const res = await fetch(url, {
      method: init.method ?? (init.form ? 'POST' : 'GET'), headers, redirect: 'manual',
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i);
      const value = pair!.slice(i + 1);
      if (value === '' || /Expires=Thu, 01 Jan 1970/i.test(c) || /Max-Age=0/i.test(c)) jar.delete(name);
      else jar.set(name, value);
    }
    const location = res.headers.get('location');
    return { status: res.status, location: location ? new URL(location, url).href : null, text: await res.text() };
  }

  /** Follows redirects from `url`, submitting the provider's login (as `login`) and consent forms on the way. */
  async signInThrough(url: string, login: string): Promise<string> {
    let next: string | null = url;
    for (let hop = 0; hop < 20 && next; hop++) {
      const res = await this.fetch(next);
      if (res.status >= 300 && res.status < 400) {
        if (!res.location) throw new Error(`redirect without location from ${next}`);
        // Back at the application: the caller decides what to do with it.
        if (new URL(res.location).pathname === '/api/v2/user/sso/callback' || new URL(res.location).pathname === '/login') return res.location;
        next = res.location;
        continue;
      }
      const action = /<form[^>]*action="([^"]+)"/.exec(res.text)?.[1];
      if (!action) throw new Error(`unexpected page at ${next}: ${res.status} ${res.text.slice(0, 300)}`);
      const prompt = /name="prompt" value="(\w+)"/.exec(res.text)?.[1];
      const form: Record<string, string> = prompt === 'login' ? { prompt, login, password: 'any' } : { prompt: prompt ?? 'consent' };
      const submitted = await this.fetch(new URL(action.replace(/&amp;/g, '&'), next).href, { form });
      next = submitted.location;
    }
    throw new Error('too many redirects at the provider');
  }
}
