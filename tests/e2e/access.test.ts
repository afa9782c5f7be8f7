import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { generate } from 'otplib';
import type { TestServer } from '@core/server/testing/testServer';
import { ApiClient } from '@core/server/testing/httpClient';
import { startMailCapture, resetLinkOf } from '@core/server/auth/testing/mailCapture';
import { startOidcProvider } from '@core/server/auth/testing/oidcProvider';
import { launchBrowser, signIn, startE2eServer } from './browser';

/** Sign-in as a new user would do it, in Chromium against the real server, SMTP server and OpenID provider. */
let server: TestServer;
let browser: Browser;
let mail: Awaited<ReturnType<typeof startMailCapture>>;
let provider: Awaited<ReturnType<typeof startOidcProvider>>;

beforeAll(async () => {
  mail = await startMailCapture();
  server = await startE2eServer({
    NARRASCOPE_SMTP_URL: mail.url,
    NARRASCOPE_SIGNIN_RATE_LIMIT_PER_MINUTE: '1000',
    NARRASCOPE_PASSWORD_RATE_LIMIT_PER_MINUTE: '1000',
  });
  provider = await startOidcProvider({ clientId: 'e2e-client', clientSecret: 'e2e-client-secret-0123', redirectUri: `${server.url}/api/v2/user/sso/callback` });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await provider?.close();
  await mail?.close();
});

async function freshPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return { context, page: await context.newPage() };
}

const code = (secret: string, offsetSteps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

describe('signing in', () => {
  it('asks for the email, then the password; a wrong password shows the spec message', async () => {
    const user = await server.createUser('Access Org');
    const { context, page } = await freshPage();
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email').fill(user.email);
    expect(await page.getByLabel('Password').count()).toBe(0);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Password').fill('not-the-password');
    expect(await page.getByRole('link', { name: 'Forgot my password' }).getAttribute('href')).toBe('/forgotPassword');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByText('Invalid login credentials. Please try again.').waitFor();
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('link', { name: 'Narrascope' }).waitFor();
    await context.close();
  });

  it('resets a forgotten password through the e-mail the SMTP server received', async () => {
    const user = await server.createUser('Access Org');
    const { context, page } = await freshPage();
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('link', { name: 'Forgot my password' }).click();
    await page.waitForURL(`${server.url}/forgotPassword`);
    const since = mail.mails.length;
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Your request has been received.').waitFor();
    const link = resetLinkOf(await mail.waitFor(user.email, since));
    await page.goto(link);
    await page.getByLabel('New password', { exact: false }).first().fill('Chosen-after-reset-77');
    await page.getByLabel('Confirm new password').fill('Chosen-after-reset-77');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your password has been successfully reset').first().waitFor();
    await page.waitForURL(/\/login$/);
    await signIn(page, server.url, user.email, 'Chosen-after-reset-77');
    await page.waitForURL(`${server.url}/`);
    // The link worked once.
    await page.goto(link);
    await page.getByLabel('New password', { exact: false }).first().fill('Another-choice-88');
    await page.getByLabel('Confirm new password').fill('Another-choice-88');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your password reset link has expired.').waitFor();
    await context.close();
  });

  it('enrols a user who must use MFA with a real TOTP code, then asks for a code at the next sign-in', async () => {
    const user = await server.createUser('Access Org');
    await server.storage.db.updateTable('core_users').set({ require_mfa_enabled: 1 }).where('id', '=', user.id).execute();
    const { context, page } = await freshPage();
    await signIn(page, server.url, user.email, user.password);
    await page.waitForURL(`${server.url}/mfa-required`);
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    // Until enrolled, the rest of the product sends them back here.
    await page.goto(`${server.url}/myOrganization/settings`);
    await page.waitForURL(`${server.url}/mfa-required`);
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await page.getByTestId('mfa-secret').textContent())!.trim();
    await page.getByLabel('Authentication code').fill(await code(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('list', { name: 'Recovery codes' }).waitFor();
    expect(await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').count()).toBe(10);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${server.url}/`);
    // Enrolled: no MFA banner.
    await page.getByRole('link', { name: 'Narrascope' }).waitFor();
    expect(await page.getByRole('status', { name: 'Multi-factor authentication' }).count()).toBe(0);

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login/);
    await signIn(page, server.url, user.email, user.password);
    await page.getByLabel('Authentication code').waitFor();
    // The next 30-second step: the enrolment's code cannot be used twice.
    await page.getByLabel('Authentication code').fill(await code(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${server.url}/`);
    await context.close();
  });

  it('sends a single-sign-on user to the provider and back signed in', async () => {
    const admin = await server.createUser('SSO Org', { admin: true, email: 'admin@sso-org.test' });
    const user = await server.createUser('SSO Org', { email: 'grace@sso-org.test' });
    const api = new ApiClient(server.url);
    await api.login(admin.email, admin.password);
    expect((await api.put(`/api/v2/organization/${admin.organizationId}/sso`, {
      issuer: provider.issuer, client_id: 'e2e-client', client_secret: 'e2e-client-secret-0123', email_domains: ['sso-org.test'],
    })).status).toBe(200);
    expect((await api.put(`/api/v2/organization/${admin.organizationId}`, { enable_sso: true })).status).toBe(200);

    const { context, page } = await freshPage();
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Next' }).click();
    // The provider's own sign-in page (oidc-provider's development form), then its consent page.
    await page.waitForURL(new RegExp(`^${provider.issuer}/interaction/`));
    await page.locator('input[name="login"]').fill(user.email);
    await page.locator('input[name="password"]').fill('any');
    await page.locator('button[type="submit"]').click();
    await page.locator('button[type="submit"]').filter({ hasText: /continue/i }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('link', { name: 'Narrascope' }).waitFor();
    const current = await page.evaluate(async () => (await (await fetch('/api/v2/user/current')).json()).data.user.email);
    expect(current).toBe(user.email);
    await context.close();
  });

  it('lets a global admin switch organisation from the header and land on /', async () => {
    const admin = await server.createUser('Alpha HQ', { roles: ['Global Admin'], admin: true });
    const other = await server.createUser('Beta Branch');
    const { context, page } = await freshPage();
    await signIn(page, server.url, admin.email, admin.password);
    await page.waitForURL(`${server.url}/`);
    await page.goto(`${server.url}/myOrganization/settings`);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitemradio', { name: 'Beta Branch' }).click();
    await page.waitForURL(`${server.url}/`);
    await expect.poll(() => page.evaluate(async () => (await (await fetch('/api/v2/user/current')).json()).data.claims.organization_id))
      .toBe(other.organizationId);
    await context.close();
  });
});
