import { PLUGIN_ID } from './ids';

export interface PluginManifest {
  /** kebab-case, permanent. */
  readonly id: string;
  readonly title: string;
  /** Bumped when the plugin's persisted shapes change. */
  readonly version: number;
  readonly description?: string;
  /** API path prefixes the plugin owns; its routes must lie under one of them. */
  readonly apiPrefixes?: readonly string[];
}

export function defineManifest<const M extends PluginManifest>(manifest: M): M {
  if (!PLUGIN_ID.test(manifest.id)) {
    throw new Error(`Plugin id '${manifest.id}' must be kebab-case (e.g. 'topic-radar')`);
  }
  return manifest;
}
