// What Decap CMS (src/browser/decap-cms.ts) needs from Vite: admin/config.yml, admin/config.yml's
// publish target as the build read it, and the preview's stylesheets (the site's through Tailwind).
// Decap itself is bundled outside Vite (decision 0036), so these come to it at run time.
import configText from '../../admin/config.yml?raw';
import { publishTarget } from 'virtual:build-derived';
import previewStyles from '@/styles/cms-preview.css?inline';
import siteStyles from '@/styles/global.css?inline';
import type { PublishBackend } from '@/lib/publish/backend';
import { connect, LOCAL_BACKEND_URL_KEY } from '@/lib/publish/connection';

export interface DecapInputs {
  configText: string;
  publishTarget: typeof publishTarget;
  previewStyles: string;
  siteStyles: string;
  /**
   * Whether the repository already has a file at `path`, through the backend the admin publishes
   * with (decap-server on this computer, or GitHub with Decap's sign-in); undefined when it cannot
   * be asked.
   */
  fileInRepository: (path: string) => Promise<boolean | undefined>;
  /**
   * The file of content/posts other than `ownFile` that has `slug` on the website or names it unbuilt
   * (src/lib/publish/slug-owners.ts); undefined when none does or the repository cannot be asked.
   */
  slugOwner: (slug: string, ownFile: string) => Promise<string | undefined>;
}

/**
 * localStorage as Decap reads it: without the admin's own decap-server address (a localhost-only
 * override), since Decap asks the server admin/config.yml names, and so must this page's checks.
 */
const decapStorage: Storage = {
  get length() {
    return localStorage.length;
  },
  key: (index) => localStorage.key(index),
  getItem: (key) => (key === LOCAL_BACKEND_URL_KEY ? null : localStorage.getItem(key)),
  setItem: (key, value) => localStorage.setItem(key, value),
  removeItem: (key) => localStorage.removeItem(key),
  clear: () => localStorage.clear(),
};

/**
 * Asks the repository through the backend the admin publishes with; undefined when there is none
 * (no decap-server, no GitHub sign-in) or the question fails: the CMS then saves without the check.
 */
async function askRepository<T>(question: (backend: PublishBackend) => Promise<T>): Promise<T | undefined> {
  try {
    const connection = await connect({ storage: decapStorage });
    return connection.kind === 'local' || connection.kind === 'github'
      ? await question(connection.backend)
      : undefined;
  } catch {
    return undefined;
  }
}

const fileInRepository = (path: string) => askRepository((backend) => backend.hasFile(path));

const slugOwnerInRepository = (slug: string, ownFile: string) =>
  askRepository(async (backend) => {
    // Only when a Slug is named: the reader of post files (YAML) is not the CMS page's to load.
    const [{ loadSiteContext }, { slugOwner }] = await Promise.all([
      import('@/lib/publish/publish-state'),
      import('@/lib/publish/slug-owners'),
    ]);
    return slugOwner(slug, ownFile, await loadSiteContext([]), backend);
  });

export const decapInputs: DecapInputs = {
  configText,
  publishTarget,
  previewStyles,
  siteStyles,
  fileInRepository,
  slugOwner: slugOwnerInRepository,
};
