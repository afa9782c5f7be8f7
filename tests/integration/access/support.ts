import { generate } from 'otplib';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import { ApiClient } from '@core/server/testing/httpClient';
import { serverPlugins } from '../../../plugins/index.server';

/** Limits high enough that a test file's many sign-ins are not throttled (the limits have their own tests). */
export const RELAXED_LIMITS = {
  NARRASCOPE_SIGNIN_RATE_LIMIT_PER_MINUTE: '10000',
  NARRASCOPE_PASSWORD_RATE_LIMIT_PER_MINUTE: '10000',
};

export async function startAccessServer(env: Record<string, string> = {}): Promise<TestServer> {
  return startTestServer({ plugins: serverPlugins, env: { ...RELAXED_LIMITS, ...env } });
}

export type TestUser = Awaited<ReturnType<TestServer['createUser']>>;

export async function signedIn(t: TestServer, user: { email: string; password: string }): Promise<ApiClient> {
  const c = new ApiClient(t.url);
  await c.login(user.email, user.password);
  return c;
}

/** The TOTP code an authenticator app would show now (offsetSteps moves to a later 30-second step). */
export function totp(secret: string, offsetSteps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });
}

/** Enrols the signed-in client's user in MFA; answers the secret and recovery codes. */
export async function enrolMfa(c: ApiClient): Promise<{ secret: string; recovery: string[] }> {
  const setup = await c.post('/api/v2/user/mfa/setup', {});
  if (setup.status !== 200) throw new Error(`setup failed: ${setup.text}`);
  const verified = await c.post('/api/v2/user/mfa/verify', { code: await totp(setup.body.data.secret) });
  if (verified.status !== 200) throw new Error(`verify failed: ${verified.text}`);
  return { secret: setup.body.data.secret, recovery: verified.body.data.recovery_codes };
}

export const errorsOf = (res: { body: any }) => res.body?.metadata?.errors as string[];
