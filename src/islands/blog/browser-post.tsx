// Renders a post from this browser's post store in place of a page's content (BrowserPost.astro).
// The stored HTML is sanitised here, at the moment it reaches the page, like the built posts.
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { ErrorBoundary } from '@/islands/shared/ErrorBoundary';
import { collectTags, newestFirst, postsWithTag, PREVIEW_PARAMETER } from '@/lib/blog/posts';
import { loadSiteContext, postStanding } from '@/lib/publish/publish-state';
import { AdminViewBanner } from './AdminViewBanner';
import { safePictureAddress } from '@/lib/text/url-check';
import { findBrowserPost, readBrowserPosts, siteCopyChange } from '@/lib/store/browser-posts';
import { formatLongDate, isoDay } from '@/lib/site/dates';
import type { Post } from '@/lib/db';
import { showOwnPictures } from '@/lib/admin/picture-file';
import { sanitizeHtml } from '@/lib/text/sanitize';
import { PostArticle, type ArticleView } from '@/components/react/PostArticle';
import { SiteCopyNotice } from './SiteCopyNotice';
import { TagPosts } from '@/components/react/TagPosts';

export function articleFromStoredPost(post: Post): ArticleView {
  const image = safePictureAddress(post.featuredImage);
  return {
    title: post.title,
    author: post.author,
    day: isoDay(post.publishedAt),
    dateLabel: formatLongDate(post.publishedAt),
    tags: post.tags,
    // The post's own pictures (from the admin's computer) are kept with it: shown from there.
    html: showOwnPictures(sanitizeHtml(post.content), post.pictures),
    image: image ? { src: image, alt: '' } : undefined,
  };
}

/** True on the admin's preview address (/blog/{slug}?preview), which shows drafts too. */
export const isPreview = (search: string): boolean => new URLSearchParams(search).has(PREVIEW_PARAMETER);

/**
 * A preview shows drafts only while the admin is signed in in this browser: on a shared computer,
 * whoever comes next must not read them by opening a preview address from the history. The check's
 * code loads only on a preview address.
 */
async function showsDrafts(search: string): Promise<boolean> {
  if (!isPreview(search)) return false;
  const { isSignedIn } = await import('@/lib/auth/session-check');
  return isSignedIn();
}

/**
 * Looks the slug up among the store's published posts (drafts too on a preview address, for the
 * signed-in admin) and, when there is one to show, renders it into `host`, under a banner that says
 * who can see it (issue 35), and returns true. `anyVersion` false: only a post the admin created
 * or changed here.
 */
export async function showBrowserPost(
  host: HTMLElement,
  slug: string,
  anyVersion: boolean,
): Promise<boolean> {
  const preview = await showsDrafts(location.search);
  const match = await findBrowserPost(slug, { drafts: preview });
  if (!match || (!anyVersion && !match.changedHere && !preview)) return false;
  const view = articleFromStoredPost(match.post);
  const words = postStanding(match.post, await loadSiteContext([match.post]), Date.now());
  render(host, <PostArticle post={view} notice={<AdminViewBanner words={words} />} />, view.title);
  return true;
}

/**
 * For a tag address the build has no page for (/blog/tags/{slug} on the 404 page): when the store's
 * published posts carry that tag, renders their tag page into `host` and returns true.
 */
export async function showBrowserTagPage(host: HTMLElement, slug: string): Promise<boolean> {
  const posts = newestFirst(postsWithTag((await readBrowserPosts())?.published ?? [], slug));
  const label = collectTags(posts).find((tag) => tag.slug === slug)?.label;
  if (!label) return false;
  render(host, <TagPosts label={label} posts={posts} />, `Posts tagged ${label}`);
  return true;
}

/**
 * On a built post page whose post the admin drafted, deleted or retitled in this browser: shows the
 * admin a note in the article's [data-site-copy-notice] slot that visitors still see this copy.
 */
export async function showSiteCopyNotice(slug: string): Promise<void> {
  const slot = document.querySelector<HTMLElement>('[data-site-copy-notice]');
  if (!slot) return;
  const change = await siteCopyChange(slug);
  if (!change) return;
  const root = createRoot(slot);
  flushSync(() => root.render(<SiteCopyNotice change={change} />));
  slot.hidden = false;
}

function render(host: HTMLElement, content: ReactNode, title: string): void {
  const root = createRoot(host);
  flushSync(() => {
    host.replaceChildren(); // the 'Loading...' line
    root.render(<ErrorBoundary>{content}</ErrorBoundary>);
  });
  host.hidden = false;
  const suffix = document.title.lastIndexOf(' | ');
  document.title = suffix >= 0 ? `${title}${document.title.slice(suffix)}` : title;
}
