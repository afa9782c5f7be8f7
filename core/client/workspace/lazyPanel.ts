import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PanelDefinition, PanelProps } from '@core/client/plugin/contract';

type PanelComponent = LazyExoticComponent<ComponentType<PanelProps<any>>>;

/**
 * One `React.lazy` per panel definition, created on first use: heavy panels (Plotly, sigma) load only when a pane
 * shows them, and every pane of a type shares the loaded component. A failed load is forgotten, so "Reload panel"
 * in the pane's error boundary tries the import again instead of replaying the cached failure.
 */
const cache = new WeakMap<PanelDefinition, PanelComponent>();

export function lazyPanelComponent(panel: PanelDefinition): PanelComponent {
  let component = cache.get(panel);
  if (!component) {
    component = lazy(() =>
      panel.load().catch((error: unknown) => {
        cache.delete(panel);
        throw error;
      }),
    );
    cache.set(panel, component);
  }
  return component;
}
