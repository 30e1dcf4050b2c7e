/**
 * The course registrations this browser keeps (SPEC 7: the `registrations` table, saved before
 * sending), for the visitor to see and delete on the privacy page. Like the save itself
 * (submit-registration.ts), the database code is loaded only when asked, and a failure is logged and
 * reported, never thrown.
 */
import type { AppDatabase, Registration } from '@/lib/db';

export interface SavedRegistrationsOptions {
  /** Which database to use; defaults to the shared one. */
  database?: () => AppDatabase;
}

async function dbModule(): Promise<typeof import('@/lib/db') | undefined> {
  try {
    return await import('@/lib/db');
  } catch (error) {
    console.error('[saved registrations] could not load the database code:', error);
    return undefined;
  }
}

/** The registrations kept in this browser, newest first; undefined when they cannot be read. */
export async function listSavedRegistrations({ database }: SavedRegistrationsOptions = {}): Promise<
  Registration[] | undefined
> {
  const db = await dbModule();
  if (!db) return undefined;
  const result = await db.runDbOperation(
    'list saved registrations',
    (d) => d.registrations.orderBy('createdAt').reverse().toArray(),
    { database: database ?? db.getDb },
  );
  return result.ok ? result.value : undefined;
}

/** Deletes one kept registration; true once it is gone (also when it was already gone). */
export async function deleteSavedRegistration(
  id: number,
  { database }: SavedRegistrationsOptions = {},
): Promise<boolean> {
  const db = await dbModule();
  if (!db) return false;
  const result = await db.runDbOperation('delete saved registration', (d) => d.registrations.delete(id), {
    database: database ?? db.getDb,
  });
  return result.ok;
}
