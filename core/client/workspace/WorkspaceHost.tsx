import { Spinner, makeStyles } from '@fluentui/react-components';
import type { PanelProps } from '@core/client/plugin/contract';
import type { Layout } from '@core/shared/layout/schema';
import type { ServiceRegistry } from '@core/shared/services/registry';
import type { LayoutStore } from './layoutStore';
import type { PanelRegistry } from './panelRegistry';
import { useWorkspaceLayout } from './useWorkspaceLayout';
import { Workspace } from './Workspace';
import { useProvideWorkspaceService } from './workspaceService';

const useStyles = makeStyles({
  loading: { height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' },
});

export interface WorkspaceHostProps {
  /** `<tab>[.<subtab>]`, e.g. `explorer.posts`. */
  layoutId: string;
  /** The built-in layout for `layoutId` (a JSON file from workspace-layouts/). */
  builtIn: Layout;
  store: LayoutStore;
  registry: PanelRegistry;
  /** The workspace service is registered here as `core.workspace` while the host is mounted. */
  services: ServiceRegistry;
  conversationId: string | null;
  filters: PanelProps['filters'];
  onError?: (message: string, error?: unknown) => void;
  className?: string;
}

/**
 * The usual way to show a workspace: loads the user's arrangement, saves finished edits, registers the
 * `core.workspace` service for commands, and renders the panes. Give it a `key={layoutId}` when switching tabs if
 * the focus and maximise state should start fresh (they are reset on load anyway).
 */
export function WorkspaceHost({
  layoutId,
  builtIn,
  store,
  registry,
  services,
  conversationId,
  filters,
  onError,
  className,
}: WorkspaceHostProps) {
  const styles = useStyles();
  const workspace = useWorkspaceLayout(layoutId, builtIn, store, { registry, ...(onError ? { onError } : {}) });
  useProvideWorkspaceService(services, workspace.controller, { resetLayout: workspace.reset });
  if (workspace.status === 'loading') {
    return (
      <div className={styles.loading}>
        <Spinner label="Loading layout…" />
      </div>
    );
  }
  return (
    <Workspace
      controller={workspace.controller}
      registry={registry}
      conversationId={conversationId}
      filters={filters}
      {...(className ? { className } : {})}
    />
  );
}
