import type { ServiceKey } from '../services/registry';

/**
 * The services one half of a plugin provides and reaches, by typed key. The host orders activation from them,
 * refuses to start when a required one is missing or the plugins wait for each other, and lets `activate` reach
 * only what is declared here plus core's own services (see docs/plugins/authoring.md, "Services").
 */
export interface ServiceDeclarations {
  /** Keys this plugin registers (in `activate`, or on the client also from its components). One provider per key. */
  provides?: readonly ServiceKey<unknown>[];
  /** Keys it cannot work without: their providers activate first, and start-up is refused when nobody provides one. */
  requires?: readonly ServiceKey<unknown>[];
  /** Keys it uses when present (ask `has` first): their providers, when installed, activate first. */
  optional?: readonly ServiceKey<unknown>[];
}

/** What ordering needs of a plugin half; ServerPlugin and ClientPlugin both fit. */
export interface DeclaresServices {
  manifest: { readonly id: string };
  services?: ServiceDeclarations;
}

export interface ActivationPlan<P> {
  /** Every plugin once: providers before the plugins that use their services, otherwise in index order. */
  order: P[];
  /** Empty when the host may start. */
  problems: string[];
}

interface Edge {
  /** Index of the providing plugin. */
  to: number;
  key: string;
  required: boolean;
}

const ids = (keys: readonly ServiceKey<unknown>[] | undefined) => [...new Set((keys ?? []).map((k) => k.id))];

/**
 * Orders plugins for activation: each step activates the first plugin in index order whose providers are all
 * active, so the index order stands wherever the declarations allow it. `coreServices` are registered by the
 * host before any plugin activates: requiring one is always satisfied and no plugin may provide one.
 */
export function planActivation<P extends DeclaresServices>(
  plugins: readonly P[],
  coreServices: readonly ServiceKey<unknown>[],
): ActivationPlan<P> {
  const core = new Set(coreServices.map((k) => k.id));
  const name = (i: number) => plugins[i]!.manifest.id;
  const problems: string[] = [];

  const providerOf = new Map<string, number>();
  plugins.forEach((p, i) => {
    for (const key of ids(p.services?.provides)) {
      const other = providerOf.get(key);
      if (core.has(key)) problems.push(`plugin '${name(i)}' provides service '${key}', which core already provides`);
      else if (other !== undefined) problems.push(`service '${key}' is provided by both '${name(other)}' and '${name(i)}'`);
      else providerOf.set(key, i);
    }
  });

  const edges: Edge[][] = plugins.map((p, i) => {
    const out: Edge[] = [];
    const add = (key: string, required: boolean) => {
      const to = providerOf.get(key);
      if (to !== undefined && to !== i) out.push({ to, key, required });
      else if (to === undefined && required && !core.has(key)) problems.push(missingMessage(name(i), key, core, providerOf, name));
    };
    for (const key of ids(p.services?.requires)) add(key, true);
    for (const key of ids(p.services?.optional)) add(key, false);
    return out;
  });

  const active = new Set<number>();
  const order: P[] = [];
  const activate = (i: number) => {
    active.add(i);
    order.push(plugins[i]!);
  };
  while (order.length < plugins.length) {
    const ready = plugins.findIndex((_, i) => !active.has(i) && edges[i]!.every((e) => active.has(e.to)));
    if (ready >= 0) {
      activate(ready);
      continue;
    }
    // Every plugin left waits for another one left, so following waits from any of them runs into a cycle.
    const cycle = findCycle(plugins.findIndex((_, i) => !active.has(i)), edges, active);
    problems.push(cycleMessage(cycle, name));
    // Activating the cycle lets the rest be ordered, so one run reports every independent cycle.
    for (const i of cycle.map((e) => e.to).sort((a, b) => a - b)) activate(i);
  }
  return { order, problems };
}

function missingMessage(
  plugin: string, key: string, core: ReadonlySet<string>, providerOf: ReadonlyMap<string, number>, name: (i: number) => string,
): string {
  const coreList = [...core].sort().join(', ') || 'none';
  const pluginList = [...providerOf].sort(([a], [b]) => a.localeCompare(b)).map(([k, i]) => `${k} (${name(i)})`).join(', ') || 'none';
  return `plugin '${plugin}' requires service '${key}', which neither core nor any plugin provides ` +
    `(core provides: ${coreList}; plugins provide: ${pluginList})`;
}

/** The edges of one cycle reached from `start`, rotated to begin at its plugin listed first. */
function findCycle(start: number, edges: readonly Edge[][], active: ReadonlySet<number>): Edge[] {
  const path: Edge[] = [];
  const seenAt = new Map<number, number>();
  let at = start;
  while (!seenAt.has(at)) {
    seenAt.set(at, path.length);
    const next = edges[at]!.find((e) => !active.has(e.to))!;
    path.push(next);
    at = next.to;
  }
  const cycle = path.slice(seenAt.get(at));
  const first = cycle.reduce((best, e, k) => (e.to < cycle[best]!.to ? k : best), 0);
  // cycle[k] leads into plugin cycle[k].to; the edge leaving that plugin is cycle[k + 1].
  return [...cycle.slice(first + 1), ...cycle.slice(0, first + 1)];
}

function cycleMessage(cycle: readonly Edge[], name: (i: number) => string): string {
  const from = cycle.at(-1)!.to;
  const steps = cycle.map((e, k) =>
    `${k === 0 ? `'${name(from)}'` : 'which'} ${e.required ? 'needs' : 'optionally uses'} '${e.key}' of '${name(e.to)}'`);
  return `service cycle: ${steps.join(', ')}`;
}
