// The content collections: editors change the files under content/ (also through Decap CMS, whose
// config mirrors these folders); each is checked by its schema in src/lib/content/schemas.ts.
import { closeSync, existsSync, openSync, readFileSync, readSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineCollection } from 'astro:content';
import { glob, type Loader } from 'astro/loaders';
import { pageSchema, postSchema, serviceSchema, teamSchema, trainingSchema } from '@/lib/content/schemas';
import { assertSafeSvgFiles } from '@/lib/content/svg-files';
import { impossiblePostDays } from '@/lib/site/dates';
import { postFieldsAsWritten } from '@/lib/site/post-fields';
import { frontMatterText } from '@/lib/site/publish-time.mjs';
import { looksLikePicture, PICTURE_TYPE_NAMES } from '@/lib/site/picture-files';
import { frontMatterLayoutProblem, splitPostFile } from '@/lib/text/post-file';
import { isSvgName, svgBytesProblem } from '@/lib/text/svg-rule';
import { repositoryPictureProblem } from '@/lib/text/url-check';
import {
  PAGE_PICTURES,
  picturesProblem,
  POST_PICTURES,
  SERVICE_PICTURES,
  type PictureRule,
} from '@/lib/text/post-body';

const services = defineCollection({
  loader: checkPostSources(glob({ pattern: '*.md', base: './content/services' }), SERVICE_PICTURES, [
    'heroImage',
  ]),
  schema: serviceSchema,
});

// Pages of text with a route of their own (src/pages/privacy.astro): edited, never added, in the CMS.
const pages = defineCollection({
  loader: checkPostSources(glob({ pattern: '*.md', base: './content/pages' }), PAGE_PICTURES, []),
  schema: pageSchema,
});

const training = defineCollection({
  loader: glob({ pattern: '*.json', base: './content/training' }),
  schema: trainingSchema,
});

const team = defineCollection({
  loader: checkPictureFields(glob({ pattern: '*.json', base: './content/team' }), ['photo']),
  schema: teamSchema,
});

/** Stops the build at a picture field of a JSON entry that missingPicture refuses, naming the file. */
function checkPictureFields(loader: Loader, fields: readonly string[]): Loader {
  return {
    ...loader,
    load: (context) =>
      loader.load({
        ...context,
        parseData: async (entry) => {
          if (entry.filePath) {
            const valueOf = (field: string) => {
              const value = entry.data[field];
              return typeof value === 'string' ? value : undefined;
            };
            const problem = missingPicture(valueOf, fields, new URL(entry.filePath, context.config.root));
            if (problem) throw new Error(`${entry.filePath}: ${problem}.`);
          }
          return context.parseData(entry);
        },
      }),
  };
}

/**
 * Stops the build at an SVG picture in a media folder that could run script or load another file
 * (src/lib/content/svg-files.ts), and at a post (or service page) the schema cannot judge, naming
 * the file: front matter that Astro reads otherwise than these checks
 * (src/lib/text/post-file-split.mjs), a day the calendar does not have (YAML reads
 * 'publishedAt: 2025-02-30' as March 2 without a word, so the schema never sees the typo), or a
 * picture in the text that the blog could not show, or that has no alt text
 * (src/lib/text/post-body.ts).
 */
export function checkPostSources(
  loader: Loader,
  pictures: PictureRule = POST_PICTURES,
  pictureFields: readonly string[] = ['featuredImage'],
): Loader {
  return {
    ...loader,
    load: (context) => {
      // Before any text: an SVG in a media folder that could run script on the site stops the build.
      assertSafeSvgFiles(fileURLToPath(context.config.root));
      return loader.load({
        ...context,
        parseData: async (entry) => {
          if (entry.filePath) {
            const file = new URL(entry.filePath, context.config.root);
            const source = readFileSync(file, 'utf8');
            const parts = splitPostFile(source);
            // Checked here, before Astro renders the text: a missing file would otherwise stop the
            // build later with an import error that names neither the post nor the picture.
            const fileExists = (name: string) => existsSync(new URL(`images/${name}`, file));
            const problem =
              frontMatterLayoutProblem(source) ??
              impossiblePostDays(parts?.frontMatter ?? '') ??
              missingPicture(
                (field) => frontMatterText(parts?.frontMatter ?? '', field),
                pictureFields,
                file,
              ) ??
              picturesProblem(parts?.body ?? source, pictures, { fileExists });
            if (problem) throw new Error(`${entry.filePath}: ${problem}.`);
            return context.parseData({
              ...entry,
              // As the admin's import reads them, and the CMS (postFieldsAsWritten).
              data: postFieldsAsWritten(entry.data, parts?.frontMatter ?? ''),
            });
          }
          return context.parseData(entry);
        },
      });
    },
  };
}

/**
 * A picture field (featuredImage, heroImage) naming a file that is not there, as 'featuredImage:
 * there is no file ./images/a.jpg beside this file': Astro's own error names neither the entry nor
 * the field. A value the schema refuses (a web address, a path out of the repository) is the
 * schema's to name. An SVG is held to the SVG rule wherever it is: the build serves its original
 * file from dist/_astro/, and the media folders' check (svg-files.ts) sees only those folders.
 */
function missingPicture(
  valueOf: (field: string) => string | undefined,
  fields: readonly string[],
  file: URL,
): string | undefined {
  for (const field of fields) {
    const value = valueOf(field);
    if (!value || repositoryPictureProblem(value) !== undefined) continue;
    const picture = new URL(value, file);
    if (!existsSync(picture)) return `${field}: there is no file ${value} beside this file`;
    if (!looksLikePicture(fileStart(picture)))
      return `${field}: ${value} is not a picture the site can show (save it again as ${PICTURE_TYPE_NAMES})`;
    const unsafe = isSvgName(value) ? svgBytesProblem(new Uint8Array(readFileSync(picture))) : undefined;
    if (unsafe)
      return `${field}: ${value} cannot be published (${unsafe}): export it again as a plain picture, or save it as PNG or WebP`;
  }
  return undefined;
}

/** The first kilobyte of a file: enough to tell a picture by (looksLikePicture). */
function fileStart(file: URL): Uint8Array {
  const fd = openSync(file, 'r');
  try {
    const start = new Uint8Array(1024);
    return start.subarray(0, readSync(fd, start, 0, start.length, 0));
  } finally {
    closeSync(fd);
  }
}

const posts = defineCollection({
  // The id is the file name, never the front-matter slug, so two posts with the same slug stay two
  // entries; the build gives the later one a numeric suffix (src/lib/blog/posts.ts).
  loader: checkPostSources(
    glob({
      pattern: '*.md',
      base: './content/posts',
      generateId: ({ entry }) => entry.replace(/\.md$/, ''),
    }),
  ),
  schema: postSchema,
});

export const collections = { services, pages, training, team, posts };
