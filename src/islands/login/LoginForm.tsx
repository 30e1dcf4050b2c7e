/**
 * /login (SPEC 2, Login; SPEC 5 and 8): username and password, both required; 'Sign in' reads
 * 'Signing in...' while working; 'Invalid credentials. Please try again.' for an unknown user and a
 * wrong password alike. Checking a password takes about a second on a phone (its slow derivation,
 * lib/auth/password.ts), so meanwhile the button turns a spinner and a polite status says why.
 * After signing in the admin goes back to the protected page they came from
 * (?next=, same-site paths only) or to /admin/posts.
 *
 * The inputs are uncontrolled and the form is rendered at build time: the island hydrates on first
 * use (client:interact), so the login page loads no JavaScript until the admin starts typing, and
 * what they typed before hydration stays. Without JavaScript the form would post (never a GET,
 * which would put the password in the address); a note on the page explains that signing in needs
 * JavaScript.
 */
import { type SubmitEvent, useState } from 'react';
import { targetAfterSignIn } from '@/lib/auth/redirect';
import { LOGIN_FIELDS, loginSchema, type LoginField } from '@/lib/auth/login-form';
import type { Auth } from '@/lib/auth/session';
import { readText, TextField, SubmitButton } from '@/islands/shared/form-fields';
import { withErrorBoundary } from '@/islands/shared/ErrorBoundary';
import { useFormFeedback } from '@/islands/shared/use-form-feedback';

export const LOGIN_TEXT = {
  submit: 'Sign in',
  submitting: 'Signing in...',
  checking: 'Checking the password. On a phone this can take a few seconds.',
  developmentAccount:
    'This site was built without its own admin account, so the development account from the README ' +
    'signs in. Set ADMIN_USERNAME and ADMIN_PASSWORD_SHA256 and rebuild before publishing.',
} as const;

export interface LoginFormProps {
  /** True when the build uses the documented development account (shown as a warning). */
  developmentAccount?: boolean;
  /** For tests. */
  auth?: Auth;
  onSignedIn?: (target: string) => void;
}

/** Turns while signing in; still where motion is reduced (the status text says the same). */
function Spinner() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="3"
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
      data-progress=""
      className="mr-2 size-5 shrink-0 motion-safe:animate-spin"
    >
      <circle cx="12" cy="12" r="9" opacity="0.35" />
      <path d="M21 12a9 9 0 0 0-9-9" />
    </svg>
  );
}

const ids = { username: 'login-username', password: 'login-password' } as const satisfies Record<
  LoginField,
  string
>;

/**
 * The sign-in code (Dexie, jose: about 40 KB gzip) is loaded when the admin presses 'Sign in', not
 * when the island hydrates, so focusing the form costs only React and the field rules.
 */
async function loadAuth(): Promise<Auth> {
  return (await import('@/lib/auth/session')).auth;
}

function LoginForm({ developmentAccount = false, auth, onSignedIn }: LoginFormProps) {
  const [status, setStatus] = useState<'idle' | 'submitting' | 'signed-in'>('idle');
  const [error, setError] = useState<string | null>(null);
  const { formRef, messageRef, fieldErrors, actions: form } = useFormFeedback(LOGIN_FIELDS);

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    await form.submitOnce(async () => {
      setError(null);
      const parsed = loginSchema.safeParse({
        username: readText(data, 'username'),
        password: readText(data, 'password'),
      });
      if (!parsed.success) {
        form.showFieldErrors(parsed.fieldErrors);
        return;
      }
      form.setFieldErrors({});
      setStatus('submitting');
      try {
        const signInWith = auth ?? (await loadAuth());
        const result = await signInWith.signIn(parsed.data.username, parsed.data.password);
        if (!result.ok) {
          form.focusMessage();
          setError(result.message);
          setStatus('idle');
          return;
        }
        setStatus('signed-in');
        const target = targetAfterSignIn(window.location.search);
        if (onSignedIn) onSignedIn(target);
        else window.location.assign(target);
      } catch (failure) {
        console.error('[login] signing in failed unexpectedly:', failure);
        form.focusMessage();
        setError('Something went wrong while signing in. Please try again.');
        setStatus('idle');
      }
    });
  }

  const working = status !== 'idle';

  return (
    <form
      ref={formRef}
      method="post"
      // The island's own messages, also for a press made before it hydrated (which is held and
      // replayed): signing in cannot work without JavaScript anyway.
      noValidate
      aria-label="Sign in"
      aria-busy={working || undefined}
      onSubmit={(event) => void handleSubmit(event)}
      onChange={form.clearEditedField}
      className="flex flex-col gap-5 text-ink"
    >
      {developmentAccount && (
        <p className="rounded-lg border-2 border-warning-ink bg-warning-surface p-4 text-base text-warning-ink">
          {LOGIN_TEXT.developmentAccount}
        </p>
      )}
      <div role="alert" aria-atomic="true">
        {error && (
          <div
            ref={messageRef}
            tabIndex={-1}
            id="login-error"
            className="rounded-lg border-2 border-danger bg-danger-surface p-4 text-base font-semibold text-danger"
          >
            {error}
          </div>
        )}
      </div>

      <TextField
        id={ids.username}
        name="username"
        label="Username"
        error={fieldErrors.username}
        type="text"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        readOnly={working}
        required
      />

      <TextField
        id={ids.password}
        name="password"
        label="Password"
        error={fieldErrors.password}
        type="password"
        autoComplete="current-password"
        readOnly={working}
        required
      />

      <div>
        <SubmitButton busy={working}>
          {working && <Spinner />}
          {working ? LOGIN_TEXT.submitting : LOGIN_TEXT.submit}
        </SubmitButton>
        {/* In the page from the start (empty), so screen readers announce what is put in it. */}
        <p role="status" className="mt-3 text-base text-ink-muted">
          {status === 'submitting' ? LOGIN_TEXT.checking : ''}
        </p>
      </div>
    </form>
  );
}

export default withErrorBoundary(LoginForm);
