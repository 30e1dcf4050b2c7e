/**
 * The post form (SPEC 2, Admin post form; SPEC 4 and 5): title and excerpt (required), content in
 * the rich-text editor, tags (comma-separated), an optional featured image address and 'Save as
 * draft' (checked for a new post). Saving creates or updates the post (slug, author and both dates
 * are set by the store) and returns to the list.
 *
 * Nothing is lost: while the form has unsaved changes a copy is kept in this browser (restored the
 * next time the form opens, e.g. after the session ended), leaving asks first, and a failed save
 * keeps the form and says why.
 */
import { useEffect, useRef, useState, type MouseEvent, type SubmitEvent } from 'react';
import {
  normalizeContent,
  POST_FORM_FIELDS,
  postFormSchema,
  sameFormValues,
  toPostInput,
  type PostFormField,
  type PostFormValues,
} from '@/lib/admin/post-form';
import { ADMIN_POSTS_PATH } from '@/lib/admin/routes';
import { readUnsavedCopy, removeUnsavedCopy, writeUnsavedCopy, type FormKey } from '@/lib/admin/unsaved-copy';
import { browserStorage } from '@/lib/auth/storage';
import { markBrowserPosts } from '@/lib/store/browser-posts-flag';
import { formatDeviceDateTime } from '@/lib/site/dates';
import { postStore } from '@/lib/store/posts';
import { sanitizeHtml } from '@/lib/text/sanitize';
import { toFieldErrors, type FieldErrors } from '@/lib/validation/field-errors';
import {
  FieldError,
  FieldHint,
  FieldLabel,
  errorIdFor,
  fieldA11y,
  inputClass,
  SubmitButton,
} from '@/islands/shared/form-fields';
import { useAdminSession, useBeforeSignInRedirect } from './AuthGate';
import { ConfirmDialog } from './ConfirmDialog';
import { asEditorHtml, tagsTheEditorDrops } from './editor-extensions';
import { setFlash } from './flash';
import { leaveTo, useLeaveGuard } from './leave-guard';
import { RichTextEditor, type RichTextEditorProps } from './RichTextEditor';
import { primaryButton, secondaryButton } from './ui';

export const POST_FORM_TEXT = {
  save: 'Save post',
  saving: 'Saving...',
  cancel: 'Cancel',
  draft: 'Save as draft',
  leaveTitle: 'Leave without saving?',
  leaveBody: 'Your changes to this post have not been saved. If you leave now, they are discarded.',
  keepEditing: 'Keep editing',
  discardAndLeave: 'Discard changes and leave',
  discardRestored: 'Discard restored changes',
} as const;

const ids = {
  title: 'post-title',
  excerpt: 'post-excerpt',
  content: 'post-content',
  tags: 'post-tags',
  featuredImage: 'post-featured-image',
  isDraft: 'post-is-draft',
} as const satisfies Record<PostFormField, string>;

function savedAtText(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'earlier' : formatDeviceDateTime(date);
}

export interface PostFormProps {
  formKey: FormKey;
  /** The saved state: empty for a new post, the stored post when editing. */
  initial: PostFormValues;
  /** The post being edited; absent for a new post. */
  postId?: number;
  /** When the post being edited was last saved, so a save from another tab since then is not undone. */
  savedAt?: Date;
  /** For tests: how the link button asks for an address. */
  askForUrl?: RichTextEditorProps['askForUrl'];
}

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

/**
 * Shown instead of the editor for content it would damage: the content as it is, saved unchanged,
 * and where to change it instead.
 */
function KeptContent({ id, html, dropped }: { id: string; html: string; dropped: readonly string[] }) {
  return (
    <div className="mt-1">
      <p
        id={`${id}-kept`}
        className="rounded-lg border-2 border-warning-ink bg-warning-surface p-4 text-base text-warning-ink"
      >
        This post has {droppedKinds(dropped)}, which this editor cannot keep, so its content cannot be changed
        here and is saved exactly as it is. To change the content, edit the post&apos;s Markdown file (export
        it, change it and import it again, or change it in content/posts).
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

type Notice = { tone: 'error'; message: string } | { tone: 'restored'; savedAt: string };

export function PostForm({ formKey, initial, postId, savedAt, askForUrl }: PostFormProps) {
  const { confirm } = useAdminSession();
  // Content with pictures, tables or other elements the editor would drop is kept as it is.
  const [dropped] = useState(() => tagsTheEditorDrops(initial.content));
  const contentKept = dropped.length > 0;
  // The saved state as the editor writes it: it rewrites the stored HTML its own way (no line breaks
  // between blocks, list items in <p>), and that alone is no change.
  const [saved] = useState(() =>
    contentKept ? initial : { ...initial, content: asEditorHtml(initial.content) },
  );
  const [restoredCopy] = useState(() => {
    const copy = readUnsavedCopy(browserStorage(), formKey);
    if (copy && contentKept) copy.values.content = saved.content;
    return copy && !sameFormValues(copy.values, saved) ? copy : undefined;
  });
  const [values, setValues] = useState<PostFormValues>(restoredCopy?.values ?? saved);
  const [editorKey, setEditorKey] = useState(0);
  const [errors, setErrors] = useState<FieldErrors<PostFormField>>({});
  const [notice, setNotice] = useState<Notice | null>(
    restoredCopy ? { tone: 'restored', savedAt: restoredCopy.savedAt } : null,
  );
  const [saving, setSaving] = useState(false);
  const [askLeave, setAskLeave] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const focusAfterRender = useRef<'notice' | 'first-invalid' | 'title' | null>(null);
  const valuesRef = useRef(values);
  useEffect(() => {
    valuesRef.current = values;
  });

  const dirty = !sameFormValues(values, saved);
  // The copy is also written at once when the admin leaves (a reload within that moment).
  useLeaveGuard(dirty, () => writeUnsavedCopy(browserStorage(), formKey, valuesRef.current));

  // The unsaved copy follows the form a moment after each change, and goes when nothing is unsaved.
  useEffect(() => {
    const storage = browserStorage();
    if (!dirty) {
      removeUnsavedCopy(storage, formKey);
      return;
    }
    const timer = window.setTimeout(() => writeUnsavedCopy(storage, formKey, values), 300);
    return () => window.clearTimeout(timer);
  }, [values, dirty, formKey]);

  useBeforeSignInRedirect(() => {
    if (!sameFormValues(valuesRef.current, saved))
      writeUnsavedCopy(browserStorage(), formKey, valuesRef.current);
  });

  useEffect(() => {
    const target = focusAfterRender.current;
    if (!target) return;
    focusAfterRender.current = null;
    if (target === 'notice') {
      noticeRef.current?.focus();
      return;
    }
    if (target === 'title') {
      document.getElementById(ids.title)?.focus();
      return;
    }
    const first = POST_FORM_FIELDS.find((field) => field in errors);
    if (first) document.getElementById(ids[first])?.focus();
  });

  const update = <F extends PostFormField>(field: F, value: PostFormValues[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) {
      setErrors((current) => {
        const { [field]: _cleared, ...rest } = current;
        return rest;
      });
    }
  };

  function discardRestored() {
    removeUnsavedCopy(browserStorage(), formKey);
    setValues(saved);
    setEditorKey((key) => key + 1);
    setErrors({});
    setNotice(null);
    // The button that had focus goes with the notice.
    focusAfterRender.current = 'title';
  }

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const parsed = postFormSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(toFieldErrors<PostFormField>(parsed.error));
      focusAfterRender.current = 'first-invalid';
      return;
    }
    setErrors({});
    setSaving(true);
    let left = false;
    try {
      const check = await confirm();
      if (!check.ok) {
        focusAfterRender.current = 'notice';
        setNotice({ tone: 'error', message: check.message });
        return;
      }
      const input = toPostInput(parsed.data, sanitizeHtml(normalizeContent(parsed.data.content)));
      const result =
        postId === undefined
          ? await postStore.create(input)
          : await postStore.update(postId, input, new Date(), savedAt);
      if (!result.ok) {
        focusAfterRender.current = 'notice';
        setNotice({ tone: 'error', message: result.error });
        return;
      }
      removeUnsavedCopy(browserStorage(), formKey);
      // Public pages in this browser now read the store, so the post shows there at once.
      markBrowserPosts();
      setFlash(`Saved “${result.value.title}” as ${result.value.isDraft ? 'a draft' : 'a published post'}.`);
      left = true;
      leaveTo(ADMIN_POSTS_PATH);
    } catch (error) {
      console.error('[admin] saving the post failed:', error);
      focusAfterRender.current = 'notice';
      setNotice({
        tone: 'error',
        message: 'The post could not be saved in this browser. Your text is still in the form.',
      });
    } finally {
      if (!left) setSaving(false);
    }
  }

  function guardLink(event: MouseEvent<HTMLAnchorElement>) {
    if (!dirty) return;
    event.preventDefault();
    setAskLeave(event.currentTarget.href);
  }

  return (
    <>
      <div role="alert" aria-atomic="true">
        {notice?.tone === 'error' && (
          <div
            ref={noticeRef}
            tabIndex={-1}
            className="mb-6 rounded-lg border-2 border-danger bg-danger-surface p-4 text-base font-semibold text-danger"
          >
            {notice.message}
          </div>
        )}
      </div>
      <div role="status" aria-atomic="true">
        {notice?.tone === 'restored' && (
          <div className="mb-6 rounded-lg border-2 border-warning-ink bg-warning-surface p-4 text-base text-warning-ink">
            <p className="font-semibold">
              Changes you had not saved ({savedAtText(notice.savedAt)}) were restored. Save the post to keep
              them.
            </p>
            <button type="button" className={`${secondaryButton} mt-3`} onClick={discardRestored}>
              {POST_FORM_TEXT.discardRestored}
            </button>
          </div>
        )}
      </div>

      <form
        ref={formRef}
        noValidate
        aria-busy={saving || undefined}
        onSubmit={(event) => void handleSubmit(event)}
        className="flex flex-col gap-6 text-ink"
      >
        <div>
          <FieldLabel htmlFor={ids.title} required>
            Title
          </FieldLabel>
          <input
            id={ids.title}
            name="title"
            type="text"
            dir="auto"
            required
            value={values.title}
            onChange={(event) => update('title', event.target.value)}
            className={inputClass}
            {...fieldA11y(ids.title, errors.title)}
          />
          <FieldError id={errorIdFor(ids.title)} message={errors.title} />
        </div>

        <div>
          <FieldLabel htmlFor={ids.excerpt} required>
            Excerpt
          </FieldLabel>
          <FieldHint id={`${ids.excerpt}-hint`}>One or two sentences shown on the blog cards.</FieldHint>
          <textarea
            id={ids.excerpt}
            name="excerpt"
            rows={3}
            dir="auto"
            required
            value={values.excerpt}
            onChange={(event) => update('excerpt', event.target.value)}
            className={`${inputClass} resize-y`}
            {...fieldA11y(ids.excerpt, errors.excerpt, `${ids.excerpt}-hint`)}
          />
          <FieldError id={errorIdFor(ids.excerpt)} message={errors.excerpt} />
        </div>

        <div>
          <p className="block text-base font-semibold text-ink">
            Content <span className="font-normal text-ink-muted">(optional)</span>
          </p>
          {contentKept ? (
            <KeptContent id={ids.content} html={saved.content} dropped={dropped} />
          ) : (
            <>
              <FieldHint id={`${ids.content}-hint`}>
                Shortcuts: Ctrl+B bold, Ctrl+I italic, Ctrl+K link, Ctrl+Z undo. In a list, Tab and Shift+Tab
                change the indent.
              </FieldHint>
              <div className="mt-1">
                <RichTextEditor
                  key={editorKey}
                  id={ids.content}
                  initialHtml={values.content}
                  onChange={(html) => update('content', html)}
                  describedBy={`${ids.content}-hint`}
                  disabled={saving}
                  {...(askForUrl ? { askForUrl } : {})}
                />
              </div>
            </>
          )}
        </div>

        <div>
          <FieldLabel htmlFor={ids.tags} required={false}>
            Tags
          </FieldLabel>
          <FieldHint id={`${ids.tags}-hint`}>
            Separate tags with commas, for example: autism, social skills
          </FieldHint>
          <input
            id={ids.tags}
            name="tags"
            type="text"
            value={values.tags}
            onChange={(event) => update('tags', event.target.value)}
            className={inputClass}
            {...fieldA11y(ids.tags, errors.tags, `${ids.tags}-hint`)}
          />
          <FieldError id={errorIdFor(ids.tags)} message={errors.tags} />
        </div>

        <div>
          <FieldLabel htmlFor={ids.featuredImage} required={false}>
            Featured image address
          </FieldLabel>
          <FieldHint id={`${ids.featuredImage}-hint`}>
            The web address of an image, starting with https:// (or a picture on this site, starting with /)
          </FieldHint>
          <input
            id={ids.featuredImage}
            name="featuredImage"
            type="url"
            inputMode="url"
            spellCheck={false}
            value={values.featuredImage}
            onChange={(event) => update('featuredImage', event.target.value)}
            className={inputClass}
            {...fieldA11y(ids.featuredImage, errors.featuredImage, `${ids.featuredImage}-hint`)}
          />
          <FieldError id={errorIdFor(ids.featuredImage)} message={errors.featuredImage} />
        </div>

        <div>
          <div className="flex items-center gap-3">
            <input
              id={ids.isDraft}
              name="isDraft"
              type="checkbox"
              checked={values.isDraft}
              onChange={(event) => update('isDraft', event.target.checked)}
              aria-describedby={`${ids.isDraft}-hint`}
              className="size-6 accent-brand"
            />
            <label htmlFor={ids.isDraft} className="text-base font-semibold">
              {POST_FORM_TEXT.draft}
            </label>
          </div>
          <FieldHint id={`${ids.isDraft}-hint`}>
            Drafts are not shown on the blog. Untick this to publish the post when you save.
          </FieldHint>
        </div>

        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton busy={saving} className={primaryButton}>
            {saving ? POST_FORM_TEXT.saving : POST_FORM_TEXT.save}
          </SubmitButton>
          <a href={ADMIN_POSTS_PATH} className={`${secondaryButton} no-underline`} onClick={guardLink}>
            {POST_FORM_TEXT.cancel}
          </a>
          {dirty && <span className="text-base text-ink-muted">Unsaved changes</span>}
        </div>
      </form>

      <ConfirmDialog
        open={askLeave !== null}
        title={POST_FORM_TEXT.leaveTitle}
        confirmLabel={POST_FORM_TEXT.discardAndLeave}
        cancelLabel={POST_FORM_TEXT.keepEditing}
        onConfirm={() => {
          removeUnsavedCopy(browserStorage(), formKey);
          if (askLeave) leaveTo(askLeave);
        }}
        onCancel={() => setAskLeave(null)}
      >
        <p>{POST_FORM_TEXT.leaveBody}</p>
      </ConfirmDialog>
    </>
  );
}
