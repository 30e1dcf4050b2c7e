// The 'Filter by Tags' dialog (SPEC 2): a modal <dialog> of toggle chips (aria-pressed). The browser's
// modal dialog keeps focus inside, makes the page behind it inert and closes on Escape.
import { useEffect, useId, useRef } from 'react';
import type { TagChoice } from '@/lib/blog/posts';
import { CheckIcon } from '@/components/react/icons';

interface TagFilterDialogProps {
  open: boolean;
  tags: readonly TagChoice[];
  /** Selected tag slugs. */
  selected: readonly string[];
  onToggle: (slug: string) => void;
  onClose: () => void;
}

export function TagFilterDialog({ open, tags, selected, onToggle, onClose }: TagFilterDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const hintId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={hintId}
      onClose={onClose}
      className="m-auto max-h-[min(40rem,calc(100dvh-2rem))] w-[min(36rem,calc(100vw-2rem))] overflow-y-auto rounded-2xl border border-line bg-page p-6 text-ink shadow-xl backdrop:bg-black/60 sm:p-8"
    >
      <h2 id={titleId} className="text-2xl font-bold text-ink">
        Filter by Tags
      </h2>
      <p id={hintId} className="mt-2 text-ink-muted">
        Posts with any of the selected tags are shown.
      </p>
      {tags.length === 0 ? (
        <p className="mt-6 text-ink">There are no tags yet.</p>
      ) : (
        // Safari's VoiceOver drops list semantics from unstyled lists unless the role is explicit.
        // eslint-disable-next-line jsx-a11y/no-redundant-roles
        <ul role="list" aria-label="Tags" className="mt-6 flex flex-wrap gap-3">
          {tags.map((tag) => {
            const pressed = selected.includes(tag.slug);
            return (
              <li key={tag.slug}>
                <button
                  type="button"
                  aria-pressed={pressed}
                  onClick={() => onToggle(tag.slug)}
                  className={`inline-flex min-h-11 items-center gap-2 rounded-full border-2 px-4 font-bold transition-colors ${
                    pressed
                      ? 'border-brand bg-brand text-on-brand hover:bg-brand-strong'
                      : 'border-line bg-page text-ink hover:border-brand'
                  }`}
                >
                  {pressed && <CheckIcon className="size-4" />}
                  {tag.label}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="mt-8 flex justify-end">
        <button
          type="button"
          onClick={onClose}
          className="inline-flex min-h-11 items-center rounded-full bg-brand px-6 font-bold text-on-brand hover:bg-brand-strong"
        >
          Done
        </button>
      </div>
    </dialog>
  );
}
