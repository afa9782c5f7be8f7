import { memo, Suspense, useCallback, useMemo } from 'react';
import { Mosaic, MosaicWindow, type MosaicNode, type MosaicPath } from 'react-mosaic-component';
import 'react-mosaic-component/react-mosaic-component.css';
import { Body1, Spinner, mergeClasses } from '@fluentui/react-components';
import type { PanelProps } from '@core/client/plugin/contract';
import { leavesOf, type LayoutNode, type Pane } from '@core/shared/layout/schema';
import type { WorkspaceState } from './layoutReducer';
import { lazyPanelComponent } from './lazyPanel';
import { PaneErrorBoundary } from './PaneErrorBoundary';
import type { PanelRegistry } from './panelRegistry';
import { PaneToolbar } from './PaneToolbar';
import { UnknownPanel } from './UnknownPanel';
import type { WorkspaceController } from './useWorkspaceController';
import { useWorkspaceStyles } from './workspaceStyles';
import { focusPaneElement } from './workspaceService';
import { useSkipLinkStyles } from '../shell/skipLinkStyles';
import { WorkspaceZeroState } from './WorkspaceZeroState';

type Filters = PanelProps['filters'];

export interface WorkspaceProps {
  /** From `useWorkspaceLayout(...).controller` (or `useWorkspaceController` when nothing is stored). */
  controller: WorkspaceController;
  registry: PanelRegistry;
  conversationId: string | null;
  filters: Filters;
  className?: string;
}

/**
 * Renders a layout with react-mosaic. Mosaic is controlled: `onChange` (every drag/resize frame) only updates
 * local state, `onRelease` (the end of the gesture) is the edit that gets persisted. Toolbar buttons dispatch
 * workspace actions, which persist on their own.
 */
export function Workspace({ controller, registry, conversationId, filters, className }: WorkspaceProps) {
  const styles = useWorkspaceStyles();
  const { state, dispatch } = controller;
  const root = state.layout.root;

  const onChange = useCallback(
    (next: MosaicNode<string> | null) => dispatch({ type: 'replaceTree', root: next as LayoutNode | null }, { persist: false }),
    [dispatch],
  );
  const onRelease = useCallback(
    (next: MosaicNode<string> | null) => dispatch({ type: 'replaceTree', root: next as LayoutNode | null }, { persist: true }),
    [dispatch],
  );
  const available = useMemo(
    () => registry.list().filter((panel) => conversationId !== null || !panel.needsConversation),
    [registry, conversationId],
  );

  if (root === null) {
    return (
      <div className={mergeClasses(styles.root, className)}>
        <WorkspaceZeroState panels={available} onAdd={(panelType) => dispatch({ type: 'addPane', panelType })} />
      </div>
    );
  }

  const renderTile = (paneId: string, path: MosaicPath) => (
    <PaneWindow
      paneId={paneId}
      path={path}
      state={state}
      dispatch={dispatch}
      registry={registry}
      conversationId={conversationId}
      filters={filters}
    />
  );

  return (
    <div className={mergeClasses(styles.root, className)} data-testid="workspace">
      <PaneSkipLinks paneIds={leavesOf(root as LayoutNode)} titleOf={(id) => paneTitle(registry, state.layout.panes[id])} />
      <Mosaic<string>
        className="mosaic-narrascope"
        value={root as MosaicNode<string>}
        onChange={onChange}
        onRelease={onRelease}
        renderTile={renderTile}
        renderTabTitle={({ tabKey }) => paneTitle(registry, state.layout.panes[tabKey])}
        // Each tab's window has its own split/maximise/close; Mosaic's tab-bar buttons would need `createNode`
        // (new leaves without pane entries) and render unstyled without Blueprint.
        renderTabToolbarControls={() => null}
        resize={{ minimumPaneSizePx: 48 }}
      />
    </div>
  );
}

/** "Skip to pane" links, shown only while focused: one Tab stop each to jump over the panes before it. */
function PaneSkipLinks({ paneIds, titleOf }: { paneIds: string[]; titleOf: (id: string) => string }) {
  const styles = useSkipLinkStyles();
  return (
    <nav aria-label="Skip to pane">
      {paneIds.map((id) => (
        <button key={id} type="button" className={styles.link} onClick={() => focusPaneElement(id)}>
          Skip to pane: {titleOf(id)}
        </button>
      ))}
    </nav>
  );
}

/**
 * Mosaic's drag preview without its default body (an `<h4>` per pane, read as a heading out of order): the preview
 * is a picture of the window being dragged, hidden from assistive technology.
 */
const renderPreview = ({ title }: { title: string }) => (
  <div className="mosaic-preview" aria-hidden="true">
    <div className="mosaic-window-toolbar"><div className="mosaic-window-title">{title}</div></div>
  </div>
);

function paneTitle(registry: PanelRegistry, pane: Pane | undefined): string {
  if (!pane) return 'Missing pane';
  return pane.title ?? registry.get(pane.type)?.title ?? `Unknown panel (${pane.type})`;
}

interface PaneWindowProps {
  paneId: string;
  path: MosaicPath;
  state: WorkspaceState;
  dispatch: WorkspaceController['dispatch'];
  registry: PanelRegistry;
  conversationId: string | null;
  filters: Filters;
}

function PaneWindow({ paneId, path, state, dispatch, registry, conversationId, filters }: PaneWindowProps) {
  const styles = useWorkspaceStyles();
  const pane = state.layout.panes[paneId];
  const title = paneTitle(registry, pane);
  const focused = state.focusedPaneId === paneId;
  // Focus follows the pointer and the keyboard into a pane, so pane commands act where the user is working.
  const focus = () => {
    if (!focused) dispatch({ type: 'focusPane', paneId });
  };
  return (
    <MosaicWindow<string>
      path={path}
      title={title}
      className={mergeClasses(styles.window, focused && styles.focusedWindow)}
      renderPreview={renderPreview}
      toolbarControls={
        <PaneToolbar
          paneId={paneId}
          title={title}
          maximised={state.maximised?.paneId === paneId}
          dispatch={dispatch}
        />
      }
    >
      <section
        aria-label={title}
        // A Tab stop: the skip links and "Focus next pane" land here, and a pane that scrolls can be scrolled with the
        // arrow keys (WCAG 2.1.1, axe scrollable-region-focusable).
        tabIndex={0}
        data-pane-id={paneId}
        data-focused={focused ? 'true' : 'false'}
        className={styles.paneBody}
        onMouseDownCapture={focus}
        onFocusCapture={focus}
      >
        <PaneErrorBoundary key={`${paneId}:${pane?.type ?? ''}`} title={title}>
          <PaneContent
            paneId={paneId}
            pane={pane}
            dispatch={dispatch}
            registry={registry}
            conversationId={conversationId}
            filters={filters}
          />
        </PaneErrorBoundary>
      </section>
    </MosaicWindow>
  );
}

interface PaneContentProps {
  paneId: string;
  pane: Pane | undefined;
  dispatch: WorkspaceController['dispatch'];
  registry: PanelRegistry;
  conversationId: string | null;
  filters: Filters;
}

/**
 * Memoised on the pane object (the reducer keeps untouched panes by reference), so drag and resize frames, which
 * re-render every window, do not re-render the panels inside them.
 */
const PaneContent = memo(function PaneContent({ paneId, pane, dispatch, registry, conversationId, filters }: PaneContentProps) {
  const styles = useWorkspaceStyles();
  if (!pane) {
    return (
      <div className={styles.centred}>
        <Body1>This pane has no configuration. Close it, or reset the layout.</Body1>
      </div>
    );
  }
  const { definition, config } = registry.resolvePaneConfig(pane, paneId);
  if (!definition) return <UnknownPanel panelType={pane.type} config={pane.config} />;
  if (definition.needsConversation && conversationId === null) {
    return (
      <div className={styles.centred}>
        <Body1>Open a conversation to use {definition.title}.</Body1>
      </div>
    );
  }
  const Panel = lazyPanelComponent(definition);
  const setConfig = (next: unknown) =>
    dispatch({
      type: 'setPaneConfig',
      paneId,
      config: next as Record<string, unknown>,
      configVersion: definition.config.version,
    });
  return (
    <Suspense
      fallback={
        <div className={styles.loading}>
          <Spinner size="small" label={`Loading ${definition.title}…`} />
        </div>
      }
    >
      <Panel paneId={paneId} config={config} setConfig={setConfig} conversationId={conversationId} filters={filters} />
    </Suspense>
  );
});
