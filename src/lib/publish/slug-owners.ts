// Which file of content/posts has, or will take, an address (decision 0056): the build gives a slug
// named in front matter to the oldest file naming it, drafts and scheduled posts included, while the
// site's manifest, a public file, lists built posts only. "Publish to website" and the CMS page ask
// the repository for the rest, through the backend the admin publishes with.
import { postFieldsAsWritten } from '@/lib/site/post-fields';
import { freePostSlug, namedSlug } from '@/lib/slug';
import { readFrontMatter } from '@/lib/text/post-file';
import { postPath, type PublishBackend } from './backend';
import type { SiteContext } from './publish-state';

/**
 * A file of content/posts other than `ownFile` that the last build did not publish (a draft, or a
 * post scheduled for later) and whose front matter names `slug`. One request lists the folder, one
 * reads each such file.
 */
export async function unbuiltFileNaming(
  slug: string,
  ownFile: string,
  site: SiteContext,
  backend: PublishBackend,
): Promise<string | undefined> {
  const unbuilt = (await backend.listPostFiles()).filter(
    (name) => name !== ownFile && !site.builtFiles.has(name),
  );
  // A few at a time: each read is a round trip to GitHub, and many at once trip its rate limits.
  for (let at = 0; at < unbuilt.length; at += READS_AT_ONCE) {
    const batch = unbuilt.slice(at, at + READS_AT_ONCE);
    const files = await Promise.all(batch.map((name) => backend.readFile(postPath(name))));
    const index = files.findIndex((file) => file !== undefined && slugNamedIn(file.text) === slug);
    if (index >= 0) return batch[index];
  }
  return undefined;
}

const READS_AT_ONCE = 6;

/**
 * The file, other than `ownFile`, that holds `slug` on the website or names it unbuilt; undefined
 * when none does, or when `ownFile` is the built post at that address.
 */
export async function slugOwner(
  slug: string,
  ownFile: string,
  site: SiteContext,
  backend: PublishBackend,
): Promise<string | undefined> {
  const built = site.builtSlugs.get(slug);
  if (built) return built === ownFile ? undefined : built;
  return unbuiltFileNaming(slug, ownFile, site, backend);
}

/** The address a post file's front matter names, as the build reads it; undefined for none or a broken file. */
function slugNamedIn(text: string): string | undefined {
  try {
    const { data, matter } = readFrontMatter(text.replace(/^\uFEFF/, ''), 'text');
    const { slug } = postFieldsAsWritten(data, matter);
    const named = typeof slug === 'string' ? namedSlug({ slug }) : undefined;
    return named === undefined ? undefined : freePostSlug(named);
  } catch {
    return undefined; // a file the build cannot read stops the build itself, with its own message
  }
}
