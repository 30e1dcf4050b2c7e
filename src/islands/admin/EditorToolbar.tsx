/**
 * The editor's toolbar (SPEC 2: bold, italic, bullet list, ordered list, link; plus heading, quote,
 * image, undo and redo; issue 35 gave staff the heading and quote the guide speaks of):
 * role="toolbar" with one tab stop and the arrow keys, Home and End moving between buttons (the
 * ARIA toolbar pattern). Each button has a text name, says whether it is on (aria-pressed) and
 * names its shortcut (aria-keyshortcuts). The shortcut's tip under a button, shown while the pointer
 * is on it, is hidden from screen readers: as a `title` it was said as the button's description,
 * repeating its name ("Bold, Bold (Ctrl+B)").
 */
import { useEditorState, type Editor } from '@tiptap/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

interface ToolState {
  bold: boolean;
  italic: boolean;
  heading: boolean;
  quote: boolean;
  bulletList: boolean;
  orderedList: boolean;
  link: boolean;
  image: boolean;
  canUndo: boolean;
  canRedo: boolean;
}

interface Tool {
  label: string;
  keys?: string;
  shortcut?: string;
  pressed?: (state: ToolState) => boolean;
  enabled?: (state: ToolState) => boolean;
  run: (editor: Editor) => void;
  className?: string;
}

interface EditorToolbarProps {
  editor: Editor;
  editorId: string;
  onLink: () => void;
  /** Asks for a new picture, or for the selected picture's address and alt text. */
  onImage: () => void;
}

export function EditorToolbar({ editor, editorId, onLink, onImage }: EditorToolbarProps) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }): ToolState => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      heading: e.isActive('heading', { level: 2 }),
      quote: e.isActive('blockquote'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      link: e.isActive('link'),
      image: e.isActive('image'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const [focusIndex, setFocusIndex] = useState(0);
  // Escape hides the tips until the pointer leaves the toolbar (WCAG 1.4.13: dismissible).
  const [tipsDismissed, setTipsDismissed] = useState(false);
  useEffect(() => {
    const dismiss = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') setTipsDismissed(true);
    };
    document.addEventListener('keydown', dismiss);
    return () => document.removeEventListener('keydown', dismiss);
  }, []);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  const tools: Tool[] = [
    {
      label: 'Bold',
      keys: 'Control+B Meta+B',
      shortcut: 'Ctrl+B',
      pressed: (s) => s.bold,
      run: (e) => e.chain().focus().toggleBold().run(),
      className: 'font-bold',
    },
    {
      label: 'Italic',
      keys: 'Control+I Meta+I',
      shortcut: 'Ctrl+I',
      pressed: (s) => s.italic,
      run: (e) => e.chain().focus().toggleItalic().run(),
      className: 'italic',
    },
    {
      label: 'Bullet list',
      keys: 'Control+Shift+8',
      pressed: (s) => s.bulletList,
      run: (e) => e.chain().focus().toggleBulletList().run(),
    },
    {
      label: 'Numbered list',
      keys: 'Control+Shift+7',
      pressed: (s) => s.orderedList,
      run: (e) => e.chain().focus().toggleOrderedList().run(),
    },
    // A section heading in the post (h2: the page's title is its h1); pressed again, a paragraph.
    {
      label: 'Heading',
      keys: 'Control+Alt+2 Meta+Alt+2',
      pressed: (s) => s.heading,
      run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
    },
    {
      label: 'Quote',
      keys: 'Control+Shift+B Meta+Shift+B',
      pressed: (s) => s.quote,
      run: (e) => e.chain().focus().toggleBlockquote().run(),
    },
    { label: 'Link', keys: 'Control+K Meta+K', shortcut: 'Ctrl+K', pressed: (s) => s.link, run: onLink },
    {
      label: 'Remove link',
      enabled: (s) => s.link,
      run: (e) => e.chain().focus().extendMarkRange('link').unsetLink().run(),
    },
    // Pressed while a picture is selected: the button then changes that picture.
    { label: 'Image', pressed: (s) => s.image, run: onImage },
    {
      label: 'Undo',
      keys: 'Control+Z Meta+Z',
      enabled: (s) => s.canUndo,
      run: (e) => e.chain().focus().undo().run(),
    },
    {
      label: 'Redo',
      keys: 'Control+Shift+Z Meta+Shift+Z',
      enabled: (s) => s.canRedo,
      run: (e) => e.chain().focus().redo().run(),
    },
  ];

  function moveFocus(index: number) {
    const next = (index + tools.length) % tools.length;
    setFocusIndex(next);
    buttons.current[next]?.focus();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, () => void> = {
      ArrowRight: () => moveFocus(focusIndex + 1),
      ArrowLeft: () => moveFocus(focusIndex - 1),
      Home: () => moveFocus(0),
      End: () => moveFocus(tools.length - 1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  }

  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      aria-controls={editorId}
      onKeyDown={handleKeyDown}
      onPointerLeave={() => setTipsDismissed(false)}
      data-tips={tipsDismissed ? 'dismissed' : undefined}
      className="editor-toolbar flex flex-wrap gap-1 border-b-2 border-line bg-surface p-1"
    >
      {tools.map((tool, index) => {
        const enabled = tool.enabled ? tool.enabled(state) : true;
        const pressed = tool.pressed?.(state);
        return (
          <button
            key={tool.label}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            tabIndex={index === focusIndex ? 0 : -1}
            aria-pressed={pressed === undefined ? undefined : pressed}
            aria-disabled={enabled ? undefined : true}
            aria-keyshortcuts={tool.keys}
            onFocus={() => setFocusIndex(index)}
            // Keep the editor's selection when the button is pressed with a mouse.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              if (enabled) tool.run(editor);
            }}
            className={
              'editor-tool relative min-h-11 rounded-md border-2 px-3 py-1 text-base ' +
              (pressed
                ? 'border-brand bg-brand text-on-brand'
                : 'border-transparent bg-page text-ink hover:border-line') +
              (enabled ? '' : ' cursor-not-allowed text-ink-muted') +
              (tool.className ? ` ${tool.className}` : '')
            }
          >
            {tool.label}
            {tool.shortcut && (
              <span
                aria-hidden="true"
                className="editor-tip absolute top-full left-1/2 z-10 mt-1 -translate-x-1/2 rounded-md border border-line bg-ink px-2 py-0.5 text-sm font-normal whitespace-nowrap text-page not-italic"
              >
                {tool.shortcut}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
