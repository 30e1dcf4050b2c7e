// What the CMS page checks before it saves an entry: the build's own schemas (src/lib/content/schemas.ts,
// src/lib/site/settings-schema.ts), so a value the form cannot judge (a tag over 40 characters, opening
// hours whose two spellings disagree, a time zone that does not exist, a bundle dearer than both
// courses) is refused in the CMS, naming the field by its label, instead of failing the next deploy.
import type { SchemaContext } from 'astro:content';
import { z } from 'astro/zod';
import type { CmsField } from '@/lib/cms/formats';
import { pageSchema, postSchema, serviceSchema, teamSchema, trainingSchema } from '@/lib/content/schemas';
import { PAGE_PICTURES, picturesProblem, POST_PICTURES, SERVICE_PICTURES } from '@/lib/text/post-body';
import { practiceSettingsSchema } from '@/lib/site/settings-schema';
import { countText } from '@/lib/text/plural';

/** A field as the CMS config describes it, with the label the admin sees. */
export interface LabelledField extends CmsField {
  label?: string;
  /** A list's name for one of its items ('Tag'), which the form shows on its add button. */
  label_singular?: string;
  fields?: LabelledField[];
  field?: LabelledField;
}

/** The part of admin/config.yml that names each collection and file and lists its fields. */
export interface NamedCollections {
  collections: {
    name: string;
    fields?: LabelledField[];
    files?: { name: string; fields: LabelledField[] }[];
  }[];
}

/** The fields of an entry: its folder collection's, or those of its file (`slug`) in a files collection. */
export function fieldsOfEntry(config: NamedCollections, collection: string, slug: string): LabelledField[] {
  const found = config.collections.find((c) => c.name === collection);
  return found?.fields ?? found?.files?.find((f) => f.name === slug)?.fields ?? [];
}

// In the CMS a picture is the path the media library wrote; the build checks the file itself.
const picturePath = { image: () => z.string().min(1) } as unknown as SchemaContext;

interface Issue {
  code: string;
  path?: PropertyKey[];
  message: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  input?: unknown;
  format?: string;
}
interface Checker {
  safeParse(
    value: unknown,
    params?: { error: (issue: Issue) => string | undefined },
  ): {
    success: boolean;
    error?: { issues: Issue[] };
  };
}

/** The schema of each CMS collection (a files collection has a single file). */
const SCHEMAS: Record<string, Checker> = {
  posts: postSchema(picturePath) as unknown as Checker,
  services: serviceSchema(picturePath) as unknown as Checker,
  training: trainingSchema() as unknown as Checker,
  pages: pageSchema() as unknown as Checker,
  team: teamSchema(picturePath) as unknown as Checker,
  settings: practiceSettingsSchema as unknown as Checker,
};

/** Zod's own messages as what to do; a message the schema states itself is kept as it is. */
function plainMessage(issue: Issue): string | undefined {
  const limit = Number(issue.code === 'too_big' ? issue.maximum : issue.minimum);
  const items = countText(limit, 'item');
  switch (issue.code) {
    case 'too_big':
      if (issue.origin === 'string') return `Write at most ${limit} characters`;
      if (issue.origin === 'array') return `Keep at most ${items}`;
      return `Use ${limit} or less`;
    case 'too_small':
      if (issue.origin === 'string')
        return limit <= 1 ? 'Write some text here' : `Write at least ${limit} characters`;
      if (issue.origin === 'array') return `Add at least ${items}`;
      return `Use ${limit} or more`;
    case 'invalid_type':
      return issue.input === undefined ? 'Fill this in' : undefined;
    case 'invalid_format':
      return issue.format === 'email' ? 'Write an email address, such as name@example.com' : undefined;
    default:
      return undefined;
  }
}

/** 'Course 2 › Price (whole Canadian dollars)': the field as the form shows it. */
export function fieldLabel(path: readonly PropertyKey[], fields: readonly LabelledField[]): string {
  const words: string[] = [];
  let level: readonly LabelledField[] | undefined = fields;
  let list: LabelledField | undefined;
  for (const key of path) {
    if (typeof key === 'number') {
      // A list's item by the list's name for one ('Tag 2'), else by its place ('Tags › item 2').
      if (list?.label_singular) words.splice(-1, 1, `${list.label_singular} ${key + 1}`);
      else words.push(`item ${key + 1}`);
      level = list?.fields ?? (list?.field ? [list.field] : undefined);
      continue;
    }
    const field: LabelledField | undefined = level?.find((f) => f.name === key);
    words.push(field?.label ?? String(key));
    list = field;
    level = field?.fields;
  }
  return words.join(' › ') || 'This entry';
}

/** Every field of `fields` and of the objects and lists inside them. */
function allFields(fields: readonly LabelledField[]): LabelledField[] {
  return fields.flatMap((f) => [f, ...allFields([...(f.fields ?? []), ...(f.field ? [f.field] : [])])]);
}

/**
 * The message with each field it names by its name in the files ('featuredImage', 'open24'), which
 * the admin never sees, named by its label instead ('“Picture at the top of the post”'). Only names
 * that are not plain words are replaced: 'price' in 'the bundle price' is English, not a field.
 */
export function withLabels(message: string, fields: readonly LabelledField[]): string {
  const labels = new Map(
    allFields(fields)
      .filter((f) => f.label && /[A-Z0-9]/.test(f.name))
      .map((f) => [f.name, f.label!] as const),
  );
  if (labels.size === 0) return message;
  const names = [...labels.keys()].sort((a, b) => b.length - a.length);
  return message.replace(new RegExp(`\\b(${names.join('|')})\\b`, 'g'), (name) => `“${labels.get(name)}”`);
}

/**
 * Each problem the build would find in an entry of `collection`, as '<field label>: <what is wrong>'.
 * `data` is the entry as the CMS saves it (cleared optional values already dropped); `fields` the
 * collection's or file's fields from admin/config.yml. An unknown collection has no problems.
 */
export function entryProblems(
  collection: string,
  data: Record<string, unknown>,
  fields: readonly LabelledField[],
): string[] {
  const schema = SCHEMAS[collection];
  if (!schema) return [];
  const { body, ...frontMatter } = data;
  const hasBody = fields.some((f) => f.name === 'body');
  const result = schema.safeParse(hasBody ? frontMatter : data, { error: plainMessage });
  const problems = (result.error?.issues ?? []).map(
    (issue) => `${fieldLabel(issue.path ?? [], fields)}: ${issue.message}`,
  );
  // The build's check of pictures in a text (src/content.config.ts), for posts and service pages.
  const pictureRule = { posts: POST_PICTURES, services: SERVICE_PICTURES, pages: PAGE_PICTURES }[collection];
  if (pictureRule && typeof body === 'string') {
    const pictures = picturesProblem(body, pictureRule);
    if (pictures) problems.push(`${fieldLabel(['body'], fields)}: ${pictures}`);
  }
  // The schemas' own messages name fields as the files do (the build's messages are read next to them).
  return problems.map((problem) => withLabels(problem, fields));
}

/**
 * An upload that would replace a file already in the repository: Decap writes over it without asking,
 * and a new post's media library does not list the other posts' pictures.
 */
export function replacedFileProblem(path: string): string {
  const name = path.replace(/^.*\//, '');
  const folder = path.slice(0, path.length - name.length) || 'the repository';
  return `The picture “${name}” you uploaded has the name of a file already in ${folder}, which saving would replace (another post's picture, perhaps): rename your file, starting with this post's address, and upload it again`;
}

/**
 * A post whose Slug field names the address of another post: the build gives a named slug first
 * (decision 0056), so that post would move to another address, its shared links with it.
 */
export function takenSlugProblem(slug: string, file: string, fields: readonly LabelledField[]): string {
  return `${fieldLabel(['slug'], fields)}: /blog/${slug} is the address of another post (content/posts/${file}), which would move to another address. Choose another slug, or leave it empty`;
}
