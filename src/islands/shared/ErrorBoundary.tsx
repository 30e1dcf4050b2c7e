import { Component, type ComponentType, type ErrorInfo, type ReactNode } from 'react';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** Called by 'Refresh Page'; reloads the page unless a test or host supplies its own. */
  onRefresh?: () => void;
}

interface ErrorBoundaryState {
  failed: boolean;
}

/**
 * The spec's catch-all screen for a render error (SPEC 2 and 8): every island is wrapped in it, so
 * one failing island shows a way out instead of vanishing or taking the page down with it.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Island failed to render', error, info.componentStack);
  }

  private readonly refresh = () => {
    if (this.props.onRefresh) this.props.onRefresh();
    else window.location.reload();
  };

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="rounded-lg border border-line bg-surface p-4 text-ink shadow-md">
        <h2 className="text-lg font-bold">Something went wrong</h2>
        <p className="mt-1 text-ink-muted">
          We&apos;re sorry for the inconvenience. Please try refreshing the page.
        </p>
        <button
          type="button"
          onClick={this.refresh}
          className="mt-3 min-h-11 rounded-md bg-brand px-4 py-2 font-bold text-on-brand hover:bg-brand-strong"
        >
          Refresh Page
        </button>
      </div>
    );
  }
}

/** Wraps an island's component in the error boundary; islands export the result as their default. */
export function withErrorBoundary<Props extends object>(Wrapped: ComponentType<Props>): ComponentType<Props> {
  function WithErrorBoundary(props: Props) {
    return (
      <ErrorBoundary>
        <Wrapped {...props} />
      </ErrorBoundary>
    );
  }
  WithErrorBoundary.displayName = `WithErrorBoundary(${Wrapped.displayName ?? Wrapped.name ?? 'Island'})`;
  return WithErrorBoundary;
}
