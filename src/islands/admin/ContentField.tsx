// The post form's Content: the rich-text editor with its shortcuts, or, for content the editor would
// damage, that content shown as it is (KeptContent). Optional; its one message is about pictures
// the post cannot be saved with (a missing alt text), tied to the editor like any field's.
import { FieldError, FieldHint, describedBy, errorIdFor } from '@/islands/shared/form-fields';
import { KeptContent } from './KeptContent';
import { RichTextEditor, type RichTextEditorProps } from './RichTextEditor';

interface ContentFieldProps {
  id: string;
  /** The HTML the editor starts from (or the kept content). */
  html: string;
  /** Tags in the saved content that the editor would drop; any means the content is kept as it is. */
  dropped: readonly string[];
  onChange: (html: string) => void;
  disabled: boolean;
  error?: string | undefined;
  askForUrl?: RichTextEditorProps['askForUrl'] | undefined;
  pictures: RichTextEditorProps['pictures'];
  onAddPicture: NonNullable<RichTextEditorProps['onAddPicture']>;
}

export function ContentField({
  id,
  html,
  dropped,
  onChange,
  disabled,
  error,
  askForUrl,
  pictures,
  onAddPicture,
}: ContentFieldProps) {
  return (
    <div>
      <p className="block text-base font-semibold text-ink">
        Content <span className="font-normal text-ink-muted">(optional)</span>
      </p>
      {dropped.length > 0 ? (
        <KeptContent id={id} html={html} dropped={dropped} />
      ) : (
        <>
          <FieldHint id={`${id}-hint`}>
            Shortcuts: Ctrl+B bold, Ctrl+I italic, Ctrl+K link, Ctrl+Z undo. In a list, Tab and Shift+Tab
            change the indent.
          </FieldHint>
          <FieldError id={errorIdFor(id)} message={error} />
          <div className="mt-1">
            <RichTextEditor
              id={id}
              initialHtml={html}
              onChange={onChange}
              describedBy={describedBy(`${id}-hint`, error && errorIdFor(id))}
              invalid={Boolean(error)}
              disabled={disabled}
              pictures={pictures}
              onAddPicture={onAddPicture}
              {...(askForUrl ? { askForUrl } : {})}
            />
          </div>
        </>
      )}
    </div>
  );
}
