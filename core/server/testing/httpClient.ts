import { CSRF_ACCESS_COOKIE, CSRF_HEADER, CSRF_REFRESH_COOKIE, LOGOUT_PATH, REFRESH_PATH } from '@core/shared/api/cookies';

/** A browser-like HTTP client for API tests: keeps cookies, sends the CSRF header from its cookie like the spec's client. */
export class ApiClient {
  readonly cookies = new Map<string, string>();
  csrf = true;

  constructor(readonly baseUrl: string) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const h: Record<string, string> = { Accept: 'application/json', ...headers };
    // Like the app's client: the refresh call sends the refresh twin, logout falls back to it once the access one expired.
    const csrf = path.startsWith(REFRESH_PATH)
      ? this.cookies.get(CSRF_REFRESH_COOKIE)
      : this.cookies.get(CSRF_ACCESS_COOKIE) ?? (path.startsWith(LOGOUT_PATH) ? this.cookies.get(CSRF_REFRESH_COOKIE) : undefined);
    if (this.csrf && csrf && !(CSRF_HEADER in h)) h[CSRF_HEADER] = csrf;
    if (this.cookies.size) h.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (body !== undefined) h['Content-Type'] = 'application/json';
    const res = await fetch(`${this.baseUrl}${path}`, { method, headers: h, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i);
      const value = pair!.slice(i + 1);
      if (value === '' || /Expires=Thu, 01 Jan 1970/i.test(c) || /Max-Age=0/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let json: any = null;
    try { json = JSON.parse(text); } catch { json = null; }
    return { status: res.status, body: json, text, headers: res.headers };
  }

  get(path: string) { return this.request('GET', path); }
  post(path: string, body?: unknown, headers?: Record<string, string>) { return this.request('POST', path, body ?? {}, headers); }
  put(path: string, body?: unknown, headers?: Record<string, string>) { return this.request('PUT', path, body ?? {}, headers); }
  patch(path: string, body?: unknown) { return this.request('PATCH', path, body ?? {}); }
  delete(path: string, headers?: Record<string, string>) { return this.request('DELETE', path, undefined, headers); }

  async login(email: string, password: string) {
    const res = await this.post('/api/v2/user/login', { email, password });
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`);
    return res;
  }
}
