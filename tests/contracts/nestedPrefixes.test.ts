import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '@core/server/config';
import { createServer } from '@core/server/server';
import { defineServerPlugin } from '@core/server/plugin/contract';
import { defineManifest } from '@core/shared/plugin/manifest';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nested-prefixes-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const config = () => loadConfig({ NARRASCOPE_DATA_DIR: fs.mkdtempSync(path.join(dataDir, 'x')), PORT: '0', LOG_LEVEL: 'silent' });

const outer = (register: (r: Parameters<NonNullable<Parameters<typeof defineServerPlugin>[0]['routes']>>[0]) => void) =>
  defineServerPlugin({ manifest: defineManifest({ id: 'outer', title: 'Outer', version: 1, apiPrefixes: ['/api/v2/things'] }), routes: register });
const inner = defineServerPlugin({
  manifest: defineManifest({ id: 'inner', title: 'Inner', version: 1, apiPrefixes: ['/api/v2/things/:id/details'] }),
  routes: (r) => r.get('/api/v2/things/:id/details', { summary: 'details', params: z.object({ id: z.string() }), response: z.string() }, async () => 'inner'),
});

describe('nested prefix claims', () => {
  it('let a plugin own a narrower path inside another plugin\'s prefix', async () => {
    const server = await createServer({
      config: config(),
      plugins: [outer((r) => r.get('/api/v2/things/:id', { summary: 'thing', params: z.object({ id: z.string() }), response: z.string() }, async () => 'outer')), inner],
    });
    expect(server.http.routes.filter((r) => r.path.startsWith('/api/v2/things')).map((r) => [r.owner, r.path])).toEqual([
      ['outer', '/api/v2/things/:id'], ['inner', '/api/v2/things/:id/details'],
    ]);
    await server.close();
  });

  it('refuse a route registered inside another plugin\'s narrower claim', async () => {
    const thief = outer((r) => r.get('/api/v2/things/:thing/details', { summary: 'stolen', response: z.string() }, async () => 'x'));
    await expect(createServer({ config: config(), plugins: [thief, inner] })).rejects.toThrow(
      "Route GET /api/v2/things/:thing/details of 'outer' lies inside 'inner's prefix /api/v2/things/:id/details",
    );
  });
});
