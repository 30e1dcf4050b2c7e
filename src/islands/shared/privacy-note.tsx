// The line under a public form's submit button: where what the visitor sends goes, and the link to
// the privacy page (PIPEDA asks for this at the point of collection).
import type { ReactNode } from 'react';
import { PRIVACY_PATH } from '@/lib/site/navigation';

export const PRIVACY_LINK_TEXT = 'How we handle your information';

export function PrivacyNote({ children }: { children: ReactNode }) {
  return (
    <p className="text-sm text-ink-muted">
      {children}{' '}
      <a
        href={PRIVACY_PATH}
        className="font-semibold text-brand underline underline-offset-4 hover:text-brand-strong"
      >
        {PRIVACY_LINK_TEXT}
      </a>
    </p>
  );
}
