/**
 * The filter vocabulary is open: each dimension is declared by whoever stores it. Core declares the post store's
 * own (platform, domains, the four flags, below in coreDimensions.ts); a plugin declares the dimensions it computes in
 * its own folder (`shared/dimensions.ts`) and lists them in its client and server definitions, and the hosts
 * register them here. The codec, the predicate algebra, the filters panel, filter_counts and the table read this
 * registry, so a new analysis adds a filter without editing core or the posts plugin. See ADR 0007.
 */

export type DimensionKind = 'list' | 'boolean';

export interface FilterDimension {
  /** The query parameter and the key in `Filters`; snake_case, permanent (persisted in URLs and saved views). */
  name: string;
  kind: DimensionKind;
  /** Key of the dimension in the spec's "Filter count row" (the filter_counts answer), e.g. `sentiment`. */
  countKey: string;
  /** Who stores the values: `core` or a plugin id. */
  owner: string;
  /** What the filters panel calls it. */
  label: string;
  /** Position in the filters panel, lower first (core's are 10-110; plugins pick theirs). */
  order: number;
  /** Display labels of known values (`POSITIVE` -> `Positive`); booleans show Yes / No. */
  valueLabels?: Readonly<Record<string, string>>;
  /** How a value outside `valueLabels` is shown (e.g. `Unknown`); the value itself when absent. */
  otherValueLabel?: string;
  /** A closed vocabulary: decode refuses any other value with `<name> is one of a, b, c`. */
  closedValues?: readonly string[];
  /** The raw data row field that carries the dimension's value for the table and export, if any. */
  rowField?: string;
}

export function defineDimension(dimension: FilterDimension): FilterDimension {
  if (!/^[a-z][a-z0-9_]*$/.test(dimension.name)) throw new Error(`Filter dimension name '${dimension.name}' is not snake_case`);
  return Object.freeze({ ...dimension });
}

const RESERVED = new Set(['start_range', 'end_range', 'insight_risk']);

const sameDefinition = (a: FilterDimension, b: FilterDimension) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The dimensions of this process (a browser tab, a server). Hosts register their plugins' dimensions at start; several
 * servers in one process (tests) register the same definitions, which is counted, not refused; a different
 * definition under a taken name or count key is refused naming both owners.
 */
export class DimensionRegistry {
  private readonly entries = new Map<string, { dimension: FilterDimension; holders: number }>();
  private version = 0;

  register(dimensions: readonly FilterDimension[]): () => void {
    for (const d of dimensions) this.problemOf(d, true);
    for (const d of dimensions) {
      const entry = this.entries.get(d.name);
      if (entry) entry.holders += 1;
      else this.entries.set(d.name, { dimension: d, holders: 1 });
    }
    this.version += 1;
    let disposed = false;
    return () => {
      if (disposed) return;
      disposed = true;
      for (const d of dimensions) {
        const entry = this.entries.get(d.name);
        if (entry && --entry.holders === 0) this.entries.delete(d.name);
      }
      this.version += 1;
    };
  }

  /** Why `d` cannot join the registry, or null. `raise` throws the reason instead. */
  problemOf(d: FilterDimension, raise = false): string | null {
    let problem: string | null = null;
    const taken = this.entries.get(d.name)?.dimension;
    if (RESERVED.has(d.name)) problem = `Filter dimension '${d.name}' of '${d.owner}' is a reserved parameter`;
    else if (taken && !sameDefinition(taken, d)) {
      problem = `Filter dimension '${d.name}' is already declared by '${taken.owner}' (refused for '${d.owner}')`;
    } else {
      const sharing = [...this.entries.values()].find((e) => e.dimension.name !== d.name && e.dimension.countKey === d.countKey);
      if (sharing) problem = `Count key '${d.countKey}' of '${d.name}' (${d.owner}) is already used by '${sharing.dimension.name}' (${sharing.dimension.owner})`;
    }
    if (problem && raise) throw new Error(problem);
    return problem;
  }

  get(name: string): FilterDimension | undefined {
    return this.entries.get(name)?.dimension;
  }

  /** Every registered dimension, in panel order (then by name). */
  all(): FilterDimension[] {
    return [...this.entries.values()].map((e) => e.dimension).sort((a, b) => a.order - b.order || (a.name < b.name ? -1 : 1));
  }

  names(kind?: DimensionKind): string[] {
    return this.all().filter((d) => kind === undefined || d.kind === kind).map((d) => d.name);
  }

  /** Changes whenever a dimension is added or removed (for caches keyed by the vocabulary). */
  revision(): number {
    return this.version;
  }
}

/** The process's dimensions. */
export const filterDimensions = new DimensionRegistry();
