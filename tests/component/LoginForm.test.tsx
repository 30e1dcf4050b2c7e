import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import LoginForm from '@/islands/login/LoginForm';
import type { Auth, SignInResult } from '@/lib/auth/session';
import { deferred } from '../helpers';

const INVALID = 'Invalid credentials. Please try again.';

function fakeAuth(signIn: Auth['signIn']): Auth {
  return { signIn, verifyToken: vi.fn(), currentSession: vi.fn(), signOut: vi.fn() } as unknown as Auth;
}

const ok = { ok: true, session: {}, token: 't' } as unknown as SignInResult;
const invalid: SignInResult = { ok: false, reason: 'invalid-credentials', message: INVALID };

beforeEach(() => {
  window.history.replaceState(null, '', '/login');
});
afterEach(() => vi.restoreAllMocks());

describe('LoginForm', () => {
  it('has labelled username and password fields, both required, and a Sign in button', () => {
    render(<LoginForm auth={fakeAuth(vi.fn())} />);
    const username = screen.getByLabelText(/^Username/);
    const password = screen.getByLabelText(/^Password/);
    expect(username).toHaveAttribute('autocomplete', 'username');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByText('Username', { exact: false })).toHaveTextContent('(required)');
    expect(screen.getByRole('button', { name: 'Sign in' })).not.toHaveAttribute('aria-disabled');
    // Never a GET that would put the password in the address.
    expect(screen.getByRole('form', { name: 'Sign in' })).toHaveAttribute('method', 'post');
  });

  it('asks for both fields before trying', async () => {
    const signIn = vi.fn();
    render(<LoginForm auth={fakeAuth(signIn)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Username is required')).toBeVisible();
    expect(screen.getByText('Password is required')).toBeVisible();
    expect(screen.getByLabelText(/^Username/)).toHaveFocus();
    expect(screen.getByLabelText(/^Username/)).toHaveAttribute('aria-invalid', 'true');
    expect(signIn).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText(/^Username/), 'a');
    expect(screen.queryByText('Username is required')).toBeNull();
  });

  it("reads 'Signing in...' while working, then shows the same message for any bad credentials", async () => {
    const pending = deferred<SignInResult>();
    const signIn = vi.fn(() => pending.promise);
    render(<LoginForm auth={fakeAuth(signIn)} />);
    await userEvent.type(screen.getByLabelText(/^Username/), ' admin ');
    await userEvent.type(screen.getByLabelText(/^Password/), 'wrong password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('button', { name: 'Signing in...' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Signing in...' })).toHaveFocus();
    expect(signIn).toHaveBeenCalledWith('admin', 'wrong password');
    pending.resolve(invalid);
    const alert = await screen.findByText(INVALID);
    expect(alert).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent(INVALID);
    expect(screen.getByRole('button', { name: 'Sign in' })).not.toHaveAttribute('aria-disabled');
  });

  it('shows progress while the password is checked, on the button and in a polite status', async () => {
    const pending = deferred<SignInResult>();
    render(<LoginForm auth={fakeAuth(vi.fn(() => pending.promise))} />);
    const status = screen.getByRole('status');
    // The live region is there before anything is said in it, so screen readers announce the text.
    expect(status).toBeEmptyDOMElement();
    expect(screen.getByRole('button', { name: 'Sign in' }).querySelector('svg')).toBeNull();
    await userEvent.type(screen.getByLabelText(/^Username/), 'admin');
    await userEvent.type(screen.getByLabelText(/^Password/), 'pw');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    const button = screen.getByRole('button', { name: 'Signing in...' });
    expect(button).toHaveTextContent(/^Signing in\.\.\.$/);
    expect(button.querySelector('svg[aria-hidden="true"]')).toHaveClass('motion-safe:animate-spin');
    expect(status).toHaveTextContent('Checking the password. On a phone this can take a few seconds.');
    expect(status).not.toHaveAttribute('aria-live', 'assertive');

    pending.resolve(invalid);
    await screen.findByText(INVALID);
    expect(status).toBeEmptyDOMElement();
    expect(screen.getByRole('button', { name: 'Sign in' }).querySelector('svg')).toBeNull();
  });

  it('goes to the remembered page, or to the post list', async () => {
    const onSignedIn = vi.fn();
    window.history.replaceState(null, '', '/login?next=/admin/posts/3/edit');
    render(<LoginForm auth={fakeAuth(vi.fn(async () => ok))} onSignedIn={onSignedIn} />);
    await userEvent.type(screen.getByLabelText(/^Username/), 'admin');
    await userEvent.type(screen.getByLabelText(/^Password/), 'pw');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('/admin/posts/3/edit'));
  });

  it('ignores a remembered address on another site', async () => {
    const onSignedIn = vi.fn();
    window.history.replaceState(null, '', '/login?next=https://evil.example/');
    render(<LoginForm auth={fakeAuth(vi.fn(async () => ok))} onSignedIn={onSignedIn} />);
    await userEvent.type(screen.getByLabelText(/^Username/), 'admin');
    await userEvent.type(screen.getByLabelText(/^Password/), 'pw');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('/admin/posts'));
  });

  it('warns when the build uses the development account', () => {
    render(<LoginForm auth={fakeAuth(vi.fn())} developmentAccount />);
    expect(screen.getByText(/development account/)).toBeVisible();
  });
});
