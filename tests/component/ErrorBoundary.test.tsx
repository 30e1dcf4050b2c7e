import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary, withErrorBoundary } from '@/islands/shared/ErrorBoundary';

function Broken(): never {
  throw new Error('render failed');
}

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('ErrorBoundary', () => {
  afterEach(() => vi.restoreAllMocks());

  it('renders its children when nothing fails', () => {
    render(
      <ErrorBoundary>
        <p>Fine</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('Fine')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the spec's error screen when a child throws, and refreshes on request", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onRefresh = vi.fn();
    render(
      <ErrorBoundary onRefresh={onRefresh}>
        <Broken />
      </ErrorBoundary>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toContainElement(screen.getByRole('heading', { name: 'Something went wrong' }));
    expect(alert).toHaveTextContent("We're sorry for the inconvenience. Please try refreshing the page.");
    await userEvent.click(screen.getByRole('button', { name: 'Refresh Page' }));
    expect(onRefresh).toHaveBeenCalledOnce();
  });

  it('withErrorBoundary passes props through and contains a failure', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const SafeGreeting = withErrorBoundary(Greeting);
    const SafeBroken = withErrorBoundary(Broken);
    render(
      <>
        <SafeGreeting name="Sam" />
        <SafeBroken />
      </>,
    );
    expect(screen.getByText('Hello Sam')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(SafeGreeting.displayName).toBe('WithErrorBoundary(Greeting)');
  });
});
