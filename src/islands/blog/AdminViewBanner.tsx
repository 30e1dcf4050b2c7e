// Above a post shown from this browser's store (the admin's own version): who can see this page,
// in the words of postStanding (src/lib/publish/publish-state.ts), so a post visitors cannot see
// never looks like a live one (issue 35).
import type { StandingWords } from '@/lib/publish/publish-state';

export const ADMIN_VIEW_TEXT = {
  hidden: 'Visitors cannot see this page: only you can, in this browser.',
  shown: 'You are seeing your version of this post, from this browser.',
} as const;

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

export function AdminViewBanner({ words }: { words: StandingWords }) {
  const hidden = !words.visitorsSeeIt;
  return (
    <div
      role="note"
      aria-label="Who can see this post"
      data-admin-view-banner=""
      className="mb-6 rounded-xl border-2 border-warning-ink bg-warning-surface p-4 text-warning-ink"
    >
      <p className="font-bold">{hidden ? ADMIN_VIEW_TEXT.hidden : ADMIN_VIEW_TEXT.shown}</p>
      <p className="mt-1">
        <span className="font-semibold">{sentence(words.label)}</span> {words.explanation}
      </p>
    </div>
  );
}
