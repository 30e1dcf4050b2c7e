import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary, withErrorBoundary } from '@/islands/shared/ErrorBoundary';
import { expectHeard, listen } from './spoken';

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

/** An island that works until its button is pressed, then fails to render. */
function Fragile() {
  const [broken, setBroken] = useState(false);
  if (broken) throw new Error('render failed');
  return (
    <button type="button" onClick={() => setBroken(true)}>
      Send
    </button>
  );
}

// The reader joins the heading and the paragraph without a space; a browser reads them as two blocks.
const MESSAGE =
  "assertive: Something went wrongWe're sorry for the inconvenience. Please try refreshing the page.";

describe('ErrorBoundary, heard (issue 31)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says the error once; focus that was in the failed island goes to Refresh Page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    render(
      <ErrorBoundary>
        <Fragile />
      </ErrorBoundary>,
    );
    await listen();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await expectHeard([MESSAGE, 'button, Refresh Page']);
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toHaveFocus();
  });

  it('says the error once and leaves focus where it is when focus was elsewhere', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <>
        <button type="button">Elsewhere</button>
        <ErrorBoundary>
          <Fragile />
        </ErrorBoundary>
      </>,
    );
    const elsewhere = screen.getByRole('button', { name: 'Elsewhere' });
    elsewhere.focus();
    await listen();
    // The island fails without the visitor in it (a click from a script, not a focus change).
    screen.getByRole('button', { name: 'Send' }).click();
    await expectHeard([MESSAGE]);
    expect(elsewhere).toHaveFocus();
  });
});
