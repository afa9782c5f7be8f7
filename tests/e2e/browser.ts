import { chromium, type Browser, type Page } from 'playwright-core';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import { serverPlugins } from '../../plugins/index.server';
import path from 'node:path';

/** Flags from docs/quality: headless Debian Chromium with no background network traffic. */
export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--disable-quic',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** The real server serving the real bundle, with its own database (in `dataDir` when given: the caller's folder). */
export async function startE2eServer(env: Record<string, string> = {}, dataDir?: string): Promise<TestServer> {
  return startTestServer({
    plugins: serverPlugins,
    dataDir,
    env: { NARRASCOPE_WEB_DIR: path.resolve(import.meta.dirname, '../../dist/web'), ...env },
  });
}

export async function signIn(page: Page, baseUrl: string, email: string, password: string, path = '/login') {
  await page.goto(`${baseUrl}${path}`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}
