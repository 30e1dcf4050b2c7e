import { describe, expect, it } from 'vitest';
import { editPostPath, postIdFromPath } from '@/lib/admin/routes';

describe('admin routes', () => {
  it('reads the post id from the edit address', () => {
    expect(postIdFromPath('/admin/posts/3/edit')).toBe(3);
    expect(postIdFromPath('/admin/posts/42/edit/')).toBe(42);
    expect(postIdFromPath(editPostPath(7))).toBe(7);
  });

  it('has no id for other addresses', () => {
    for (const path of [
      '/admin/posts/edit/',
      '/admin/posts/0/edit',
      '/admin/posts/abc/edit',
      '/admin/posts/3',
      '/admin/posts/-1/edit',
      '/admin/posts/3/edit/x',
    ]) {
      expect(postIdFromPath(path)).toBeUndefined();
    }
  });
});
