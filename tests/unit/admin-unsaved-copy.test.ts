import { describe, expect, it } from 'vitest';
import { EMPTY_POST_FORM } from '@/lib/admin/post-form';
import { requestPersistentStorage } from '@/lib/admin/persistent-storage';
import {
  readUnsavedCopy,
  removeUnsavedCopy,
  restoreOver,
  unsavedCopyKey,
  writeUnsavedCopy,
} from '@/lib/admin/unsaved-copy';
import { memoryStorage } from '@/lib/auth/storage';

describe('unsaved copy of the post form', () => {
  it('is kept per form and read back', () => {
    const storage = memoryStorage();
    const values = { ...EMPTY_POST_FORM, title: 'Half written' };
    const base = { ...EMPTY_POST_FORM, title: 'Saved' };
    expect(writeUnsavedCopy(storage, 3, values, base, new Date('2025-05-01T10:00:00Z'))).toBe(true);
    expect(readUnsavedCopy(storage, 3)).toEqual({ values, base, savedAt: '2025-05-01T10:00:00.000Z' });
    expect(readUnsavedCopy(storage, 'new')).toBeUndefined();
    removeUnsavedCopy(storage, 3);
    expect(readUnsavedCopy(storage, 3)).toBeUndefined();
  });

  it('ignores a damaged copy', () => {
    const storage = memoryStorage();
    storage.setItem(unsavedCopyKey('new'), '{not json');
    expect(readUnsavedCopy(storage, 'new')).toBeUndefined();
    storage.setItem(unsavedCopyKey('new'), JSON.stringify({ values: { title: 1 }, savedAt: 'x' }));
    expect(readUnsavedCopy(storage, 'new')).toBeUndefined();
  });

  it('reports a full storage instead of throwing', () => {
    const full = {
      ...memoryStorage(),
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    expect(writeUnsavedCopy(full, 'new', EMPTY_POST_FORM, EMPTY_POST_FORM)).toBe(false);
  });

  it('reads a copy written before it kept its base, and restores that one whole', () => {
    const storage = memoryStorage();
    const values = { ...EMPTY_POST_FORM, title: 'Older copy' };
    storage.setItem(unsavedCopyKey(3), JSON.stringify({ values, savedAt: '2025-05-01T10:00:00.000Z' }));
    const copy = readUnsavedCopy(storage, 3)!;
    expect(copy.base).toBeUndefined();
    expect(restoreOver(copy, { ...EMPTY_POST_FORM, title: 'Saved', excerpt: 'New' })).toEqual({
      values,
      bothChanged: [],
    });
  });
});

describe('unsaved changes put over a save made in another tab since (restoreOver)', () => {
  const base = {
    ...EMPTY_POST_FORM,
    title: 'Visual schedules',
    excerpt: 'How pictures help.',
    content: '<p>One.</p>',
    tags: 'routines',
    isDraft: true,
  };

  it("keeps the other tab's changes to the fields not changed here", () => {
    const here = { ...base, content: '<p>One.</p><p>Two, written here.</p>' };
    const there = { ...base, title: 'Visual schedules at home', tags: 'routines, home', isDraft: false };
    expect(restoreOver({ values: here, base, savedAt: '' }, there)).toEqual({
      values: { ...there, content: here.content },
      bothChanged: [],
    });
  });

  it('shows the unsaved version of a field changed in both, and names it', () => {
    const here = { ...base, title: 'Visual schedules: a start', excerpt: 'Same change.' };
    const there = { ...base, title: 'Visual schedules at home', excerpt: 'Same change.' };
    const restored = restoreOver({ values: here, base, savedAt: '' }, there);
    expect(restored.values).toEqual(here);
    // The excerpt was changed the same way in both: no conflict to name.
    expect(restored.bothChanged).toEqual(['title']);
  });

  it("keeps the pictures of both, so neither side's content loses one", () => {
    const here = { ...base, pictures: { 'a.png': 'data:image/png;base64,AA' } };
    const there = { ...base, pictures: { 'b.png': 'data:image/png;base64,BB' } };
    expect(restoreOver({ values: here, base, savedAt: '' }, there).values.pictures).toEqual({
      'a.png': 'data:image/png;base64,AA',
      'b.png': 'data:image/png;base64,BB',
    });
  });
});

describe('persistent storage request', () => {
  it('asks once and reports the answer', async () => {
    let asked = 0;
    const granted = { persisted: async () => false, persist: async () => (asked++, true) };
    expect(await requestPersistentStorage(granted)).toBe('persisted');
    expect(asked).toBe(1);
    expect(await requestPersistentStorage({ persisted: async () => true, persist: async () => false })).toBe(
      'persisted',
    );
    expect(await requestPersistentStorage({ persisted: async () => false, persist: async () => false })).toBe(
      'best-effort',
    );
    expect(await requestPersistentStorage(undefined)).toBe('unsupported');
  });
});
