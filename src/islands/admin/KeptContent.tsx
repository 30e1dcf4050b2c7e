// What the post form shows instead of the editor for content the editor would damage (figures,
// tables...): the content as it is, saved unchanged, and where to change it instead.
import { sanitizeHtml } from '@/lib/text/sanitize';

/** How the note names what the editor would drop. */
const DROPPED_KINDS: Record<string, string> = {
  img: 'pictures',
  table: 'tables',
  figure: 'captioned figures',
  h5: 'small headings',
  h6: 'small headings',
  sup: 'raised text',
  sub: 'lowered text',
  abbr: 'abbreviations',
};

function droppedKinds(tags: readonly string[]): string {
  const kinds = [...new Set(tags.map((tag) => DROPPED_KINDS[tag]).filter(Boolean))];
  const named = kinds.length > 0 ? kinds : ['formatting'];
  return named.length === 1 ? named[0]! : `${named.slice(0, -1).join(', ')} and ${named.at(-1)!}`;
}

export function KeptContent({ id, html, dropped }: { id: string; html: string; dropped: readonly string[] }) {
  return (
    <div className="mt-1">
      <p
        id={`${id}-kept`}
        className="rounded-lg border-2 border-warning-ink bg-warning-surface p-4 text-base text-warning-ink"
      >
        This post has {droppedKinds(dropped)}, which this editor cannot keep, so its content cannot be changed
        here and is saved exactly as it is. To change the content, edit the post&apos;s Markdown file:
        download it with “Download a copy” (under “More” in the list), change it, then choose it with “Bring
        back posts from a backup”; or change it in content/posts.
      </p>
      <div
        id={id}
        className="post-editor mt-3 rounded-lg border-2 border-line bg-page px-4 py-3"
        // Sanitised like every stored post's HTML before it is shown.
        dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }}
      />
    </div>
  );
}
