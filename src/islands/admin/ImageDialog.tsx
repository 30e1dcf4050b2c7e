/**
 * The Image button's question (issue 18): a modal <dialog> asking for the picture's address and its
 * alt text, or for "Decorative picture" ticked instead. As with ConfirmDialog, showModal() keeps
 * focus inside and Escape cancels; the caller puts focus back in the editor. A wrong answer keeps
 * the dialog open with a message under the field it is about (aria-describedby) and focus on it.
 * It is rendered into <body>: the editor sits inside the post form, and forms do not nest.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { FieldError, FieldHint, FieldLabel, describedBy, inputClass } from '@/islands/shared/form-fields';
import { resolvePictureInput, type PictureAttributes } from '@/lib/admin/picture-input';
import { primaryButton, secondaryButton } from './ui';

export interface ImageDialogProps {
  /**
   * The picture to change (a selected one: alt null when it has none yet), or an empty src for a
   * new picture; null when the dialog is closed.
   */
  initial: { src: string; alt: string | null } | null;
  onInsert: (picture: PictureAttributes) => void;
  onCancel: () => void;
}

type Errors = Partial<Record<'src' | 'alt', string>>;

export function ImageDialog({ initial, onInsert, onCancel }: ImageDialogProps) {
  const open = initial !== null;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const srcRef = useRef<HTMLInputElement>(null);
  const altRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const ids = { title: `${id}-title`, src: `${id}-src`, alt: `${id}-alt`, decorative: `${id}-decorative` };
  const [src, setSrc] = useState('');
  const [alt, setAlt] = useState('');
  const [decorative, setDecorative] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const editing = Boolean(initial?.src);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (initial && !dialog.open) {
      setSrc(initial.src);
      setAlt(initial.alt ?? '');
      // A picture already in the post with alt="" was marked decorative.
      setDecorative(initial.alt === '');
      setErrors({});
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      srcRef.current?.focus();
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open, initial]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // React passes events up through the portal: the post form around the editor must not submit.
    event.stopPropagation();
    const result = resolvePictureInput({ src, alt, decorative });
    if (result.ok) {
      onInsert(result.picture);
      return;
    }
    setErrors(result.errors);
    (result.errors.src ? srcRef : altRef).current?.focus();
  }

  if (typeof document === 'undefined') return null;
  return createPortal(
    <dialog
      ref={dialogRef}
      aria-modal="true"
      aria-labelledby={ids.title}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className="m-auto w-[min(36rem,calc(100vw-2rem))] rounded-xl border-2 border-line bg-page p-6 text-ink shadow-xl backdrop:bg-black/50"
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        <h2 id={ids.title} className="text-xl font-bold">
          {editing ? 'Change picture' : 'Add a picture'}
        </h2>
        <div>
          <FieldLabel htmlFor={ids.src} required>
            Picture address
          </FieldLabel>
          <FieldHint id={`${ids.src}-hint`}>
            A web address starting with https://, or a picture on this site starting with / (for example
            /images/schedule.webp).
          </FieldHint>
          <input
            ref={srcRef}
            id={ids.src}
            name="pictureSrc"
            type="url"
            inputMode="url"
            spellCheck={false}
            autoComplete="off"
            value={src}
            onChange={(event) => {
              setSrc(event.target.value);
              setErrors(({ src: _cleared, ...rest }) => rest);
            }}
            aria-invalid={errors.src ? true : undefined}
            aria-describedby={describedBy(`${ids.src}-hint`, errors.src && `${ids.src}-error`)}
            className={inputClass}
          />
          <FieldError id={`${ids.src}-error`} message={errors.src} />
        </div>
        <div>
          <FieldLabel htmlFor={ids.alt} required={!decorative}>
            Alt text
          </FieldLabel>
          <FieldHint id={`${ids.alt}-hint`}>
            What the picture shows, for people who cannot see it (read aloud by screen readers).
          </FieldHint>
          <input
            ref={altRef}
            id={ids.alt}
            name="pictureAlt"
            type="text"
            dir="auto"
            autoComplete="off"
            value={decorative ? '' : alt}
            disabled={decorative}
            onChange={(event) => {
              setAlt(event.target.value);
              setErrors(({ alt: _cleared, ...rest }) => rest);
            }}
            aria-invalid={errors.alt ? true : undefined}
            aria-describedby={describedBy(`${ids.alt}-hint`, errors.alt && `${ids.alt}-error`)}
            className={inputClass}
          />
          <FieldError id={`${ids.alt}-error`} message={errors.alt} />
        </div>
        <div>
          <div className="flex items-center gap-3">
            <input
              id={ids.decorative}
              name="pictureDecorative"
              type="checkbox"
              checked={decorative}
              onChange={(event) => {
                setDecorative(event.target.checked);
                setErrors(({ alt: _cleared, ...rest }) => rest);
              }}
              aria-describedby={`${ids.decorative}-hint`}
              className="size-6 accent-brand"
            />
            <label htmlFor={ids.decorative} className="text-base font-semibold">
              Decorative picture
            </label>
          </div>
          <FieldHint id={`${ids.decorative}-hint`}>
            Only for a picture that adds nothing to the text (an ornament): screen readers skip it, so it has
            no alt text.
          </FieldHint>
        </div>
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className={secondaryButton} onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className={primaryButton}>
            {editing ? 'Change picture' : 'Add picture'}
          </button>
        </div>
      </form>
    </dialog>,
    document.body,
  );
}
