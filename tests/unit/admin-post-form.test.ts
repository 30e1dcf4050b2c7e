import { describe, expect, it } from 'vitest';
import {
  EMPTY_POST_FORM,
  formValuesFromPost,
  POST_FORM_MESSAGES,
  postFormSchema,
  sameFormValues,
} from '@/lib/admin/post-form';
import { DRAFT, PUBLISHED, type Post } from '@/lib/db';
import { toFieldErrors } from '@/lib/validation/field-errors';

const valid = { ...EMPTY_POST_FORM, title: 'Visual schedules', excerpt: 'Pictures that help.' };

describe('post form rules', () => {
  it('requires title and excerpt with the spec messages', () => {
    const result = postFormSchema.safeParse({ ...EMPTY_POST_FORM, title: '   ' });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(toFieldErrors(result.error)).toEqual({
      title: POST_FORM_MESSAGES.titleRequired,
      excerpt: POST_FORM_MESSAGES.excerptRequired,
    });
    expect(POST_FORM_MESSAGES.titleRequired).toBe('Title is required');
    expect(POST_FORM_MESSAGES.excerptRequired).toBe('Excerpt is required');
    // The numbers come from src/lib/blog/post-rules.ts; the sentences stay as the admin reads them.
    expect(POST_FORM_MESSAGES.titleTooLong).toBe('Title must not exceed 150 characters');
    expect(POST_FORM_MESSAGES.excerptTooLong).toBe('Excerpt must not exceed 300 characters');
    expect(POST_FORM_MESSAGES.tagTooLong).toBe('Each tag must not exceed 40 characters');
  });

  it('trims text, parses tags and leaves an empty image out', () => {
    const result = postFormSchema.parse({
      ...valid,
      title: '  Visual schedules ',
      tags: ' home, ,routines ',
    });
    expect(result).toEqual({
      title: 'Visual schedules',
      excerpt: 'Pictures that help.',
      content: '',
      tags: ['home', 'routines'],
      featuredImage: undefined,
      isDraft: true,
    });
  });

  it('accepts an https or site image address and refuses others', () => {
    expect(
      postFormSchema.parse({ ...valid, featuredImage: 'https://example.org/a.webp' }).featuredImage,
    ).toBe('https://example.org/a.webp');
    expect(postFormSchema.parse({ ...valid, featuredImage: '/images/a.webp' }).featuredImage).toBe(
      '/images/a.webp',
    );
    // A repository path from an imported content/posts file is kept for the export.
    expect(postFormSchema.parse({ ...valid, featuredImage: './images/a.webp' }).featuredImage).toBe(
      './images/a.webp',
    );
    for (const bad of [
      './/evil.example/a.png',
      '/\\evil.example/a.png',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '//evil.example/a.png',
      'a.png',
      'http://img.example/a.png', // blocked by the pages' img-src https:
      '/\t/evil.example/a.png', // a browser drops the tab: //evil.example
      '/\n/evil.example/a.png',
      'https://img.example/a b.png',
      'https://img.example/a.png\nisDraft: false',
    ]) {
      const result = postFormSchema.safeParse({ ...valid, featuredImage: bad });
      expect(result.success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('says what is wrong with an image address', () => {
    const message = (featuredImage: string) =>
      postFormSchema.safeParse({ ...valid, featuredImage }).error?.issues[0]?.message;
    expect(message('/\\evil.example/a.png')).toBe('The picture address must not contain a backslash (\\)');
    expect(message('//evil.example/a.png')).toMatch(
      /^The picture address starts with \/\/, which a browser reads/,
    );
    expect(message('/a/\tb.png')).toMatch(/^The picture address must not contain spaces/);
    expect(message('http://img.example/a.png')).toBe(POST_FORM_MESSAGES.featuredImage);
  });

  it('keeps titles, excerpts and tags within what content/posts accepts', () => {
    expect(postFormSchema.safeParse({ ...valid, title: 'x'.repeat(151) }).success).toBe(false);
    expect(postFormSchema.safeParse({ ...valid, excerpt: 'x'.repeat(301) }).success).toBe(false);
    expect(postFormSchema.safeParse({ ...valid, tags: `ok, ${'x'.repeat(41)}` }).success).toBe(false);
  });

  it('starts a new post as a draft', () => {
    expect(EMPTY_POST_FORM.isDraft).toBe(true);
  });

  it('prefills the edit form from a post', () => {
    const post: Post = {
      id: 3,
      slug: 'a',
      isDraft: PUBLISHED,
      title: 'A',
      excerpt: 'B',
      content: '<p>C</p>',
      tags: ['x', 'y z'],
      author: 'Admin',
      publishedAt: new Date(),
      updatedAt: new Date(),
    };
    expect(formValuesFromPost(post)).toEqual({
      title: 'A',
      excerpt: 'B',
      content: '<p>C</p>',
      tags: 'x, y z',
      featuredImage: '',
      isDraft: false,
      pictures: {},
    });
    expect(formValuesFromPost({ ...post, isDraft: DRAFT, featuredImage: '/a.png' })).toMatchObject({
      isDraft: true,
      featuredImage: '/a.png',
    });
    // The post's own pictures (issue 35) come along; storage that holds something else gives none.
    const pictures = { 'a.png': 'data:image/png;base64,iVBORw==' };
    expect(formValuesFromPost({ ...post, pictures }).pictures).toEqual(pictures);
    expect(
      formValuesFromPost({ ...post, pictures: { 'a.png': 'https://example.org/a.png' } }).pictures,
    ).toEqual({});
  });

  it('compares form states field by field', () => {
    expect(sameFormValues(valid, { ...valid })).toBe(true);
    expect(sameFormValues(valid, { ...valid, isDraft: false })).toBe(false);
  });
});
