// Small pure helpers for the service and approach entries (build time only).

export interface Ordered {
  id: string;
  data: { order: number };
}

/** Entries by their `order` field, then by id, without changing the input. */
export function byOrder<T extends Ordered>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => a.data.order - b.data.order || a.id.localeCompare(b.id));
}

/** The page of a service or approach entry. */
export function serviceHref(id: string): string {
  return `/services/${id}`;
}
