// A form's outcome, said in words and announced: success and warnings politely, errors at once.
// Colours come from the theme tokens so the high-contrast and dark modes apply.
import type { ReactNode, Ref } from 'react';

export type NoticeTone = 'success' | 'warning' | 'error';

export interface Notice {
  tone: NoticeTone;
  /** Text, or a short block (a list of problems, a button that undoes what the notice says). */
  message: ReactNode;
}

const noticeClass: Record<NoticeTone, string> = {
  success: 'border-success bg-success-surface text-success',
  warning: 'border-warning-ink bg-warning-surface text-warning-ink',
  error: 'border-danger bg-danger-surface text-danger',
};

interface FormNoticesProps {
  notice: Notice | null;
  /** Receives the visible notice, so the form can move focus to it after submitting. */
  noticeRef: Ref<HTMLDivElement>;
  idPrefix: string;
  /** Where the notice sits against its neighbours (the public forms': below the button). */
  spacing?: string;
  /**
   * While the form is sending: the submit button's busy text ('Sending...'), said politely. A
   * change of the focused button's name is not announced, so without it a screen-reader user hears
   * nothing between pressing the button and the outcome. Not shown: the button shows it.
   */
  progress?: string | undefined;
}

/**
 * Both live regions are always in the page (empty when there is nothing to say), because screen
 * readers only announce changes to a region that already exists. Success and warnings are polite
 * (role="status"); errors interrupt (role="alert").
 */
export function FormNotices({ notice, noticeRef, idPrefix, spacing = 'mt-4', progress }: FormNoticesProps) {
  const visible = (tone: 'polite' | 'assertive') => {
    if (!notice || (notice.tone === 'error') !== (tone === 'assertive')) return null;
    return (
      <div
        ref={noticeRef}
        tabIndex={-1}
        id={`${idPrefix}-notice`}
        data-notice={notice.tone}
        className={`${spacing} rounded-lg border-2 p-4 text-base font-semibold ${noticeClass[notice.tone]}`}
      >
        {notice.message}
      </div>
    );
  };
  return (
    <>
      <div role="status" aria-live="polite" aria-atomic="true" id={`${idPrefix}-status`}>
        {visible('polite')}
      </div>
      {/* A region of its own, not atomic: the outcome replacing it is then one change, said once. */}
      <p aria-live="polite" className="sr-only" id={`${idPrefix}-progress`}>
        {progress}
      </p>
      <div role="alert" aria-atomic="true" id={`${idPrefix}-alert`}>
        {visible('assertive')}
      </div>
    </>
  );
}
