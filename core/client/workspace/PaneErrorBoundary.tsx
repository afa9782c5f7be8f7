import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';

export interface PaneErrorBoundaryProps {
  /** Panel title, for the log line. */
  title: string;
  children: ReactNode;
  onError?: (error: Error, info: ErrorInfo) => void;
}

interface State {
  error: Error | null;
}

/**
 * One per pane: a panel that throws while rendering (or whose lazy chunk fails to load) shows its message inside
 * its own pane, and the rest of the workspace keeps working instead of the whole app going blank.
 */
export class PaneErrorBoundary extends Component<PaneErrorBoundaryProps, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    if (this.props.onError) this.props.onError(error, info);
    else console.error(`[workspace] panel '${this.props.title}' crashed`, error);
  }

  private readonly retry = () => this.setState({ error: null });

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div role="alert" style={{ padding: 8 }}>
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>This panel stopped working</MessageBarTitle>
            {error.message}
          </MessageBarBody>
          <MessageBarActions>
            <Button size="small" onClick={this.retry}>
              Reload panel
            </Button>
          </MessageBarActions>
        </MessageBar>
      </div>
    );
  }
}
