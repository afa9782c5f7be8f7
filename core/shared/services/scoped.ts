import type { ServiceDeclarations } from '../plugin/activationOrder';
import { ServiceRegistry, type ServiceKey } from './registry';

export interface ServiceScope {
  /** The plugin id, for messages. */
  plugin: string;
  declared: ServiceDeclarations | undefined;
  /** Core's own services, which every plugin may reach without declaring them. */
  core: readonly ServiceKey<unknown>[];
  /** Called with the message of an undeclared access; throws when absent. The call goes ahead if it returns. */
  onUndeclared?: (message: string) => void;
}

/**
 * One plugin's view of the shared registry: it may provide only what it declared in `provides` and reach only
 * what it declared (or core's own services). Undeclared use fails loudly, so the declarations the host orders
 * activation by cannot drift from the code. A subclass so it fits wherever a ServiceRegistry is expected; it keeps
 * nothing itself and overrides every method to work on the shared registry.
 */
export class ScopedServiceRegistry extends ServiceRegistry {
  private readonly provides: ReadonlySet<string>;
  private readonly reaches: ReadonlySet<string>;

  constructor(private readonly shared: ServiceRegistry, private readonly scope: ServiceScope) {
    super();
    const keys = (list: readonly ServiceKey<unknown>[] | undefined) => (list ?? []).map((k) => k.id);
    const { provides, requires, optional } = scope.declared ?? {};
    this.provides = new Set(keys(provides));
    this.reaches = new Set([...keys(provides), ...keys(requires), ...keys(optional), ...keys(scope.core)]);
  }

  override provide<T>(key: ServiceKey<T>, value: T): () => void {
    if (!this.provides.has(key.id)) {
      this.undeclared(
        `plugin '${this.scope.plugin}' provides service '${key.id}' without declaring it: ` +
          'add it to services.provides of its plugin definition',
      );
    }
    return this.shared.provide(key, value);
  }

  override get<T>(key: ServiceKey<T>): T {
    this.checkReach(key);
    return this.shared.get(key);
  }

  override has(key: ServiceKey<unknown>): boolean {
    this.checkReach(key);
    return this.shared.has(key);
  }

  private checkReach(key: ServiceKey<unknown>): void {
    if (this.reaches.has(key.id)) return;
    this.undeclared(
      `plugin '${this.scope.plugin}' uses service '${key.id}' without declaring it: ` +
        'add it to services.requires or services.optional of its plugin definition',
    );
  }

  private undeclared(message: string): void {
    if (!this.scope.onUndeclared) throw new Error(message);
    this.scope.onUndeclared(message);
  }
}
