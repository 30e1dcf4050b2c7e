/**
 * "Your saved registration" on the privacy page: the course registrations this browser keeps (the
 * registration form saves one before sending it), shown only to the visitor, read from this browser
 * and never from the website, each with a button that deletes it.
 *
 * Hydrated on first use (client:interact): nothing is read until the visitor asks, so the page loads
 * neither React's work nor the database code for those who only read it. The first press on "Show"
 * is held by the directive and replayed once this has hydrated.
 */
import { useEffect, useRef, useState } from 'react';
import type { Registration } from '@/lib/db';
import { deleteSavedRegistration, listSavedRegistrations } from '@/lib/forms/saved-registrations';
import { formatDeviceDateTime } from '@/lib/site/device-time';
import { withErrorBoundary } from '@/islands/shared/ErrorBoundary';
// Not through form-fields: the forms' shared code is one chunk of its own (src/integrations/client-chunks.mjs),
// which this page does not need.
import { FormNotices, type Notice } from '@/islands/shared/form-notices';
import { useHydrationSignal } from '@/islands/shared/use-hydration-signal';

export const SAVED_REGISTRATION_TEXT = {
  show: 'Show my saved registration',
  none: 'This browser keeps no course registration.',
  unreadable:
    "This browser's storage could not be read (it may be turned off, or this is a private window). Your browser's settings can still clear this site's data.",
  deleted: (saved: string) => `The registration saved ${saved} was deleted from this browser.`,
  notDeleted:
    "The registration could not be deleted. Please try again, or clear this site's data in your browser's settings.",
} as const;

export interface SavedRegistrationsProps {
  /**
   * What the form's saved codes mean: each course's name and each education level's label, by the
   * value the form saves. From the page, so this island loads none of the form's own modules.
   */
  labels: { course: Readonly<Record<string, string>>; educationLevel: Readonly<Record<string, string>> };
}

type View =
  | { state: 'closed' }
  | { state: 'loading' }
  | { state: 'unreadable' }
  | { state: 'shown'; list: Registration[] };

const buttonClass =
  'inline-flex min-h-11 items-center justify-center rounded-lg border-2 border-brand bg-page px-5 py-2 ' +
  'text-base font-semibold text-brand hover:bg-surface-strong aria-disabled:cursor-not-allowed aria-disabled:opacity-70';

export function SavedRegistrations({ labels }: SavedRegistrationsProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<View>({ state: 'closed' });
  const [notice, setNotice] = useState<Notice | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  // The notice takes focus after the render that shows it (kept in state, so committed with it).
  const [focusNotice, setFocusNotice] = useState(0);
  useHydrationSignal(rootRef);
  useEffect(() => {
    if (focusNotice > 0) noticeRef.current?.focus();
  }, [focusNotice]);

  const label = (field: keyof SavedRegistrationsProps['labels'], value: string) =>
    Object.hasOwn(labels[field], value) ? labels[field][value] : value;

  async function show() {
    if (view.state === 'loading') return;
    setNotice(null);
    setView({ state: 'loading' });
    const list = await listSavedRegistrations();
    setView(list ? { state: 'shown', list } : { state: 'unreadable' });
  }

  async function remove(registration: Registration) {
    if (deleting !== null || view.state !== 'shown') return;
    setDeleting(registration.id);
    const saved = formatDeviceDateTime(registration.createdAt);
    const deleted = await deleteSavedRegistration(registration.id);
    setDeleting(null);
    if (deleted) {
      setView({ state: 'shown', list: view.list.filter((r) => r.id !== registration.id) });
      setNotice({ tone: 'success', message: SAVED_REGISTRATION_TEXT.deleted(saved) });
    } else {
      setNotice({ tone: 'error', message: SAVED_REGISTRATION_TEXT.notDeleted });
    }
    // The pressed button is gone (or the visitor must hear why not): the notice takes focus.
    setFocusNotice((count) => count + 1);
  }

  const list = view.state === 'shown' ? view.list : undefined;

  return (
    <div ref={rootRef} className="text-ink" aria-busy={view.state === 'loading' || undefined}>
      {view.state === 'closed' || view.state === 'loading' ? (
        <button
          type="button"
          className={buttonClass}
          aria-disabled={view.state === 'loading' || undefined}
          onClick={() => void show()}
        >
          {SAVED_REGISTRATION_TEXT.show}
        </button>
      ) : view.state === 'unreadable' ? (
        <p>{SAVED_REGISTRATION_TEXT.unreadable}</p>
      ) : !list || list.length === 0 ? (
        <p>{SAVED_REGISTRATION_TEXT.none}</p>
      ) : (
        <ul className="space-y-6">
          {list.map((registration) => {
            const saved = formatDeviceDateTime(registration.createdAt);
            const headingId = `saved-registration-${registration.id}`;
            return (
              <li key={registration.id}>
                <article aria-labelledby={headingId} className="rounded-2xl border border-line bg-page p-6">
                  <h3 id={headingId} className="text-xl font-bold">
                    Registration saved {saved}
                  </h3>
                  <dl className="mt-4 space-y-2">
                    {(
                      [
                        ['Full name', registration.name],
                        ['Email', registration.email],
                        ['Phone', registration.phone],
                        ['Highest level of education', label('educationLevel', registration.educationLevel)],
                        ['Years of work experience', registration.workExperience],
                        ['Course', label('course', registration.course)],
                      ] as const
                    ).map(([label, value]) => (
                      <div key={label} className="flex flex-wrap gap-x-2">
                        <dt className="font-bold">{label}:</dt>
                        <dd className="break-words" dir="auto">
                          {value}
                        </dd>
                      </div>
                    ))}
                  </dl>
                  <button
                    type="button"
                    className={`${buttonClass} mt-5`}
                    aria-disabled={deleting !== null || undefined}
                    aria-describedby={headingId}
                    onClick={() => void remove(registration)}
                  >
                    Delete this registration
                  </button>
                </article>
              </li>
            );
          })}
        </ul>
      )}
      <FormNotices notice={notice} noticeRef={noticeRef} idPrefix="saved-registration" />
    </div>
  );
}

export default withErrorBoundary(SavedRegistrations);
