import { describe, expect, it } from 'vitest';
import { EMPTY_POST_FORM } from '@/lib/admin/post-form';
import { requestPersistentStorage } from '@/lib/admin/persistent-storage';
import {
  readUnsavedCopy,
  removeUnsavedCopy,
  unsavedCopyKey,
  writeUnsavedCopy,
} from '@/lib/admin/unsaved-copy';
import { memoryStorage } from '@/lib/auth/storage';

describe('unsaved copy of the post form', () => {
  it('is kept per form and read back', () => {
    const storage = memoryStorage();
    const values = { ...EMPTY_POST_FORM, title: 'Half written' };
    expect(writeUnsavedCopy(storage, 3, values, new Date('2025-05-01T10:00:00Z'))).toBe(true);
    expect(readUnsavedCopy(storage, 3)).toEqual({ values, savedAt: '2025-05-01T10:00:00.000Z' });
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
    expect(writeUnsavedCopy(full, 'new', EMPTY_POST_FORM)).toBe(false);
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
