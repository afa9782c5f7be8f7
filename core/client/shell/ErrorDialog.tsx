import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { reportLog } from '../api/logReporter';

interface State {
  error: Error | null;
}

/**
 * The shell's fallback: any unhandled rendering error opens a modal dialog with its message (spec part 1 §2).
 * A failed lazy page load (a new deployment replaced the chunks) reloads the page instead.
 */
export class ErrorDialogBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    if (/Failed to fetch dynamically imported module|Importing a module script failed/.test(error.message)) {
      window.location.reload();
      return;
    }
    reportLog('error', `Unhandled rendering error: ${error.message}${info.componentStack ? ` at ${info.componentStack.split('\n')[1]?.trim()}` : ''}`, error);
  }

  override render() {
    const { error } = this.state;
    return (
      <>
        {error ? null : this.props.children}
        <Dialog open={error !== null} modalType="alert">
          <DialogSurface aria-label="Error">
            <DialogBody>
              <DialogTitle>Something went wrong</DialogTitle>
              <DialogContent>{error?.message}</DialogContent>
              <DialogActions>
                <Button appearance="primary" onClick={() => this.setState({ error: null })}>Dismiss</Button>
                <Button onClick={() => window.location.assign('/')}>Go to the dashboard</Button>
              </DialogActions>
            </DialogBody>
          </DialogSurface>
        </Dialog>
      </>
    );
  }
}
