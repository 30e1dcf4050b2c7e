// The editor's schema (SPEC 2): StarterKit with its Link, headings from h2 (the page owns h1), undo
// depth 100 grouped by 500 ms, links limited to the spec's schemes with 'http' as default; pictures
// (issue 18) as blocks of src, alt, title, width and height, added through the Image button.
import Image from '@tiptap/extension-image';
import { generateHTML, generateJSON, getSchema } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { htmlBody, unwrapPictureParagraphs } from '@/lib/admin/picture-input';
import { isAllowedLinkUrl } from '@/lib/text/sanitize';

export const UNDO_DEPTH = 100;
export const UNDO_GROUP_DELAY_MS = 500;

/** Schemes typed text may be auto-linked with, beyond those linkify knows (http, https, ftp, ftps, mailto). */
const EXTRA_AUTOLINK_SCHEMES = ['tel', 'callto', 'sms', 'cid', 'xmpp'];

export interface EditorExtensionOptions {
  /**
   * The picture (a data: address) of a post's own picture its address names ('./images/chart.webp'):
   * the editor shows that, while the post's HTML keeps the address.
   */
  ownPicture?: (src: string) => string | undefined;
}

export function editorExtensions({ ownPicture }: EditorExtensionOptions = {}) {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3, 4] },
      undoRedo: { depth: UNDO_DEPTH, newGroupDelay: UNDO_GROUP_DELAY_MS },
      link: {
        openOnClick: false,
        autolink: true,
        linkOnPaste: true,
        defaultProtocol: 'http',
        protocols: EXTRA_AUTOLINK_SCHEMES.map((scheme) => ({ scheme, optionalSlashes: true })),
        isAllowedUri: (url) => isAllowedLinkUrl(url),
        // Links open in the same tab (a new tab is a surprise for many readers).
        HTMLAttributes: { target: null, rel: null, class: null },
      },
    }),
    // No Markdown-typing shortcut ('![alt](src)'): that would skip the Image dialog's checks.
    // data: addresses are never read (allowBase64 false); the save refuses any other it cannot show.
    Image.extend({
      addInputRules: () => [],
      ...(ownPicture
        ? {
            // Drawn by a node view, so only what is shown changes: getHTML() still writes the address.
            addNodeView: () => (props) => {
              const img = document.createElement('img');
              for (const [name, value] of Object.entries(props.HTMLAttributes)) {
                if (value !== null && value !== undefined) img.setAttribute(name, String(value));
              }
              const src = String(props.node.attrs.src ?? '');
              const shown = ownPicture(src);
              if (shown) img.setAttribute('src', shown);
              return { dom: img };
            },
          }
        : {}),
    }).configure({ inline: false, allowBase64: false }),
  ];
}

/**
 * Some HTML as the editor writes it back when nothing is changed: what it makes of a stored post
 * (a build's line breaks between blocks go, list items get a <p>), so opening one is not an edit.
 */
export function asEditorHtml(html: string): string {
  const extensions = editorExtensions();
  return generateHTML(generateJSON(withBlockPictures(html), extensions), extensions);
}

/** A build's and Markdown's <p><img></p> as the editor's picture block (not an empty paragraph and a picture). */
function withBlockPictures(html: string): string {
  if (!/<img/i.test(html)) return html;
  const body = htmlBody(html);
  unwrapPictureParagraphs(body);
  return body.innerHTML;
}

/** Element names the editor's schema reads (its parse rules: 'p', 'h2', 'a[href]' and so on). */
function tagsTheEditorReads(): Set<string> {
  const schema = getSchema(editorExtensions());
  const rules = [...Object.values(schema.nodes), ...Object.values(schema.marks)].flatMap(
    (type) => type.spec.parseDOM ?? [],
  );
  return new Set(
    rules.flatMap((rule) =>
      'tag' in rule && rule.tag ? [/^[a-z][a-z0-9]*/i.exec(rule.tag)?.[0] ?? ''] : [],
    ),
  );
}

/**
 * The elements of some HTML the editor would drop ('img', 'table', 'h5', 'sup'...), each named
 * once; empty when it keeps them all. Posts written as Markdown may use more than the editor
 * offers, and editing those in it would lose pictures and tables without a word.
 */
export function tagsTheEditorDrops(html: string): string[] {
  const kept = tagsTheEditorReads();
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  const names = [...body.querySelectorAll('*')].map((element) => element.localName);
  return [...new Set(names.filter((name) => !kept.has(name)))];
}
