import { Component, createRef, type ComponentType, type ErrorInfo, type ReactNode } from 'react';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** Called by 'Refresh Page'; reloads the page unless a test or host supplies its own. */
  onRefresh?: () => void;
}

interface ErrorBoundaryState {
  failed: boolean;
  /** The message is put into its (already present) alert region one render after the region. */
  messageShown: boolean;
}

/**
 * The element that last had focus anywhere in the page: when an island fails, the element that had
 * focus inside it is gone, and focus would fall to the page's start; knowing it was ours, the
 * boundary gives focus to its own button instead.
 */
let lastFocused: Element | null = null;
let trackingFocus = false;
function trackFocus(): void {
  if (trackingFocus || typeof document === 'undefined') return;
  trackingFocus = true;
  document.addEventListener('focusin', (event) => (lastFocused = event.target as Element), true);
}

/**
 * The spec's catch-all screen for a render error (SPEC 2 and 8): every island is wrapped in it, so
 * one failing island shows a way out instead of vanishing or taking the page down with it.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false, messageShown: false };
  private readonly refreshButton = createRef<HTMLButtonElement>();
  /** Focus was inside the failed island and fell to the page: it goes to "Refresh Page". */
  private focusLost = false;

  override componentDidMount(): void {
    trackFocus();
  }

  static getDerivedStateFromError(): Partial<ErrorBoundaryState> {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Island failed to render', error, info.componentStack);
    const active = document.activeElement;
    this.focusLost = (!active || active === document.body) && !!lastFocused && !lastFocused.isConnected;
    // A live region that arrives with its text already in it is not read out (docs/development.md,
    // "Spoken-output tests"): the empty region is in the page first, then the message fills it.
    this.setState({ messageShown: true });
  }

  override componentDidUpdate(_props: ErrorBoundaryProps, previous: ErrorBoundaryState): void {
    if (!this.state.messageShown || previous.messageShown || !this.focusLost) return;
    // One task later, so the alert is raised before focus says the button (an assertive alert
    // after it would cut the button's name off).
    setTimeout(() => this.refreshButton.current?.focus(), 0);
  }

  private readonly refresh = () => {
    if (this.props.onRefresh) this.props.onRefresh();
    else window.location.reload();
  };

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="rounded-lg border border-line bg-surface p-4 text-ink shadow-md">
        <div role="alert">
          {this.state.messageShown && (
            <div>
              <h2 className="text-lg font-bold">Something went wrong</h2>
              <p className="mt-1 text-ink-muted">
                We&apos;re sorry for the inconvenience. Please try refreshing the page.
              </p>
            </div>
          )}
        </div>
        <button
          ref={this.refreshButton}
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
