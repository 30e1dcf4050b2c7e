// @ts-check
// "Has a post's time come since the last deploy?", for the scheduled GitHub workflow
// (.github/workflows/scheduled-posts.yml): reads content/posts/*.md as the build does
// (src/lib/site/publish-time.mjs) and names the posts, not drafts, whose publishedAt lies in
// (since, now]. `since` is when the workflow last succeeded; the host builds only when one is due.
//
//   node tools/scheduled-posts.mjs [--since ISO] [--now ISO] [--root DIR]
//
// Prints what it found; under GitHub Actions also writes `due=true|false` and `next=ISO` to
// $GITHUB_OUTPUT. Exits 1 only when it cannot read the posts (a broken date stops it, as the build).
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  frontMatterText,
  nextPublishTime,
  readGivenMoment,
  readPublishTime,
} from '../src/lib/site/publish-time.mjs';
import { splitPostFile } from '../src/lib/text/post-file-split.mjs';

/** Without a last successful run (the first one), posts due in the day before count. */
export const FIRST_RUN_LOOKBACK_MS = 24 * 60 * 60 * 1000;

/** The practice's time zone (content/settings/practice.json). @param {string} root */
function practiceTimeZone(root) {
  const settings = JSON.parse(readFileSync(path.join(root, 'content/settings/practice.json'), 'utf8'));
  return String(settings.timeZone);
}

/**
 * The posts of `root`/content/posts with their moment, as the build reads them.
 * @param {string} root
 * @returns {{ file: string, title: string, isDraft: boolean, publishedAt: Date }[]}
 */
export function readPosts(root) {
  const timeZone = practiceTimeZone(root);
  const dir = path.join(root, 'content/posts');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((file) => {
      const source = readFileSync(path.join(dir, file), 'utf8');
      const frontMatter = splitPostFile(source)?.frontMatter ?? '';
      const written = frontMatterText(frontMatter, 'publishedAt') ?? '';
      const publishedAt = readPublishTime(written, timeZone);
      if (!publishedAt) throw new Error(`content/posts/${file}: publishedAt "${written}" is not a date`);
      return {
        file,
        title: frontMatterText(frontMatter, 'title') ?? file,
        // YAML's true, as the build reads it: 'True' and 'TRUE' too.
        isDraft: /^(?:true|True|TRUE)$/.test(frontMatterText(frontMatter, 'isDraft') ?? ''),
        publishedAt,
      };
    });
}

/**
 * The posts whose time came after `since` and by `now`: each one needs a build.
 * @template {{ isDraft: boolean, publishedAt: Date }} T
 * @param {readonly T[]} posts
 * @param {{ since: Date, now: Date }} window
 * @returns {T[]}
 */
export function postsDueBetween(posts, { since, now }) {
  return posts.filter(
    (post) =>
      !post.isDraft &&
      post.publishedAt.getTime() > since.getTime() &&
      post.publishedAt.getTime() <= now.getTime(),
  );
}

/**
 * @param {string[]} args
 * @param {{ root?: string, env?: Record<string, string | undefined>, log?: (text: string) => void }} [options]
 */
export function main(args, { root, env = process.env, log = console.log } = {}) {
  /** @param {string} name */
  const option = (name) => {
    const index = args.indexOf(name);
    return index === -1 ? undefined : args[index + 1];
  };
  const projectRoot = option('--root') ?? root ?? path.resolve(fileURLToPath(new URL('..', import.meta.url)));
  const timeZone = practiceTimeZone(projectRoot);
  /** @param {string} name */
  const moment = (name) => {
    const text = option(name);
    return text ? readGivenMoment(text, name, timeZone) : undefined;
  };
  const now = moment('--now') ?? new Date();
  const since = moment('--since') ?? new Date(now.getTime() - FIRST_RUN_LOOKBACK_MS);
  const posts = readPosts(projectRoot);
  const due = postsDueBetween(posts, { since, now });
  const next = nextPublishTime(posts, now);
  if (due.length === 0) log(`No post's time came between ${since.toISOString()} and ${now.toISOString()}.`);
  for (const post of due)
    log(`Due at ${post.publishedAt.toISOString()}: ${post.title} (content/posts/${post.file})`);
  log(next ? `Next scheduled post: ${next.toISOString()}.` : 'No post is scheduled later.');
  if (env.GITHUB_OUTPUT)
    appendFileSync(env.GITHUB_OUTPUT, `due=${due.length > 0}\nnext=${next?.toISOString() ?? ''}\n`);
  return { due, next };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
