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
import { useEffect, useState, type MouseEvent } from 'react';
import { POST_FORM_FIELDS, type PostFormField, type PostFormValues } from '@/lib/admin/post-form';
import { ADMIN_POSTS_PATH } from '@/lib/admin/routes';
import type { FormKey } from '@/lib/admin/unsaved-copy';
import { FieldHint, SubmitButton, TextAreaField, TextField } from '@/islands/shared/form-fields';
import { FormNotices } from '@/islands/shared/form-notices';
import { useFormFeedback } from '@/islands/shared/use-form-feedback';
import { asEditorHtml, tagsTheEditorDrops } from './editor-extensions';
import { ContentField } from './ContentField';
import { LEAVE_TEXT, LeaveDialog } from './LeaveDialog';
import { leaveTo } from './leave-guard';
import { RestoredChanges } from './RestoredChanges';
import type { RichTextEditorProps } from './RichTextEditor';
import { primaryButton, secondaryButton } from './ui';
import { useSavePost } from './useSavePost';
import { useUnsavedCopy } from './useUnsavedCopy';

export const POST_FORM_TEXT = {
  save: 'Save post',
  saving: 'Saving...',
  cancel: 'Cancel',
  draft: 'Save as draft',
  ...LEAVE_TEXT,
  discardRestored: 'Discard restored changes',
  notKept:
    'This browser has no room left to keep a copy of your unsaved changes (pictures take the most). Save the post now: until you do, closing this tab loses what you changed.',
} as const;

/** Each field's name on the form, as the notice of restored changes names it. */
const FIELD_NAMES = {
  title: 'Title',
  excerpt: 'Excerpt',
  content: 'Content',
  tags: 'Tags',
  featuredImage: 'Picture at the top of the post',
  isDraft: POST_FORM_TEXT.draft,
} as const satisfies Record<PostFormField, string>;

const ids = {
  title: 'post-title',
  excerpt: 'post-excerpt',
  content: 'post-content',
  tags: 'post-tags',
  featuredImage: 'post-featured-image',
  isDraft: 'post-is-draft',
} as const satisfies Record<PostFormField, string>;

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

/** Long enough for the accessibility tree to have the empty region before its text arrives. */
const RESTORED_NOTICE_AFTER_MS = 100;

/** What the notice over the form says: why a save failed, or that unsaved changes were restored. */
type Shown =
  | { tone: 'error'; message: string }
  | { tone: 'restored'; savedAt: string; bothChanged: readonly PostFormField[] };

export function PostForm({ formKey, initial, postId, savedAt, askForUrl }: PostFormProps) {
  // Content with pictures, tables or other elements the editor would drop is kept as it is.
  const [dropped] = useState(() => tagsTheEditorDrops(initial.content));
  const contentKept = dropped.length > 0;
  // The saved state as the editor writes it: it rewrites the stored HTML its own way (no line breaks
  // between blocks, list items in <p>), and that alone is no change.
  const [saved] = useState(() =>
    contentKept ? initial : { ...initial, content: asEditorHtml(initial.content) },
  );
  const copy = useUnsavedCopy(formKey, saved, { keepContent: contentKept });
  const { values, setValues, dirty } = copy;
  const notKept = dirty && !copy.kept;
  const [editorKey, setEditorKey] = useState(0);
  const { formRef, messageRef, fieldErrors: errors, actions: feedback } = useFormFeedback(POST_FORM_FIELDS);
  const [shown, setShown] = useState<Shown | null>(null);
  // Restored changes are said once the form, and so its empty status region, is on the page: a
  // region that arrives with its text is not announced, and the admin would not hear that the form
  // holds unsaved changes, some of them over another tab's save.
  const { restored } = copy;
  useEffect(() => {
    if (!restored) return;
    const { savedAt, bothChanged } = restored;
    const timer = setTimeout(
      () => setShown((current) => current ?? { tone: 'restored', savedAt, bothChanged }),
      RESTORED_NOTICE_AFTER_MS,
    );
    return () => clearTimeout(timer);
  }, [restored]);
  const [askLeave, setAskLeave] = useState<string | null>(null);
  const { saving, save } = useSavePost(
    { postId, savedAt },
    {
      invalid: feedback.showFieldErrors,
      valid: () => feedback.setFieldErrors({}),
      failed: (message) => {
        setShown({ tone: 'error', message });
        feedback.focusMessage();
      },
      saved: copy.forget,
    },
  );

  const update = <F extends PostFormField>(field: F, value: PostFormValues[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) {
      feedback.setFieldErrors((current) => {
        const { [field]: _cleared, ...rest } = current;
        return rest;
      });
    }
  };

  function discardRestored() {
    copy.discard();
    setEditorKey((key) => key + 1);
    feedback.setFieldErrors({});
    setShown(null);
    // The button that had focus goes with the notice.
    document.getElementById(ids.title)?.focus();
  }

  function guardLink(event: MouseEvent<HTMLAnchorElement>) {
    if (!dirty) return;
    event.preventDefault();
    setAskLeave(event.currentTarget.href);
  }

  const notice =
    shown?.tone === 'restored'
      ? {
          tone: 'warning' as const,
          message: (
            <RestoredChanges
              savedAt={shown.savedAt}
              bothChanged={shown.bothChanged.map((field) => FIELD_NAMES[field])}
              discardLabel={POST_FORM_TEXT.discardRestored}
              onDiscard={discardRestored}
            />
          ),
        }
      : shown;

  return (
    <>
      <FormNotices notice={notice} noticeRef={messageRef} idPrefix="post-form" spacing="mb-6" />

      <form
        ref={formRef}
        noValidate
        aria-busy={saving || undefined}
        onSubmit={(event) => {
          event.preventDefault();
          void save(values);
        }}
        className="flex flex-col gap-6 text-ink"
      >
        <TextField
          id={ids.title}
          name="title"
          label={FIELD_NAMES.title}
          error={errors.title}
          type="text"
          dir="auto"
          required
          value={values.title}
          onChange={(event) => update('title', event.target.value)}
        />

        <TextAreaField
          id={ids.excerpt}
          name="excerpt"
          label={FIELD_NAMES.excerpt}
          hint="One or two sentences shown on the blog cards."
          error={errors.excerpt}
          rows={3}
          dir="auto"
          required
          value={values.excerpt}
          onChange={(event) => update('excerpt', event.target.value)}
        />

        <ContentField
          // A new key starts the editor again from the saved content (restored changes discarded).
          key={editorKey}
          id={ids.content}
          html={contentKept ? saved.content : values.content}
          dropped={dropped}
          onChange={(html) => update('content', html)}
          disabled={saving}
          error={errors.content}
          askForUrl={askForUrl}
          pictures={values.pictures}
          onAddPicture={(key, dataUrl) =>
            setValues((current) => ({ ...current, pictures: { ...current.pictures, [key]: dataUrl } }))
          }
        />

        <TextField
          id={ids.tags}
          name="tags"
          label={FIELD_NAMES.tags}
          hint="Separate tags with commas, for example: autism, social skills"
          error={errors.tags}
          type="text"
          value={values.tags}
          onChange={(event) => update('tags', event.target.value)}
        />

        <TextField
          id={ids.featuredImage}
          name="featuredImage"
          label={`${FIELD_NAMES.featuredImage} (web address)`}
          hint="The web address of a picture, starting with https:// (or a picture on this site, starting with /)"
          error={errors.featuredImage}
          type="url"
          inputMode="url"
          spellCheck={false}
          value={values.featuredImage}
          onChange={(event) => update('featuredImage', event.target.value)}
        />

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
        {/* Said once, when it happens; it stays until a copy fits again or the post is saved. The
            region is always there (empty), so its words are announced when they come. */}
        <p role="status" className={notKept ? 'mt-3 font-semibold text-danger' : undefined}>
          {notKept ? POST_FORM_TEXT.notKept : ''}
        </p>
      </form>

      <LeaveDialog
        href={askLeave}
        onLeave={(href) => {
          copy.forget();
          leaveTo(href);
        }}
        onStay={() => setAskLeave(null)}
      />
    </>
  );
}
