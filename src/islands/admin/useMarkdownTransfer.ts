// The post list's Markdown export (one post, or all those new or changed in this browser) and import
// (all or nothing; replacing posts only after the admin confirms). The Markdown code (the `yaml`
// package, marked) loads on the first export or import, not with the list.
import { useState, type ChangeEvent } from 'react';
import type { ImportedPost } from '@/lib/admin/markdown';
import { importPosts, planImport, type ImportPlan } from '@/lib/admin/post-import';
import {
  backupPictureName,
  ownPictureFiles,
  pictureFileProblem,
  picturesBesidePost,
  renamePicturesBesidePost,
} from '@/lib/admin/picture-file';
import { pictureFromFile } from './picture-from-file';
import { readSitePosts, type SitePost } from '@/lib/admin/site-posts';
import { markBrowserPosts } from '@/lib/store/browser-posts-flag';
import type { Post } from '@/lib/db';
import { useAdminSession } from './AuthGate';
import { downloadTextFile, downloadTextFiles } from './download';
import type { ListMessage } from './useListMessage';
import { countText, plural } from '@/lib/text/plural';

export const MARKDOWN_UNAVAILABLE =
  'The backup tools could not be loaded, so nothing was downloaded or brought back. Please check your connection and try again.';

type MarkdownModule = typeof import('@/lib/admin/markdown');

/** Undefined (logged) when the Markdown code cannot be downloaded: offline, say. */
async function loadMarkdown(): Promise<MarkdownModule | undefined> {
  try {
    return await import('@/lib/admin/markdown');
  } catch (error) {
    console.error('[admin] could not load the Markdown code:', error);
    return undefined;
  }
}

export const PICTURES_EXPORTED =
  'The pictures added from this computer were downloaded with their posts: keep them with the backup files, and choose them together when you bring the posts back.';

/**
 * A post's Markdown file and the files of its own pictures (from the admin's computer), named as a
 * publish names them; the Markdown names each picture's file.
 */
function exportFiles(
  markdown: MarkdownModule,
  post: Post,
  site: SitePost | undefined,
): Array<{ name: string; text: string | Blob }> {
  const own = ownPictureFiles(post);
  if (own.files.length === 0) {
    return [{ name: markdown.markdownFileName(post, site), text: markdown.postToMarkdown(post, site) }];
  }
  const addresses: Record<string, string> = { ...site?.source.pictures };
  for (const picture of own.files) addresses[picture.src] = `./images/${picture.file}`;
  return [
    { name: markdown.markdownFileName(post, site), text: markdown.postToMarkdown(post, site, addresses) },
    ...own.files.map((picture) => ({
      name: picture.file,
      text: new Blob([picture.bytes as Uint8Array<ArrayBuffer>], { type: picture.type }),
    })),
  ];
}

async function readFiles(files: readonly File[]): Promise<Array<{ name: string; text: string }>> {
  return Promise.all(files.map(async (file) => ({ name: file.name, text: await file.text() })));
}

/** A backup's post file, by its name or type; every other chosen file is taken for a picture. */
const isMarkdownFile = (file: File) => /\.(?:md|markdown)$/i.test(file.name) || file.type === 'text/markdown';

type BackupPictures =
  { ok: true; posts: ImportedPost[]; missing: string[] } | { ok: false; errors: string[] };

/**
 * The pictures of a backup (the files the export wrote beside each post, chosen with the posts), read
 * back into the posts that name them through the same checks as a picture added in the editor
 * (picture-from-file.ts), under the local names they had. A picture named by a post but not chosen
 * stays a file beside the post (a picture of the site's own files is one); any chosen picture that
 * cannot be used, or that no post names, stops the import with a message saying why.
 */
async function withBackupPictures(
  posts: ImportedPost[],
  pictureFiles: readonly File[],
): Promise<BackupPictures> {
  const errors = pictureFiles.flatMap((file) => pictureFileProblem(file) ?? []);
  const byName = new Map(pictureFiles.map((file) => [file.name, file]));
  const used = new Set<string>();
  const missing: string[] = [];
  const result: ImportedPost[] = [];
  for (const post of posts) {
    const pictures: Record<string, string> = {};
    const names = new Map<string, string>();
    for (const name of picturesBesidePost(post.content)) {
      const file = byName.get(name);
      if (!file) {
        missing.push(name);
        continue;
      }
      used.add(name);
      if (pictureFileProblem(file)) continue; // said above
      const key = backupPictureName(post.slug, name);
      const prepared = await pictureFromFile(new File([file], key, { type: file.type }), (taken) =>
        Object.hasOwn(pictures, taken),
      );
      if (!prepared.ok) {
        errors.push(prepared.message.replace(`“${key}”`, `“${name}”`));
        continue;
      }
      pictures[prepared.key] = prepared.dataUrl;
      names.set(name, prepared.key);
    }
    result.push(
      names.size === 0 ? post : { ...post, content: renamePicturesBesidePost(post.content, names), pictures },
    );
  }
  for (const file of pictureFiles) {
    if (!used.has(file.name) && !pictureFileProblem(file)) {
      errors.push(`${file.name}: no post among the chosen files shows this picture.`);
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, posts: result, missing };
}

/** The pictures a post names that were not chosen with it: shown only once on the website. */
function missingText(missing: readonly string[]): string {
  if (missing.length === 0) return '';
  const names = missing.map((name) => `“${name}”`).join(', ');
  return ` ${plural(missing.length, 'The picture', 'The pictures')} ${names} ${plural(missing.length, 'was', 'were')} not among the chosen files: the post shows ${plural(missing.length, 'it', 'them')} only once ${plural(missing.length, 'it is', 'they are')} on the website. To bring ${plural(missing.length, 'it', 'them')} back from the backup, choose ${plural(missing.length, 'it', 'them')} together with the post's file.`;
}

export interface PendingImport {
  posts: ImportedPost[];
  plan: ImportPlan;
  /** Pictures beside the posts that were not among the chosen files. */
  missing: string[];
}

interface TransferContext {
  /** The list as shown; undefined while it loads. */
  posts: Post[] | undefined;
  /** Says the outcome, moving focus to it. */
  say: (message: ListMessage) => void;
  /** Shows the outcome, focus staying on the button that was pressed. */
  show: (message: ListMessage) => void;
  /** Reads the list again after a change. */
  reload: () => Promise<void>;
  setBusy: (busy: boolean) => void;
}

export function useMarkdownTransfer({ posts, say, show, reload, setBusy }: TransferContext) {
  const { confirm } = useAdminSession();
  const [pendingImport, setPendingImport] = useState<PendingImport | null>(null);
  const sayUnavailable = () => say({ tone: 'error', text: MARKDOWN_UNAVAILABLE });

  async function downloadPost(post: Post) {
    const [markdown, sitePosts] = await Promise.all([loadMarkdown(), readSitePosts([post])]);
    if (!markdown) return sayUnavailable();
    const site = sitePosts.get(post.id);
    const problem = markdown.exportProblem(post, site);
    if (problem) return say({ tone: 'error', text: `Nothing was downloaded. ${problem}` });
    const files = exportFiles(markdown, post, site);
    if (files.length === 1) downloadTextFile(files[0]!.name, files[0]!.text);
    else {
      await downloadTextFiles(files);
      show({ tone: 'status', text: PICTURES_EXPORTED });
    }
  }

  /** Posts new or changed in this browser: the repository already holds the site's others. */
  async function exportAll() {
    if (!posts?.length) return;
    const [markdown, sitePosts] = await Promise.all([loadMarkdown(), readSitePosts(posts)]);
    if (!markdown) return sayUnavailable();
    const toExport = posts.filter((post) => sitePosts.get(post.id)?.changed !== false);
    const leftOut = posts.length - toExport.length;
    const leftOutText =
      leftOut === 0
        ? ''
        : ` ${countText(leftOut, 'post')} published with the site and not changed here ${plural(leftOut, 'was', 'were')} left out: the website already keeps ${plural(leftOut, 'it', 'them')}.`;
    if (toExport.length === 0) {
      show({ tone: 'status', text: `Nothing to download.${leftOutText}` });
      return;
    }
    const problems = toExport.flatMap((post) => markdown.exportProblem(post, sitePosts.get(post.id)) ?? []);
    if (problems.length > 0) {
      say({
        tone: 'error',
        text: 'Nothing was downloaded: the build would refuse these posts as they are.',
        details: problems,
      });
      return;
    }
    const files = toExport.flatMap((post) => exportFiles(markdown, post, sitePosts.get(post.id)));
    await downloadTextFiles(files);
    const pictures = files.length > toExport.length ? ` ${PICTURES_EXPORTED}` : '';
    show({
      tone: 'status',
      text: `Downloaded ${toExport.length} backup ${plural(toExport.length, 'file')}, one per post. Keep them somewhere safe: “Bring back posts from a backup” reads them.${pictures}${leftOutText}`,
    });
  }

  async function filesChosen(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const files = input.files;
    if (!files || files.length === 0) return;
    setBusy(true);
    try {
      const markdown = await loadMarkdown();
      if (!markdown) return sayUnavailable();
      const chosen = [...files];
      const parsed = markdown.parseMarkdownFiles(await readFiles(chosen.filter(isMarkdownFile)));
      const withPictures = parsed.ok
        ? await withBackupPictures(
            parsed.posts,
            chosen.filter((file) => !isMarkdownFile(file)),
          )
        : undefined;
      if (!parsed.ok || !withPictures?.ok) {
        say({
          tone: 'error',
          text: 'Nothing was brought back. Please correct these files and try again:',
          details: parsed.ok ? (withPictures as { errors: string[] }).errors : parsed.errors,
        });
        return;
      }
      const plan = await planImport(withPictures.posts);
      if (!plan) {
        say({
          tone: 'error',
          text: 'The posts could not be read from this browser, so nothing was brought back.',
        });
        return;
      }
      if (plan.replaced.length > 0)
        setPendingImport({ posts: withPictures.posts, plan, missing: withPictures.missing });
      else await runImport(withPictures.posts, withPictures.missing);
    } finally {
      setBusy(false);
      input.value = '';
    }
  }

  async function runImport(imported: ImportedPost[], missing: readonly string[]) {
    setBusy(true);
    const check = await confirm();
    if (!check.ok) {
      setBusy(false);
      setPendingImport(null);
      say({ tone: 'error', text: check.message });
      return;
    }
    const result = await importPosts(imported);
    setBusy(false);
    setPendingImport(null);
    if (!result.ok) {
      say({ tone: 'error', text: result.error });
      return;
    }
    markBrowserPosts();
    await reload();
    const parts = [`${result.added} added`, `${result.replaced} replaced`].filter(
      (part) => !part.startsWith('0 '),
    );
    const pictures = imported.reduce((sum, post) => sum + Object.keys(post.pictures ?? {}).length, 0);
    say({
      tone: 'status',
      text: `Brought back ${countText(imported.length, 'post')} (${parts.join(', ')}).${pictures > 0 ? ` ${countText(pictures, 'picture')} from this computer came back with ${plural(imported.length, 'it', 'them')}.` : ''}${missingText(missing)}`,
    });
  }

  /** The admin agreed to replace the posts the files have the address of. */
  const confirmImport = () => {
    if (pendingImport) void runImport(pendingImport.posts, pendingImport.missing);
  };

  const cancelImport = () => {
    setPendingImport(null);
    say({ tone: 'status', text: 'Nothing was brought back; no post was changed.' });
  };

  return { downloadPost, exportAll, filesChosen, pendingImport, confirmImport, cancelImport };
}
