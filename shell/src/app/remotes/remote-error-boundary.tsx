import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RemoteFailure } from './remote-failure';

interface Props {
  remote: string;
  /** The exposed module the mount renders: which drawn part of a served page is its own. */
  expose: string;
  /** What the person was trying to open, in the product's words ("the landing page"). */
  what: string;
  onRetry: () => void;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/**
 * Catches a remote that fails to load or throws while rendering, so the chrome and the other routes
 * keep working (docs/architecture.md#run-time-composition, docs/product/shell.md#remote-failure).
 */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // One line for whoever reads the console; the person sees the failure below.
    console.warn(`[trove] remote "${this.props.remote}" failed`, error, info.componentStack);
  }

  private readonly retry = () => {
    this.setState({ error: null });
    this.props.onRetry();
  };

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const { remote, expose, what } = this.props;
    return <RemoteFailure remote={remote} expose={expose} what={what} error={error} onRetry={this.retry} />;
  }
}
