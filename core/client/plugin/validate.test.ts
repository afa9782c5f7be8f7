import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Layout } from '@core/shared/layout/schema';
import type { ClientPlugin, CommandDefinition, PanelDefinition } from './contract';
import { clientPluginProblems, layoutProblemsAgainst } from './validate';

const load = () => Promise.resolve({ default: () => null });

function panel(type: string, config: Partial<PanelDefinition['config']> = {}): PanelDefinition {
  return {
    type,
    title: `Panel ${type}`,
    config: { schema: z.object({ n: z.number() }), defaults: { n: 1 }, version: 1, ...config },
    load,
  };
}

function command(id: string, keybinding?: string): CommandDefinition {
  return { id, title: `Run ${id}`, category: 'Test', ...(keybinding ? { keybinding } : {}), run: () => {} };
}

function plugin(id: string, parts: { panels?: PanelDefinition[]; commands?: CommandDefinition[] } = {}): ClientPlugin {
  return { manifest: { id, title: id, version: 1 }, ...parts };
}

describe('clientPluginProblems', () => {
  it('accepts well-formed plugins', () => {
    const plugins = [
      plugin('posts', { panels: [panel('posts.table')], commands: [command('posts.exportCsv', 'mod+shift+e')] }),
      plugin('topic-radar', { panels: [panel('topic-radar.chart')], commands: [command('topic-radar.refresh', 'mod+shift+r')] }),
    ];
    expect(clientPluginProblems(plugins, [{ id: 'workspace.openPalette', keybinding: 'mod+k' }])).toEqual([]);
  });

  it('reports ids that are not kebab-case, duplicated or reserved for core', () => {
    expect(clientPluginProblems([plugin('TopicRadar'), plugin('posts'), plugin('posts'), plugin('workspace')])).toEqual([
      "plugin id 'TopicRadar' is not kebab-case",
      "plugin id 'posts' is used twice",
      expect.stringMatching(/^plugin id 'workspace' is reserved for core \(.*workspace.*\)$/),
    ]);
  });

  it('reports panel types and command ids that are malformed or not prefixed by their plugin', () => {
    const p = plugin('posts', {
      panels: [panel('table'), panel('topics.table'), panel('posts.Table')],
      commands: [command('exportCsv'), command('workspace.splitRight')],
    });
    expect(clientPluginProblems([p])).toEqual([
      "panel type 'table' of plugin 'posts' must be named 'posts.<camelName>'",
      "panel type 'topics.table' of plugin 'posts' must be named 'posts.<camelName>'",
      "panel type 'posts.Table' of plugin 'posts' must be named 'posts.<camelName>'",
      "command id 'exportCsv' of plugin 'posts' must be named 'posts.<verbNoun>'",
      "command id 'workspace.splitRight' of plugin 'posts' must be named 'posts.<verbNoun>'",
    ]);
  });

  it('reports duplicate panel types and command ids, within and across plugins and against core', () => {
    const a = plugin('posts', { panels: [panel('posts.table'), panel('posts.table')], commands: [command('posts.go'), command('posts.go')] });
    const b = plugin('posts-extra', { panels: [panel('posts.table')], commands: [command('posts.go')] });
    const problems = clientPluginProblems([a, b]);
    expect(problems).toContain("panel type 'posts.table' is declared twice by plugin 'posts'");
    expect(problems).toContain("panel type 'posts.table' is declared by both 'posts' and 'posts-extra'");
    expect(problems).toContain("command id 'posts.go' is declared twice by plugin 'posts'");
    expect(problems).toContain("command id 'posts.go' is declared by both 'posts' and 'posts-extra'");
  });

  it('reports config defaults the schema rejects, bad versions and missing migrations', () => {
    const p = plugin('posts', {
      panels: [
        panel('posts.a', { defaults: { n: 'one' } }),
        panel('posts.b', { version: 0 }),
        panel('posts.c', { version: 1.5 }),
        panel('posts.d', { version: 2 }),
        panel('posts.e', { version: 2, migrate: (s) => s }),
      ],
    });
    expect(clientPluginProblems([p])).toEqual([
      "panel 'posts.a' config.defaults do not match its config.schema: n: Invalid input: expected number, received string",
      "panel 'posts.b' needs an integer config.version >= 1 (got 0)",
      "panel 'posts.c' needs an integer config.version >= 1 (got 1.5)",
      "panel 'posts.d' is at config.version 2 but has no config.migrate for older stored configs",
    ]);
  });

  it('reports a panel without a title', () => {
    const p = plugin('posts', { panels: [{ ...panel('posts.a'), title: ' ' }] });
    expect(clientPluginProblems([p])).toEqual(["panel 'posts.a' needs a title (it names its 'Open <title>' command)"]);
  });

  it('reports keybinding conflicts between plugins, with core, and per platform', () => {
    const a = plugin('posts', { commands: [command('posts.a', 'mod+shift+e'), command('posts.b', 'mod+k'), command('posts.c', 'ctrl+j')] });
    const b = plugin('topics', { commands: [command('topics.a', 'Shift+Mod+E'), command('topics.b', 'mod+j'), command('topics.c', 'meta+j')] });
    expect(clientPluginProblems([a, b], [{ id: 'workspace.openPalette', keybinding: 'mod+k' }, { id: 'workspace.close' }])).toEqual([
      "keybinding 'mod+k' of core command 'workspace.openPalette' conflicts with 'mod+k' of command 'posts.b' (plugin 'posts')",
      "keybinding 'mod+shift+e' of command 'posts.a' (plugin 'posts') conflicts with 'Shift+Mod+E' of command 'topics.a' (plugin 'topics')",
      "keybinding 'ctrl+j' of command 'posts.c' (plugin 'posts') conflicts with 'mod+j' of command 'topics.b' (plugin 'topics') on Windows and Linux",
      "keybinding 'mod+j' of command 'topics.b' (plugin 'topics') conflicts with 'meta+j' of command 'topics.c' (plugin 'topics') on macOS",
    ]);
  });

  it('reports command ids taken by the automatic Open <title> commands of panels', () => {
    const p = plugin('posts', { panels: [panel('posts.table')], commands: [command('posts.openTable')] });
    const q = plugin('topics', { commands: [command('topics.openTable')] });
    expect(clientPluginProblems([p, q])).toEqual([
      "command id 'posts.openTable' of plugin 'posts' is taken by the automatic 'Open Panel posts.table' command of panel 'posts.table'",
    ]);
  });

  it('reports invalid keybindings and core command ids taken by a plugin', () => {
    const p = plugin('posts', { commands: [command('posts.a', 'mod+shift'), command('posts.b')] });
    expect(clientPluginProblems([p], [{ id: 'posts.b' }])).toEqual([
      expect.stringMatching(/^plugin id 'posts' is reserved for core/),
      "command id 'posts.b' of plugin 'posts' is a core command",
      "command 'posts.a' (plugin 'posts') has an invalid keybinding 'mod+shift': Keybinding 'mod+shift' must name exactly one key",
    ]);
  });
});

describe('layoutProblemsAgainst', () => {
  const layout = (id: string, panes: Layout['panes'], root: Layout['root'] = Object.keys(panes)[0] ?? null): Layout => ({
    id, version: 1, title: id, root, panes,
  });
  const pane = (type: string, config: Record<string, unknown> = { n: 1 }, configVersion = 1) => ({ type, config, configVersion });

  it('accepts layouts that use known panel types', () => {
    const l = layout('dashboard', { a: pane('posts.table'), b: pane('posts.table') }, { type: 'split', direction: 'row', children: ['a', 'b'] });
    expect(layoutProblemsAgainst([l], ['posts.table'])).toEqual([]);
    expect(layoutProblemsAgainst([l], [panel('posts.table')])).toEqual([]);
  });

  it('reports unknown panel types, structural problems and duplicate ids', () => {
    const l = layout('alerts', { a: pane('posts.table'), b: pane('alerts.list') }, { type: 'split', direction: 'row', children: ['a', 'c'] });
    expect(layoutProblemsAgainst([l, layout('alerts', {})], new Set(['posts.table']))).toEqual([
      "layout 'alerts': pane 'c' has no entry in panes",
      "layout 'alerts': pane 'b' is not placed in the tree",
      "layout 'alerts': pane 'b' uses unknown panel type 'alerts.list'",
      "layout 'alerts' is declared twice",
    ]);
  });

  it('checks pane configs against full panel definitions', () => {
    const v2 = panel('posts.chart', { version: 2, schema: z.object({ n: z.number() }), migrate: (s) => ({ n: Number((s as { m: string }).m) }) });
    const l = layout('insights', {
      a: pane('posts.table', { n: 'x' }),
      b: pane('posts.table', { n: 1 }, 3),
      c: pane('posts.chart', { m: '7' }, 1),
      d: pane('posts.chart', { n: 2 }, 2),
    });
    expect(layoutProblemsAgainst([l], [panel('posts.table'), v2]).filter((p) => !p.includes('not placed'))).toEqual([
      "layout 'insights': pane 'a' (posts.table) has a config the panel's schema rejects: n: Invalid input: expected number, received string",
      "layout 'insights': pane 'b' (posts.table) has configVersion 3, newer than the panel's config.version 1",
    ]);
  });
});
