import { Component, type ErrorInfo, type ReactNode } from 'react';
import { PageShown } from '../prerender/handoff';
import * as styles from './remote-mount.module.css';

interface Props {
  remote: string;
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
 * keep working (docs/architecture.md#run-time-composition).
 */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // One line for whoever reads the console; the person sees the message below.
    console.warn(`[trove] remote "${this.props.remote}" failed`, error, info.componentStack);
  }

  private readonly retry = () => {
    this.setState({ error: null });
    this.props.onRetry();
  };

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const { remote, what } = this.props;
    return (
      <div className={styles.error} role="alert" data-testid={`remote-error-${remote}`}>
        <h2 className={styles.errorTitle}>Sorry, {what} couldn't load</h2>
        <p className={styles.errorText}>
          The “{remote}” part of the app couldn't load. Check your connection and try again; the rest of the
          app still works.
        </p>
        <button type="button" className={styles.retry} onClick={this.retry}>
          Retry
        </button>
        <details className={styles.errorDetails}>
          <summary>Technical details</summary>
          <code>{error.message}</code>
        </details>
        {/* A remote that failed shows this, never the prerendered page that would not work (008). */}
        <PageShown />
      </div>
    );
  }
}
