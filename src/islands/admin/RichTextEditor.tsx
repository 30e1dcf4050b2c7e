/**
 * The post content editor (SPEC 2): TipTap with the toolbar, HTML out. The editable area is a
 * multi-line textbox named 'Content', at least 200 px high. The link button (or Ctrl+K) asks for
 * an address and applies it only if one is entered and allowed. The Image button asks for a
 * picture (a file from this computer or an address) and its alt text (ImageDialog); pasted pictures
 * are checked (picture-input.ts), and a picture file pasted or dropped opens the same dialog, so its
 * alt text is asked for as for any other.
 */
import { Selection, TextSelection } from '@tiptap/pm/state';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import { useEffect, useRef, useState } from 'react';
import { LINK_PROMPT, resolveLinkInput } from '@/lib/admin/link-input';
import { cleanPastedHtml } from '@/lib/admin/pasted-html';
import type { PostPictures } from '@/lib/admin/picture-file';
import { checkPastedPictures, type PictureAttributes } from '@/lib/admin/picture-input';
import { EditorToolbar } from './EditorToolbar';
import { editorExtensions } from './editor-extensions';
import { ImageDialog, type ChosenPicture, type ImageDialogProps } from './ImageDialog';
import { pictureFromFile } from './picture-from-file';
import { plural } from '@/lib/text/plural';
import './editor.css';

export interface RichTextEditorProps {
  id: string;
  /** The HTML to start with; later changes come from the admin (remount with a key to reset). */
  initialHtml: string;
  onChange: (html: string) => void;
  /** ids of texts describing the editor (a hint). */
  describedBy?: string | undefined;
  /** True while the content has an error (its message is among `describedBy`). */
  invalid?: boolean;
  disabled?: boolean;
  /** How to ask for a link's address; window.prompt by default. */
  askForUrl?: (message: string, current: string) => string | null;
  /** The post's own pictures (from the computer), which the content names as './images/<name>'. */
  pictures?: PostPictures | undefined;
  /** A picture file was added: the post keeps it under `key`. Called before the content names it. */
  onAddPicture?: (key: string, dataUrl: string) => void;
}

export function applyLinkFromPrompt(
  editor: Editor,
  ask: (message: string, current: string) => string | null,
): { kind: 'none' | 'link' } | { kind: 'refused'; message: string } {
  const current = (editor.getAttributes('link').href as string | undefined) ?? '';
  const input = resolveLinkInput(ask(LINK_PROMPT, current));
  if (input.kind !== 'link') {
    editor.commands.focus();
    return input;
  }
  const { empty } = editor.state.selection;
  if (empty && !editor.isActive('link')) {
    // No text chosen: the address itself becomes the linked text.
    editor
      .chain()
      .focus()
      .insertContent({
        type: 'text',
        text: input.href,
        marks: [{ type: 'link', attrs: { href: input.href } }],
      })
      .run();
  } else {
    editor.chain().focus().extendMarkRange('link').setLink({ href: input.href }).run();
  }
  return { kind: 'link' };
}

const defaultAsk = (message: string, current: string) => window.prompt(message, current);

export function RichTextEditor({
  id,
  initialHtml,
  onChange,
  describedBy,
  invalid = false,
  disabled = false,
  askForUrl = defaultAsk,
  pictures = {},
  onAddPicture = () => {},
}: RichTextEditorProps) {
  // The link button's and the pasted pictures' messages share one live region, one paragraph each.
  const [messages, setMessages] = useState<readonly string[]>([]);
  const setLinkMessage = (message: string | readonly string[]) =>
    setMessages(typeof message === 'string' ? (message ? [message] : []) : message);
  // Pasted or dropped picture files still to add after the one in the dialog.
  const queuedRef = useRef<{ pictures: ChosenPicture[]; total: number }>({ pictures: [], total: 0 });
  const [picture, setPicture] = useState<ImageDialogProps['initial']>(null);
  const onChangeRef = useRef(onChange);
  const openLinkRef = useRef<() => void>(() => {});
  // Read by ProseMirror on every update, so a message shown after a save is tied to the editor.
  const described = useRef({ describedBy, invalid });
  // The post's own pictures, with those added since the last render (the editor draws them at once):
  // one Map for the editor's life, which the editor's node views read.
  const [ownPictures] = useState(() => new Map(Object.entries(pictures)));
  const pictureFilesRef = useRef<(files: File[], at?: number) => void>(() => {});
  useEffect(() => {
    onChangeRef.current = onChange;
    described.current = { describedBy, invalid };
    for (const [key, dataUrl] of Object.entries(pictures)) ownPictures.set(key, dataUrl);
  });
  const ownPicture = (src: string) =>
    src.startsWith('./images/') ? ownPictures.get(src.slice('./images/'.length)) : undefined;
  const nameTaken = (key: string) => ownPictures.has(key);

  const editor = useEditor({
    extensions: editorExtensions({ ownPicture }),
    content: initialHtml,
    injectCSS: false,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: () => ({
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': 'Content',
        // The post form focuses the first field with an error by this name.
        'data-field': 'content',
        ...(described.current.describedBy ? { 'aria-describedby': described.current.describedBy } : {}),
        ...(described.current.invalid ? { 'aria-invalid': 'true' } : {}),
        class: 'post-editor min-h-[200px] px-4 py-3 text-base text-ink focus:outline-none',
      }),
      // Word processors' formatting and structure, in the elements the editor keeps; pictures the
      // site cannot show are left out and named, and one without alt text is asked about.
      transformPastedHTML: (html) => {
        const pasted = checkPastedPictures(cleanPastedHtml(html));
        setLinkMessage(pasted.message);
        return pasted.html;
      },
      // A picture file pasted or dropped goes through the Image dialog, like a chosen one.
      handlePaste: (_view, event) => {
        // Copied from a web page, a picture comes as HTML too: that path keeps its address and alt text.
        const files = event.clipboardData?.types.includes('text/html')
          ? []
          : [...(event.clipboardData?.files ?? [])];
        if (files.length === 0) return false;
        event.preventDefault();
        pictureFilesRef.current(files);
        return true;
      },
      handleDrop: (view, event, _slice, moved) => {
        const files = moved ? [] : [...(event.dataTransfer?.files ?? [])];
        if (files.length === 0) return false;
        event.preventDefault();
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
        pictureFilesRef.current(files, at);
        return true;
      },
      handleKeyDown: (_view, event) => {
        if (
          (event.ctrlKey || event.metaKey) &&
          !event.shiftKey &&
          !event.altKey &&
          event.key.toLowerCase() === 'k'
        ) {
          event.preventDefault();
          openLinkRef.current();
          return true;
        }
        return false;
      },
    },
    onUpdate: ({ editor: updated }) => onChangeRef.current(updated.getHTML()),
  });

  useEffect(() => {
    openLinkRef.current = () => {
      const result = applyLinkFromPrompt(editor, askForUrl);
      setLinkMessage(result.kind === 'refused' ? result.message : '');
    };
  });

  useEffect(() => {
    pictureFilesRef.current = (files, at) => {
      if (disabled || files.length === 0) return;
      setLinkMessage(plural(files.length, 'Reading the picture...', 'Reading the pictures...'));
      void (async () => {
        // Every file is read, in order; each usable one is added, its alt text asked for in turn, and
        // each that cannot be used gets its own message. Names given now are taken for the next ones.
        const ready: ChosenPicture[] = [];
        const refused: string[] = [];
        for (const file of files) {
          const prepared = await pictureFromFile(
            file,
            (key) => nameTaken(key) || ready.some((picture) => picture.key === key),
          );
          if (prepared.ok)
            ready.push({ key: prepared.key, dataUrl: prepared.dataUrl, fileName: prepared.fileName });
          else refused.push(prepared.message);
        }
        // Nothing is added for a refused file; the post is as it was.
        setLinkMessage(refused);
        const [first, ...rest] = ready;
        if (!first) return;
        if (at !== undefined && !editor.isDestroyed) {
          editor.commands.setTextSelection(Math.min(at, editor.state.doc.content.size));
        }
        queuedRef.current = { pictures: rest, total: ready.length };
        setPicture({
          src: '',
          alt: null,
          file: first,
          ...(ready.length > 1 ? { of: { index: 1, total: ready.length } } : {}),
        });
      })();
    };
  });

  useEffect(() => {
    editor.setEditable(!disabled);
  }, [editor, disabled]);

  useEffect(() => {
    if (!editor.isDestroyed) editor.view.setProps({});
  }, [editor, describedBy, invalid]);

  function openImage() {
    // A selected picture is changed; otherwise a new one goes where the cursor is.
    const current = editor.isActive('image') ? editor.getAttributes('image') : {};
    setPicture({
      src: (current.src as string | undefined) ?? '',
      alt: (current.alt as string | null) ?? null,
    });
  }

  /** The next pasted or dropped picture file, if any is left: true when its dialog opens. */
  function askNextPicture(): boolean {
    const { pictures: queued, total } = queuedRef.current;
    const [next, ...rest] = queued;
    if (!next) return false;
    queuedRef.current = { pictures: rest, total };
    setPicture({ src: '', alt: null, file: next, of: { index: total - rest.length, total } });
    return true;
  }

  function insertImage(attributes: PictureAttributes, added?: ChosenPicture) {
    setPicture(null);
    if (queuedRef.current.pictures.length === 0) setLinkMessage('');
    if (added) {
      ownPictures.set(added.key, added.dataUrl);
      onAddPicture(added.key, added.dataUrl);
    }
    const chain = editor.chain().focus();
    if (editor.isActive('image')) chain.updateAttributes('image', attributes).run();
    // The new picture is left selected, where the next key typed would replace it: the cursor goes
    // after it instead, into a new paragraph when the picture ends the post.
    else
      chain
        .setImage(attributes)
        .command(({ tr, state }) => {
          const after = tr.selection.to;
          const next = Selection.findFrom(tr.doc.resolve(after), 1, true);
          if (next) tr.setSelection(next);
          else {
            tr.insert(after, state.schema.nodes.paragraph!.create());
            tr.setSelection(TextSelection.create(tr.doc, after + 1));
          }
          return true;
        })
        .run();
    askNextPicture();
  }

  return (
    <div>
      <div className="overflow-hidden rounded-lg border-2 border-field-line bg-page has-[.post-editor:focus]:outline-3 has-[.post-editor:focus]:outline-offset-2 has-[.post-editor:focus]:outline-focus">
        <EditorToolbar
          editor={editor}
          editorId={id}
          onLink={() => openLinkRef.current()}
          onImage={openImage}
        />
        <EditorContent editor={editor} />
      </div>
      <ImageDialog
        initial={picture}
        ownPicture={ownPicture}
        nameTaken={nameTaken}
        onInsert={insertImage}
        onCancel={() => {
          // Cancel skips this picture; the next pasted or dropped one is asked about still.
          setPicture(null);
          if (!askNextPicture()) editor.commands.focus();
        }}
      />
      <div role="status" aria-live="polite" className="mt-2 text-base font-semibold text-danger empty:hidden">
        {messages.map((message, index) => (
          <p key={`${index}-${message}`}>{message}</p>
        ))}
      </div>
    </div>
  );
}
