// How Decap CMS reads and writes our content files. Decap's own writers re-wrap YAML at 80 columns and
// lay out JSON in their own way with keys in hash order, so one changed word rewrote whole files and
// broke `prettier --check`. These writers keep the files as they are committed: keys in the order of
// admin/config.yml (which is the order of the files), YAML without line folding, JSON laid out the way
// Prettier lays it out (printWidth 110). A file saved without changes is byte-for-byte the same.
import {
  isYamlTimestamp,
  parseFrontMatterYaml,
  splitPostFile,
  stringifyFrontMatterYaml,
  timestampWrittenAs,
  withTagsAsText,
} from '@/lib/text/post-file';

/** The part of a Decap field definition that gives the shape of the data. */
export interface CmsField {
  name: string;
  widget?: string;
  fields?: CmsField[];
  field?: CmsField;
}

/** The part of a Decap configuration that lists the fields of each folder or file. */
export interface CmsConfigShape {
  collections: { fields?: CmsField[]; files?: { fields: CmsField[] }[] }[];
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const PRINT_WIDTH = 110;
const INDENT = '  ';

/** The field list of the folder collection or file whose top-level field names are `names`, in order. */
export function fieldsByNames(config: CmsConfigShape, names: readonly string[]): CmsField[] | undefined {
  const lists = config.collections.flatMap((c) => [
    ...(c.fields ? [c.fields] : []),
    ...(c.files ?? []).map((f) => f.fields),
  ]);
  return lists.find(
    (fields) => fields.length === names.length && fields.every((f, i) => f.name === names[i]),
  );
}

const isObject = (value: unknown): value is { [key: string]: Json } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keys in the order of the fields (recursively); keys the configuration does not know keep their place after them. */
export function orderLikeFields(value: Json, fields: readonly CmsField[] | undefined): Json {
  if (Array.isArray(value)) return value.map((item) => orderLikeFields(item, fields));
  if (!isObject(value) || !fields) return value;
  const known = fields.filter((f) => f.name in value);
  const rest = Object.keys(value).filter((key) => !fields.some((f) => f.name === key));
  const ordered: { [key: string]: Json } = {};
  for (const field of known) {
    const nested = field.fields ?? (field.field?.fields ? field.field.fields : undefined);
    ordered[field.name] = orderLikeFields(value[field.name]!, nested);
  }
  for (const key of rest) ordered[key] = value[key]!;
  return ordered;
}

// --- JSON, laid out as Prettier does ------------------------------------------------------------------

function flat(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(flat).join(', ')}]`;
  if (isObject(value)) {
    const entries = Object.entries(value);
    return entries.length === 0
      ? '{}'
      : `{ ${entries.map(([key, item]) => `${JSON.stringify(key)}: ${flat(item)}`).join(', ')} }`;
  }
  return JSON.stringify(value);
}

const isObjectWithEntries = (value: Json) => isObject(value) && Object.keys(value).length > 0;

/** Prettier always breaks an array of two or more objects (or arrays) that each have more than one entry. */
function mustBreak(value: Json[]): boolean {
  return (
    value.length > 1 &&
    value.every((item) =>
      Array.isArray(item) ? item.length > 1 : isObject(item) && Object.keys(item).length > 1,
    )
  );
}

/**
 * `used` is what stands before the value on its line, `after` what follows it (a comma or nothing).
 * Prettier keeps an object on several lines when the file has it so; objects in a list (opening hours,
 * courses) are written that way, other objects on one line when they fit (`"bundle": { ... }`).
 */
function layout(value: Json, indent: string, used: number, after: number, inList = false): string {
  const isArray = Array.isArray(value);
  if (!isArray && !isObject(value)) return JSON.stringify(value);
  const items: [string | undefined, Json][] = isArray
    ? value.map((item) => [undefined, item])
    : Object.entries(value);
  if (items.length === 0) return isArray ? '[]' : '{}';
  const oneLine = flat(value);
  const mayBeFlat = isArray ? !mustBreak(value) && !value.some(isObjectWithEntries) : !inList;
  if (mayBeFlat && used + oneLine.length + after <= PRINT_WIDTH) return oneLine;
  const inner = indent + INDENT;
  const lines = items.map(([key, item], index) => {
    const head = key === undefined ? '' : `${JSON.stringify(key)}: `;
    const comma = index < items.length - 1 ? 1 : 0;
    const text = layout(item, inner, inner.length + head.length, comma, isArray);
    return `${inner}${head}${text}${comma ? ',' : ''}`;
  });
  return `${isArray ? '[' : '{'}\n${lines.join('\n')}\n${indent}${isArray ? ']' : '}'}`;
}

/** A JSON content file: keys in field order, Prettier's layout, a final newline. */
export function formatJson(data: unknown, fields?: readonly CmsField[]): string {
  return `${layout(orderLikeFields(data as Json, fields), '', 0, 0)}\n`;
}

// --- Markdown with YAML front matter ------------------------------------------------------------------

/** Front-matter fields and `body` (the Markdown after the closing ---, as it is in the file). */
export function parseFrontMatter(content: string): Record<string, unknown> {
  const parts = splitPostFile(content);
  if (!parts) return content.trim() ? { body: content } : {};
  // Dates as the text in the file: Decap's date widgets read and write that text, so a date saved
  // without changes is written back as it was. Tags as text, which their text fields can save.
  const data = withTagsAsText(parseFrontMatterYaml(parts.frontMatter, 'text'));
  const { body } = parts;
  return body.trim() ? { ...data, body } : data;
}

/** The values of the date fields that YAML reads as dates, as Dates written back as the same text. */
function withDateFieldsAsTimestamps(
  data: Record<string, unknown>,
  fields: readonly CmsField[],
): Record<string, unknown> {
  const dated = { ...data };
  for (const field of fields) {
    const value = dated[field.name];
    if (field.widget !== 'datetime' || typeof value !== 'string' || !isYamlTimestamp(value)) continue;
    dated[field.name] = timestampWrittenAs(value);
  }
  return dated;
}

/** The file for front-matter fields and `body`: keys in field order, one line per value, quotes only where needed. */
export function formatFrontMatter(data: Record<string, unknown>, fields?: readonly CmsField[]): string {
  const { body = '', ...meta } = data;
  const ordered = orderLikeFields(meta as Json, fields) as Record<string, unknown>;
  // Written as the build reads it: a text that YAML takes for a date ('2025-01-05' as a title or a
  // tag) is quoted, while a date field's text stays as it was. Without the fields, all stays as text.
  const yaml = fields
    ? stringifyFrontMatterYaml(withDateFieldsAsTimestamps(ordered, fields), 'date')
    : stringifyFrontMatterYaml(ordered, 'text');
  // One blank line after the front matter, as Prettier writes it: Decap's editor drops it from a text
  // it has rewritten.
  const text = String(body);
  return `---\n${yaml}---\n${text.trim() ? `\n${text.replace(/^(?:\r?\n)+/, '')}` : text}`;
}

/**
 * A Markdown text the way Prettier writes it. Decap's editor rewrites the whole text of an entry once
 * it is edited (`*` bullets, `*` emphasis, escapes), so one changed word showed as a rewritten file
 * and failed `prettier --check`; run on save, this keeps the committed layout. Prettier loads on the
 * first save only. If it cannot load, the text is saved as Decap wrote it: formatting never costs an edit.
 */
export async function formatMarkdown(text: string): Promise<string> {
  try {
    const [{ format }, markdown] = await Promise.all([
      import('prettier/standalone'),
      import('prettier/plugins/markdown'),
    ]);
    return await format(text, { parser: 'markdown', plugins: [markdown], printWidth: PRINT_WIDTH });
  } catch {
    return text;
  }
}
