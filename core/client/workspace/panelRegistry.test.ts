import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { PanelDefinition } from '@core/client/plugin/contract';
import type { Pane } from '@core/shared/layout/schema';
import { PanelRegistry, type PanelConfigWarning } from './panelRegistry';

const schema = z.object({ columns: z.array(z.string()), pageSize: z.number().int() });
type Config = z.infer<typeof schema>;

const table: PanelDefinition<Config> = {
  type: 'posts.table',
  title: 'Posts table',
  config: {
    schema,
    defaults: { columns: ['text'], pageSize: 50 },
    version: 2,
    // v1 stored `cols` as a comma-separated string.
    migrate: (stored, from) => {
      if (from === 1) {
        const old = stored as { cols: string; pageSize: number };
        return { columns: old.cols.split(','), pageSize: old.pageSize };
      }
      return stored;
    },
  },
  load: async () => ({ default: () => null }),
};

const chart: PanelDefinition = {
  type: 'topics.chart',
  title: 'Topic chart',
  config: { schema: z.object({}), defaults: {}, version: 1 },
  load: async () => ({ default: () => null }),
};

function setup() {
  const warnings: PanelConfigWarning[] = [];
  const registry = new PanelRegistry([table, chart], { onWarning: (w) => warnings.push(w) });
  return { registry, warnings };
}

const pane = (configVersion: number, config: Record<string, unknown>, type = 'posts.table'): Pane => ({ type, configVersion, config });

describe('PanelRegistry', () => {
  it('looks panels up by type and lists them by title', () => {
    const { registry } = setup();
    expect(registry.get('posts.table')).toBe(table);
    expect(registry.has('nope.panel')).toBe(false);
    expect(registry.list().map((p) => p.title)).toEqual(['Posts table', 'Topic chart']);
  });

  it('builds from plugins and refuses a panel type declared twice', () => {
    const manifest = { id: 'posts', title: 'Posts', version: 1 };
    expect(PanelRegistry.fromPlugins([{ manifest, panels: [table] }, { manifest, panels: [chart] }]).list()).toHaveLength(2);
    expect(() => new PanelRegistry([table, table])).toThrow(/declared twice/);
  });

  it('gives the reducer current versions and defaults', () => {
    const { registry } = setup();
    expect(registry.reducerEnv.paneDefaults('posts.table')).toEqual({ configVersion: 2, config: { columns: ['text'], pageSize: 50 } });
    expect(registry.reducerEnv.paneDefaults('unknown.type')).toBeNull();
  });

  it('validates a current config', () => {
    const { registry, warnings } = setup();
    const resolved = registry.resolvePaneConfig(pane(2, { columns: ['a'], pageSize: 10 }), 'p1');
    expect(resolved).toEqual({ definition: table, config: { columns: ['a'], pageSize: 10 }, usedDefaults: false });
    expect(warnings).toEqual([]);
  });

  it('migrates an old config before validating it', () => {
    const { registry, warnings } = setup();
    const resolved = registry.resolvePaneConfig(pane(1, { cols: 'a,b', pageSize: 20 }));
    expect(resolved.config).toEqual({ columns: ['a', 'b'], pageSize: 20 });
    expect(resolved.usedDefaults).toBe(false);
    expect(warnings).toEqual([]);
  });

  it('falls back to defaults with a warning when the config is invalid', () => {
    const { registry, warnings } = setup();
    const resolved = registry.resolvePaneConfig(pane(2, { columns: 'oops' }), 'p1');
    expect(resolved).toEqual({ definition: table, config: table.config.defaults, usedDefaults: true });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ paneId: 'p1', panelType: 'posts.table' });
    expect(warnings[0]!.message).toMatch(/Pane 'p1' \(posts\.table\).*invalid.*columns/);
  });

  it('falls back to defaults when the migration throws', () => {
    const { registry, warnings } = setup();
    const resolved = registry.resolvePaneConfig(pane(1, {}));
    expect(resolved.usedDefaults).toBe(true);
    expect(warnings[0]!.message).toMatch(/migrating config from version 1 to 2 failed/);
  });

  it('keeps an unknown panel type and its raw config', () => {
    const { registry, warnings } = setup();
    const config = { anything: [1, 2, 3] };
    const resolved = registry.resolvePaneConfig(pane(4, config, 'removed.panel'));
    expect(resolved).toEqual({ definition: null, config, usedDefaults: false });
    expect(resolved.config).toBe(config);
    expect(warnings).toEqual([]);
  });

  it('resolves each pane object once (one warning per broken pane, not per render)', () => {
    const { registry, warnings } = setup();
    const broken = pane(2, { columns: 1 });
    const first = registry.resolvePaneConfig(broken);
    expect(registry.resolvePaneConfig(broken)).toBe(first);
    expect(warnings).toHaveLength(1);
  });

  it('warns on the console without a callback', () => {
    const spy = vi.spyOn(console, 'warn').mockImplementation(() => {});
    new PanelRegistry([table]).resolvePaneConfig(pane(2, {}));
    expect(spy).toHaveBeenCalledWith(expect.stringContaining('posts.table'));
    spy.mockRestore();
  });
});
