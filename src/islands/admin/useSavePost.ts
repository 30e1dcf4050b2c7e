// Saving the post form (SPEC 2 and 5): the values are checked against the form's rules, the session
// and CSRF token before the write, then the post is created or updated (slug, author and dates are
// set by the store) and the admin returns to the list with a flash message. A failed save keeps the
// form and says why.
import { useState } from 'react';
import {
  normalizeContent,
  postFormSchema,
  toPostInput,
  type PostFormField,
  type PostFormValues,
} from '@/lib/admin/post-form';
import { referencedPictures } from '@/lib/admin/picture-file';
import { ADMIN_POSTS_PATH } from '@/lib/admin/routes';
import { markBrowserPosts } from '@/lib/store/browser-posts-flag';
import { postStore } from '@/lib/store/posts';
import { sanitizeHtml } from '@/lib/text/sanitize';
import type { Post } from '@/lib/db';
import { loadSiteContext, postStanding } from '@/lib/publish/publish-state';
import { toFieldErrors, type FieldErrors } from '@/lib/validation/field-errors';
import { useAdminSession } from './AuthGate';
import { setFlash } from './flash';
import { leaveTo } from './leave-guard';

export const SAVE_FAILED_MESSAGE =
  'The post could not be saved in this browser. Your text is still in the form.';

/** The save message, then where the post now stands (issue 35), in the words the list shows. */
export async function savedMessage(post: Post, fetchFn?: typeof fetch): Promise<string> {
  const saved = `Saved “${post.title}” as ${post.isDraft ? 'a draft' : 'a published post'}.`;
  const words = postStanding(post, await loadSiteContext([post], fetchFn), Date.now());
  return `${saved} Where it stands: ${words.label}. ${words.explanation}`;
}

export interface SaveTarget {
  /** The post being edited; absent for a new post. */
  postId?: number | undefined;
  /** When the edited post was last saved, so a save from another tab since then is not undone. */
  savedAt?: Date | undefined;
}

export interface SaveOutcome {
  /** The values break the form's rules: one message per field. */
  invalid(errors: FieldErrors<PostFormField>): void;
  /** The values pass: earlier field messages go. */
  valid(): void;
  /** Nothing was saved, and this says why. */
  failed(message: string): void;
  /** Saved, just before the page leaves for the list. */
  saved(): void;
}

export function useSavePost({ postId, savedAt }: SaveTarget, outcome: SaveOutcome) {
  const { confirm } = useAdminSession();
  const [saving, setSaving] = useState(false);

  async function save(values: PostFormValues) {
    if (saving) return;
    const parsed = postFormSchema.safeParse(values);
    if (!parsed.success) {
      outcome.invalid(toFieldErrors<PostFormField>(parsed.error));
      return;
    }
    outcome.valid();
    setSaving(true);
    let left = false;
    try {
      const check = await confirm();
      if (!check.ok) return outcome.failed(check.message);
      const content = sanitizeHtml(normalizeContent(parsed.data.content));
      const input = {
        ...toPostInput(parsed.data, content),
        pictures: referencedPictures(content, values.pictures),
      };
      const result =
        postId === undefined
          ? await postStore.create(input)
          : await postStore.update(postId, input, new Date(), savedAt);
      if (!result.ok) return outcome.failed(result.error);
      outcome.saved();
      // Public pages in this browser now read the store, so the post shows there at once.
      markBrowserPosts();
      setFlash(await savedMessage(result.value));
      left = true;
      leaveTo(ADMIN_POSTS_PATH);
    } catch (error) {
      console.error('[admin] saving the post failed:', error);
      outcome.failed(SAVE_FAILED_MESSAGE);
    } finally {
      if (!left) setSaving(false);
    }
  }

  return { saving, save };
}
