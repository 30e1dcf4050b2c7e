// Admin addresses. The edit form is one static page (/admin/posts/edit/) that public/_redirects
// serves for every /admin/posts/{id}/edit; the id comes from the address the admin opened.

export const ADMIN_POSTS_PATH = '/admin/posts';
export const NEW_POST_PATH = '/admin/posts/new';

export const editPostPath = (id: number): string => `/admin/posts/${id}/edit`;

/** The post id in '/admin/posts/3/edit', or undefined for any other address. */
export function postIdFromPath(pathname: string): number | undefined {
  const match = /^\/admin\/posts\/([1-9]\d{0,14})\/edit\/?$/.exec(pathname);
  if (!match) return undefined;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) ? id : undefined;
}
