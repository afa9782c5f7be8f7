/** A typed key for a service; the phantom type carries what `get` returns. */
export interface ServiceKey<T> {
  readonly id: string;
  readonly __type?: T;
}

export function serviceKey<T>(id: `core.${string}` | `${string}.${string}`): ServiceKey<T> {
  return { id };
}

/** Services reached through typed keys; a missing one fails with a message naming the key and what exists. */
export class ServiceRegistry {
  private readonly services = new Map<string, unknown>();

  provide<T>(key: ServiceKey<T>, value: T): () => void {
    if (this.services.has(key.id)) throw new Error(`Service '${key.id}' is already registered`);
    this.services.set(key.id, value);
    return () => this.services.delete(key.id);
  }

  get<T>(key: ServiceKey<T>): T {
    if (!this.services.has(key.id)) {
      const known = [...this.services.keys()].sort().join(', ') || 'none';
      throw new Error(`Service '${key.id}' is not registered (registered: ${known})`);
    }
    return this.services.get(key.id) as T;
  }

  has(key: ServiceKey<unknown>): boolean {
    return this.services.has(key.id);
  }
}
