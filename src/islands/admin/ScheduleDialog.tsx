/**
 * "Publish at a date and time" (issue 30): asks for the moment, in the practice's time zone, and
 * publishes the post's file with that publishedAt. The site leaves the post out of every public place
 * until its first build from then (src/lib/site/publish-time.mjs); the post's status reads
 * "Scheduled for Monday, December 7, 2026, 8:00 a.m." until that moment.
 */
import { useId, useState } from 'react';
import type { Post } from '@/lib/db';
import { formatPublishMoment } from '@/lib/site/dates';
import { readPublishTime } from '@/lib/site/publish-time.mjs';
import { practice, zoneTimeName } from '@/lib/site/settings';
import { inputClass } from '@/islands/shared/form-fields';
import { ConfirmDialog } from './ConfirmDialog';

export const SCHEDULE_TEXT = {
  open: 'Publish at a date and time',
  title: 'Publish at a date and time',
  field: `Date and time (${zoneTimeName(practice.timeZone)})`,
  confirm: 'Schedule',
} as const;

/** The moment a datetime-local value names in the practice's zone, or why it cannot be used. */
export function scheduleChoice(value: string, now: number): { at: Date } | { problem: string } {
  const at = value ? readPublishTime(value, practice.timeZone) : undefined;
  if (!at) return { problem: 'Choose a date and a time.' };
  if (at.getTime() <= now)
    return { problem: 'That time has already come. Choose a later one, or publish now.' };
  return { at };
}

export function ScheduleDialog({
  post,
  busy,
  onSchedule,
  onCancel,
}: {
  post: Post | null;
  busy: boolean;
  onSchedule: (post: Post, at: Date) => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const close = () => {
    setValue('');
    setProblem(null);
    onCancel();
  };
  const reads = value ? readPublishTime(value, practice.timeZone) : undefined;
  return (
    <ConfirmDialog
      open={post !== null}
      title={SCHEDULE_TEXT.title}
      confirmLabel={SCHEDULE_TEXT.confirm}
      tone="normal"
      busy={busy}
      onConfirm={() => {
        const chosen = scheduleChoice(value, Date.now());
        if ('problem' in chosen) {
          setProblem(chosen.problem);
          return;
        }
        if (!post) return;
        setValue('');
        setProblem(null);
        onSchedule(post, chosen.at);
      }}
      onCancel={close}
    >
      {post && (
        <>
          <p>
            “{post.title}” goes on the website at this time, with the site's first build from then. Until then
            visitors do not see it anywhere, and its address shows “page not found”.
          </p>
          <label htmlFor={`${id}-at`} className="mt-3 block font-semibold">
            {SCHEDULE_TEXT.field}
          </label>
          <input
            id={`${id}-at`}
            type="datetime-local"
            className={inputClass}
            value={value}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : `${id}-reads`}
            onChange={(event) => {
              setValue(event.target.value);
              setProblem(null);
            }}
          />
          {problem ? (
            <p id={`${id}-problem`} className="mt-2 font-semibold text-danger">
              {problem}
            </p>
          ) : (
            <p id={`${id}-reads`} className="mt-2 text-ink-muted">
              {/* The moment ends with 'a.m.' or 'p.m.', which ends the sentence too. */}
              {reads ? `On the website ${formatPublishMoment(reads)}` : ''}
            </p>
          )}
        </>
      )}
    </ConfirmDialog>
  );
}
