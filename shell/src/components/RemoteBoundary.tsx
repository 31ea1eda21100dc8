import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert, Button } from 'shared-ui/bootstrap';

interface Props {
  /** Which remote module the slot holds (for the log). */
  id: string;
  onRetry(): void;
  /** A slot in a bar: a one-line alert. */
  compact?: boolean;
  children: ReactNode;
}

/** Catches a remote that fails to load or render, inside its own slot: the page keeps working. */
export class RemoteBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`Remote ${this.props.id} failed`, error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Alert
        variant="warning"
        role="alert"
        className="d-flex align-items-center gap-3 my-2"
        data-remote={this.props.id}
      >
        <span>This section could not be loaded.</span>
        <Button size="sm" variant="outline-dark" onClick={this.props.onRetry}>
          Retry
        </Button>
      </Alert>
    );
  }
}
