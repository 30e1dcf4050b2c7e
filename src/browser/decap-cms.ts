// Decap CMS, bundled from the npm package with React 19 (the package's prebuilt browser bundle expects
// a global React of one exact version, which React 19 no longer publishes). The build bundles this
// file with esbuild outside Vite and keeps it between builds (src/integrations/decap-bundle.mjs,
// decision 0036), so it imports nothing only Vite can resolve: what it needs from Vite comes in
// startDecap()'s inputs (src/browser/decap-inputs.ts). Loaded by src/browser/cms-start.ts (the script
// of /cms/ only), so no public page loads it.
import CMS from 'decap-cms-app';
import { parseCmsConfig } from '@/lib/config/cms-config.mjs';
import type { DecapInputs } from '@/browser/decap-inputs';
import { FILE_SLUG, fileSlugOf, withoutClearedValues } from '@/lib/cms/entry';
import { withOurPhrases } from '@/lib/cms/phrases';
import { SCHEDULE_NOTE, withPracticeNow, withScheduleNote, withoutScheduleNote } from '@/lib/cms/schedule';
import {
  entryProblems,
  fieldsOfEntry,
  replacedFileProblem,
  takenSlugProblem,
  type NamedCollections,
} from '@/lib/cms/validation';
import {
  fieldsByNames,
  formatFrontMatter,
  formatJson,
  formatMarkdown,
  parseFrontMatter,
  type CmsConfigShape,
} from '@/lib/cms/formats';
import { PostPreview } from '@/components/react/CmsPostPreview';

/** Starts Decap with admin/config.yml, the publish target and the preview's stylesheets. */
export function startDecap({
  configText,
  publishTarget,
  previewStyles,
  siteStyles,
  fileInRepository,
  slugOwner,
}: DecapInputs): void {
  // admin/config.yml, so the writers below know the field order of every file.
  const config = parseCmsConfig(configText) as CmsConfigShape & Record<string, unknown>;

  /**
   * The list of what stops an entry from being saved, kept on screen until the next save (Decap's own
   * message goes after 8 seconds) and announced once (role="alert"). Built with textContent: a problem
   * can quote what the admin typed.
   */
  const problemsPanel = document.createElement('div');
  problemsPanel.className = 'cms-problems';
  problemsPanel.setAttribute('role', 'alert');
  document.body.append(problemsPanel);

  function showProblems(problems: readonly string[]): void {
    problemsPanel.replaceChildren();
    if (problems.length === 0) return;
    const heading = document.createElement('p');
    heading.className = 'cms-problems__heading';
    heading.textContent = 'Not saved. The site cannot be built with this entry. Please change:';
    const list = document.createElement('ul');
    for (const problem of problems) {
      const item = document.createElement('li');
      item.textContent = problem;
      list.append(item);
    }
    const close = document.createElement('button');
    close.type = 'button';
    close.textContent = 'Close this list';
    close.addEventListener('click', () => problemsPanel.replaceChildren());
    problemsPanel.append(heading, list, close);
  }

  /** Decap shows a failed save as 'Failed to persist entry: ' followed by the error as text. */
  class EntryNotSaved extends Error {
    override toString(): string {
      return this.message;
    }
  }

  // Files keep their committed layout (src/lib/cms/formats.ts). Decap passes the top-level field names
  // of the collection or file being saved; they pick its field list for the order of nested keys too.
  CMS.registerCustomFormat('json', 'json', {
    fromFile: (content: string) => JSON.parse(content) as unknown,
    toFile: (data: object, sortedKeys: string[] = []) => formatJson(data, fieldsByNames(config, sortedKeys)),
  });
  CMS.registerCustomFormat('frontmatter', 'md', {
    // A post still ahead gets the note the posts list shows (src/lib/cms/schedule.ts), never written back.
    fromFile: (content: string) => withScheduleNote(parseFrontMatter(content), Date.now()),
    toFile: (data: object, sortedKeys: string[] = []) =>
      formatFrontMatter(
        withoutFileSlug(withoutScheduleNote(data as Record<string, unknown>)),
        fieldsByNames(
          config,
          sortedKeys.filter((key) => key !== SCHEDULE_NOTE),
        ),
      ),
  });

  /** The entry without the key that names a new file (src/lib/cms/entry.ts): it is never written. */
  function withoutFileSlug(data: Record<string, unknown>): Record<string, unknown> {
    const { [FILE_SLUG]: _fileSlug, ...rest } = data;
    return rest;
  }

  /**
   * Where the pictures uploaded for this entry and not saved yet will be written: Decap names a new
   * entry's uploads in the collection's folder and moves them into its media folder as it saves
   * ('images' beside the posts; a folder from the root when it starts with '/').
   */
  function uploadedPaths(entry: { get(key: 'mediaFiles'): unknown }, collection: string): string[] {
    const files = entry.get('mediaFiles') as { toArray(): { get(key: string): unknown }[] } | undefined;
    const settings = (config.collections as { name: string; folder?: string; media_folder?: string }[]).find(
      (each) => each.name === collection,
    );
    const media = settings?.media_folder ?? String(config.media_folder ?? '');
    const folder = media.startsWith('/')
      ? media.slice(1)
      : [settings?.folder, media].filter(Boolean).join('/');
    return (files?.toArray() ?? [])
      .filter((file) => file.get('draft') === true)
      .map((file) => String(file.get('name') ?? ''))
      .filter(Boolean)
      .map((name) => `${folder}/${name}`);
  }

  CMS.registerEventListener({
    name: 'preSave',
    handler: async ({ entry }) => {
      const data = withoutClearedValues(entry.get('data')).delete(SCHEDULE_NOTE).delete(FILE_SLUG);
      // The build's own schemas, before anything is written: the admin hears of a problem here, not
      // from a failed deploy (src/lib/cms/validation.ts).
      const collection = String(entry.get('collection'));
      const fields = fieldsOfEntry(
        config as unknown as NamedCollections,
        collection,
        String(entry.get('slug')),
      );
      const problems = entryProblems(collection, data.toJS(), fields);
      // Decap writes an upload over a file of the same name, another post's picture included.
      for (const path of uploadedPaths(entry, collection)) {
        if ((await fileInRepository(path)) === true) problems.push(replacedFileProblem(path));
      }
      // A slug the entry names must not take another post's address (the manifest and the repository).
      const slugField: unknown = data.get('slug');
      if (
        collection === 'posts' &&
        typeof slugField === 'string' &&
        slugField.trim() &&
        problems.length === 0
      ) {
        const slug = fileSlugOf(data.toJS() as Record<string, unknown>);
        const path = String(entry.get('path') ?? '');
        const owner = await slugOwner(slug, path ? path.replace(/^.*\//, '') : `${slug}.md`);
        if (owner) problems.push(takenSlugProblem(slug, owner, fields));
      }
      showProblems(problems);
      if (problems.length > 0) throw new EntryNotSaved('see the list of what to change at the bottom right');
      const body: unknown = data.get('body');
      const formatted = typeof body === 'string' ? data.set('body', await formatMarkdown(body)) : data;
      // A new post's file is named by the site's slug rule, not Decap's (admin/config.yml).
      const saved =
        collection === 'posts'
          ? formatted.set(FILE_SLUG, fileSlugOf(data.toJS() as Record<string, unknown>))
          : formatted;
      // The list shows what was saved without reading the file again: the note as of the saved date
      // (the file never gets it: toFile above drops it).
      const note = withScheduleNote(data.toJS() as Record<string, unknown>, Date.now())[SCHEDULE_NOTE];
      return typeof note === 'string' ? saved.set(SCHEDULE_NOTE, note) : saved;
    },
  });

  // `npm run cms` serves this page from Astro's dev server, which reloads every open page when a file
  // it watches changes, as each save here does: the reload dropped the "saved" message, the place in
  // the form and anything typed meanwhile. Vite skips a reload meant for another page, so a reload
  // caused by content the CMS wrote is pointed elsewhere (the CMS already holds what it saved).
  if (import.meta.hot) {
    import.meta.hot.on('vite:beforeFullReload', (payload: { path?: string; triggeredBy?: string }) => {
      if (!payload.triggeredBy || /[\\/](content|src[\\/]assets[\\/]artwork)[\\/]/.test(payload.triggeredBy))
        payload.path = '/not-the-content-editor.html';
    });
  }

  // The preview pane in the site's stylesheet (its pictures fit the pane, as on the site), and a post
  // previewed as its page shows it.
  CMS.registerPreviewStyle(siteStyles, { raw: true });
  CMS.registerPreviewStyle(previewStyles, { raw: true });
  CMS.registerPreviewTemplate(
    'posts',
    PostPreview as unknown as Parameters<typeof CMS.registerPreviewTemplate>[1],
  );

  // Messages that say what to do (src/lib/cms/phrases.ts); registered before init, which reads them.
  const english = CMS.getLocale('en');
  if (english) CMS.registerLocale('en', withOurPhrases(english));

  type InitOptions = NonNullable<Parameters<typeof CMS.init>[0]>;
  // decap-server's address as the build or `npm run cms` read it (DECAP_SERVER_PORT, else
  // admin/config.yml's; src/lib/config/publish-target.mjs): the same one the admin publishes through.
  const localBackend =
    config.local_backend && publishTarget?.localBackendUrl
      ? { url: publishTarget.localBackendUrl }
      : config.local_backend;
  CMS.init({
    config: {
      ...withPracticeNow(config, new Date()),
      local_backend: localBackend,
      load_config_file: false,
    } as unknown as InitOptions['config'],
  });
}
