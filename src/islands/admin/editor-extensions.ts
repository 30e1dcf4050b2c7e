// The editor's schema (SPEC 2): StarterKit with its Link, headings from h2 (the page owns h1), undo
// depth 100 grouped by 500 ms, links limited to the spec's schemes with 'http' as default.
import { generateHTML, generateJSON } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { isAllowedLinkUrl } from '@/lib/sanitize';

export const UNDO_DEPTH = 100;
export const UNDO_GROUP_DELAY_MS = 500;

/** Schemes typed text may be auto-linked with, beyond those linkify knows (http, https, ftp, ftps, mailto). */
const EXTRA_AUTOLINK_SCHEMES = ['tel', 'callto', 'sms', 'cid', 'xmpp'];

export function editorExtensions() {
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
  ];
}

/**
 * Some HTML as the editor writes it back when nothing is changed: what it makes of a stored post
 * (a build's line breaks between blocks go, list items get a <p>), so opening one is not an edit.
 */
export function asEditorHtml(html: string): string {
  const extensions = editorExtensions();
  return generateHTML(generateJSON(html, extensions), extensions);
}
