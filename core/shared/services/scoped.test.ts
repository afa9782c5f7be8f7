import { describe, expect, it } from 'vitest';
import { ServiceRegistry, serviceKey } from './registry';
import { ScopedServiceRegistry } from './scoped';

const pipeline = serviceKey<string>('core.pipeline');
const archive = serviceKey<string>('posts.archive');
const narratives = serviceKey<string>('topics.narratives');
const own = serviceKey<string>('notes.index');

function scoped(onUndeclared?: (message: string) => void) {
  const shared = new ServiceRegistry();
  shared.provide(pipeline, 'the pipeline');
  shared.provide(archive, 'the archive');
  const view = new ScopedServiceRegistry(shared, {
    plugin: 'notes', declared: { provides: [own], requires: [archive], optional: [narratives] }, core: [pipeline], onUndeclared,
  });
  return { shared, view };
}

describe('a plugin\'s scoped view of the services', () => {
  it('reaches declared and core services and provides declared ones into the shared registry', () => {
    const { shared, view } = scoped();
    expect(view.get(archive)).toBe('the archive');
    expect(view.get(pipeline)).toBe('the pipeline');
    expect(view.has(narratives)).toBe(false);
    const dispose = view.provide(own, 'mine');
    expect(shared.get(own)).toBe('mine');
    expect(view.get(own)).toBe('mine');
    dispose();
    expect(shared.has(own)).toBe(false);
  });

  it('throws on an undeclared use, naming the plugin, the key and where to declare it', () => {
    const { view } = scoped();
    const other = serviceKey<string>('topics.index');
    expect(() => view.get(other)).toThrow(new Error(
      "plugin 'notes' uses service 'topics.index' without declaring it: add it to services.requires or services.optional of its plugin definition",
    ));
    expect(() => view.has(other)).toThrow(/^plugin 'notes' uses service 'topics.index' without declaring it/);
    expect(() => view.provide(other, 'x')).toThrow(new Error(
      "plugin 'notes' provides service 'topics.index' without declaring it: add it to services.provides of its plugin definition",
    ));
  });

  it('only reports an undeclared use when given onUndeclared, and lets the call go ahead', () => {
    const reported: string[] = [];
    const { shared, view } = scoped((m) => reported.push(m));
    const other = serviceKey<string>('topics.index');
    view.provide(other, 'provided anyway');
    expect(shared.get(other)).toBe('provided anyway');
    expect(reported).toEqual([
      "plugin 'notes' provides service 'topics.index' without declaring it: add it to services.provides of its plugin definition",
    ]);
  });
});
