// The admin's own bar above every admin page: who is signed in, and 'Sign out'.
import { useState } from 'react';
import { adminAccount } from '@/lib/auth/admin-account';
import { useAdminSession } from './AuthGate';
import { secondaryButton } from './ui';

export function AdminBar() {
  const { signOut } = useAdminSession();
  const [busy, setBusy] = useState(false);
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-line bg-surface px-4 py-3">
      <p className="text-base text-ink">
        Signed in as <strong>{adminAccount.username}</strong>
      </p>
      <button
        type="button"
        className={secondaryButton}
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void signOut();
        }}
      >
        {busy ? 'Signing out...' : 'Sign out'}
      </button>
    </div>
  );
}
