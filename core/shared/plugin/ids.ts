/** Persisted ids are public API: namespaced, permanent, never derived from labels (architecture guide §1.3). */
export const PLUGIN_ID = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
/** `<pluginId>.<camelName>` for panel types, command ids and stage ids. */
export const QUALIFIED_ID = /^([a-z][a-z0-9]*(?:-[a-z0-9]+)*)\.([a-z][A-Za-z0-9]*)$/;

export function ownerOf(qualifiedId: string): string | null {
  return QUALIFIED_ID.exec(qualifiedId)?.[1] ?? null;
}

export function isOwnedBy(qualifiedId: string, pluginId: string): boolean {
  return ownerOf(qualifiedId) === pluginId;
}
