// Counts in words ('1 post', '3 posts'): one rule for every count the site and the admin show.

/** The noun for `count`: `one` for exactly 1, otherwise `many` (the noun with an s by default). */
export const plural = (count: number, one: string, many = `${one}s`): string => (count === 1 ? one : many);

/** '1 post', '3 posts', '0 posts'. */
export const countText = (count: number, one: string, many?: string): string =>
  `${count} ${plural(count, one, many)}`;
