import { describe, expect, it } from 'vitest';
import { serviceKey } from '../services/registry';
import { planActivation, type ServiceDeclarations } from './activationOrder';

const key = (id: `${string}.${string}`) => serviceKey<unknown>(id);
const plugin = (id: string, services?: ServiceDeclarations) => ({ manifest: { id }, services });
const core = [key('core.pipeline'), key('core.postFacets')];
const orderOf = (plugins: ReturnType<typeof plugin>[]) => planActivation(plugins, core).order.map((p) => p.manifest.id);

describe('planActivation: order', () => {
  it('keeps the index order when no plugin waits for a later one', () => {
    const plugins = [
      plugin('posts', { provides: [key('posts.archive')] }),
      plugin('topics', { requires: [key('posts.archive'), key('core.postFacets')] }),
      plugin('notes'),
    ];
    expect(planActivation(plugins, core)).toEqual({ order: plugins, problems: [] });
  });

  it('activates a provider before the plugins that require or optionally use its service', () => {
    const plugins = [
      plugin('coordination', { optional: [key('topics.narratives')] }),
      plugin('notes'),
      plugin('topics', { provides: [key('topics.narratives')], requires: [key('posts.archive')] }),
      plugin('posts', { provides: [key('posts.archive')] }),
    ];
    // Each step takes the first plugin in index order whose providers are all active.
    expect(orderOf(plugins)).toEqual(['notes', 'posts', 'topics', 'coordination']);
  });

  it('needs no provider for core services or for an optional service nobody provides', () => {
    const plugins = [plugin('a', { requires: [key('core.pipeline')], optional: [key('ghost.index')] }), plugin('b')];
    expect(planActivation(plugins, core)).toEqual({ order: plugins, problems: [] });
  });

  it('ignores a plugin reaching its own service', () => {
    const plugins = [plugin('a', { provides: [key('a.feed')], requires: [key('a.feed')] })];
    expect(planActivation(plugins, core).problems).toEqual([]);
  });
});

describe('planActivation: problems', () => {
  it('names the plugin, the missing key and what core and the plugins provide', () => {
    const plugins = [plugin('posts', { provides: [key('posts.archive')] }), plugin('orphan', { requires: [key('ghost.index')] })];
    expect(planActivation(plugins, core).problems).toEqual([
      "plugin 'orphan' requires service 'ghost.index', which neither core nor any plugin provides " +
        '(core provides: core.pipeline, core.postFacets; plugins provide: posts.archive (posts))',
    ]);
    expect(planActivation([plugin('orphan', { requires: [key('ghost.index')] })], []).problems).toEqual([
      "plugin 'orphan' requires service 'ghost.index', which neither core nor any plugin provides " +
        '(core provides: none; plugins provide: none)',
    ]);
  });

  it('names the cycle path, starting at the plugin listed first, and still orders every plugin', () => {
    const plugins = [
      plugin('free'),
      plugin('loop-c', { provides: [key('loop-c.feed')], requires: [key('loop-a.feed')] }),
      plugin('loop-a', { provides: [key('loop-a.feed')], requires: [key('loop-b.feed')] }),
      plugin('loop-b', { provides: [key('loop-b.feed')], optional: [key('loop-c.feed')] }),
      plugin('after', { requires: [key('loop-a.feed')] }),
    ];
    const plan = planActivation(plugins, core);
    expect(plan.problems).toEqual([
      "service cycle: 'loop-c' needs 'loop-a.feed' of 'loop-a', which needs 'loop-b.feed' of 'loop-b', " +
        "which optionally uses 'loop-c.feed' of 'loop-c'",
    ]);
    expect(plan.order.map((p) => p.manifest.id)).toEqual(['free', 'loop-c', 'loop-a', 'loop-b', 'after']);
  });

  it('reports each independent cycle once, reached through a plugin outside it', () => {
    const plugins = [
      plugin('waits', { requires: [key('x.feed')] }),
      plugin('x', { provides: [key('x.feed')], requires: [key('y.feed')] }),
      plugin('y', { provides: [key('y.feed')], requires: [key('x.feed')] }),
      plugin('p', { provides: [key('p.feed')], requires: [key('q.feed')] }),
      plugin('q', { provides: [key('q.feed')], requires: [key('p.feed')] }),
    ];
    expect(planActivation(plugins, core).problems).toEqual([
      "service cycle: 'x' needs 'y.feed' of 'y', which needs 'x.feed' of 'x'",
      "service cycle: 'p' needs 'q.feed' of 'q', which needs 'p.feed' of 'p'",
    ]);
  });

  it('refuses a service provided by two plugins, or one core already provides', () => {
    const plugins = [
      plugin('posts', { provides: [key('posts.archive')] }),
      plugin('archive-copy', { provides: [key('posts.archive'), key('core.pipeline')] }),
    ];
    expect(planActivation(plugins, core).problems).toEqual([
      "service 'posts.archive' is provided by both 'posts' and 'archive-copy'",
      "plugin 'archive-copy' provides service 'core.pipeline', which core already provides",
    ]);
  });
});
