/**
 * The Image button's question (issue 18): a modal <dialog> asking for the picture (a file from this
 * computer, issue 35, or an address) and its alt text, or for "Decorative picture" ticked instead. A
 * file is checked and sized down as soon as it is chosen (picture-from-file.ts); one that cannot be
 * used is refused with a message saying why, and nothing else in the dialog changes. As with ConfirmDialog, showModal() keeps
 * focus inside and Escape cancels; the caller puts focus back in the editor. A wrong answer keeps
 * the dialog open with a message under the field it is about (aria-describedby) and focus on it.
 * It is rendered into <body>: the editor sits inside the post form, and forms do not nest.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { FieldError, FieldHint, FieldLabel, describedBy, inputClass } from '@/islands/shared/form-fields';
import { localPictureAddress, PICTURE_FILE_ACCEPT } from '@/lib/admin/picture-file';
import { resolvePictureInput, type PictureAttributes } from '@/lib/admin/picture-input';
import { LARGEST_PICTURE_WIDTH, MAX_PICTURE_BYTES, PICTURE_TYPE_NAMES } from '@/lib/site/picture-files';
import { pictureFromFile } from './picture-from-file';
import { primaryButton, secondaryButton } from './ui';

/** A picture file made ready to keep with the post (picture-from-file.ts). */
export interface ChosenPicture {
  key: string;
  dataUrl: string;
  fileName: string;
}

export interface ImageDialogProps {
  /**
   * The picture to change (a selected one: alt null when it has none yet), or an empty src for a
   * new picture, with `file` when it came pasted or dropped; null when the dialog is closed.
   */
  initial: {
    src: string;
    alt: string | null;
    file?: ChosenPicture | undefined;
    /** Several files pasted or dropped at once: which of them this is. */
    of?: { index: number; total: number } | undefined;
  } | null;
  /** The post's own picture an address names ('./images/chart.webp'), to show it and keep it. */
  ownPicture?: (src: string) => string | undefined;
  /** Whether the post already uses a local picture name. */
  nameTaken?: (key: string) => boolean;
  /** `added` is a new file from the computer, for the post to keep. */
  onInsert: (picture: PictureAttributes, added?: ChosenPicture) => void;
  onCancel: () => void;
}

type Errors = Partial<Record<'src' | 'alt' | 'file', string>>;

export function ImageDialog({
  initial,
  ownPicture = () => undefined,
  nameTaken = () => false,
  onInsert,
  onCancel,
}: ImageDialogProps) {
  const open = initial !== null;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const srcRef = useRef<HTMLInputElement>(null);
  const altRef = useRef<HTMLInputElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const ids = {
    title: `${id}-title`,
    src: `${id}-src`,
    alt: `${id}-alt`,
    decorative: `${id}-decorative`,
    file: `${id}-file`,
  };
  const [src, setSrc] = useState('');
  const [alt, setAlt] = useState('');
  const [decorative, setDecorative] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  // The picture file of this answer: a new one (with its key to keep), or the post's own being changed.
  const [file, setFile] = useState<(ChosenPicture & { isNew: boolean }) | null>(null);
  const [reading, setReading] = useState(false);
  const editing = Boolean(initial?.src);
  const ownPictureRef = useRef(ownPicture);
  useEffect(() => {
    ownPictureRef.current = ownPicture;
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    // A new answer: the dialog opens, or (several pictures pasted or dropped at once) asks the next.
    if (initial) {
      const kept = initial.src ? ownPictureRef.current(initial.src) : undefined;
      const key = initial.src.slice(initial.src.lastIndexOf('/') + 1);
      setFile(
        initial.file
          ? { ...initial.file, isNew: true }
          : kept
            ? { key, dataUrl: kept, fileName: key, isNew: false }
            : null,
      );
      setSrc(kept ? '' : initial.src);
      setAlt(initial.alt ?? '');
      // A picture already in the post with alt="" was marked decorative.
      setDecorative(initial.alt === '');
      setErrors({});
      setReading(false);
      if (!dialog.open) {
        if (typeof dialog.showModal === 'function') dialog.showModal();
        else dialog.setAttribute('open', '');
      }
      (initial.file || kept ? altRef : fileRef).current?.focus();
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open, initial]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // React passes events up through the portal: the post form around the editor must not submit.
    event.stopPropagation();
    if (reading) return;
    const result = resolvePictureInput({
      src,
      alt,
      decorative,
      file: file ? localPictureAddress(file.key) : undefined,
    });
    if (result.ok) {
      if (file?.isNew)
        onInsert(result.picture, { key: file.key, dataUrl: file.dataUrl, fileName: file.fileName });
      else onInsert(result.picture);
      return;
    }
    setErrors(result.errors);
    (result.errors.src ? srcRef : altRef).current?.focus();
  }

  async function fileChosen(input: HTMLInputElement) {
    const chosen = input.files?.[0];
    if (!chosen) return;
    setReading(true);
    setErrors(({ file: _cleared, ...rest }) => rest);
    const prepared = await pictureFromFile(chosen, nameTaken);
    setReading(false);
    // The same file can be chosen again after a refusal.
    input.value = '';
    if (!prepared.ok) {
      // What was there before (a chosen file, an address, the alt text) stays.
      setErrors((current) => ({ ...current, file: prepared.message }));
      input.focus();
      return;
    }
    setFile({ key: prepared.key, dataUrl: prepared.dataUrl, fileName: prepared.fileName, isNew: true });
    setSrc('');
    setErrors(({ src: _src, file: _file, ...rest }) => rest);
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
          {initial?.of ? ` (${initial.of.index} of ${initial.of.total})` : ''}
        </h2>
        <div>
          <FieldLabel htmlFor={ids.file} required={false}>
            Picture from this computer
          </FieldLabel>
          <FieldHint id={`${ids.file}-hint`}>
            {PICTURE_TYPE_NAMES}, up to {MAX_PICTURE_BYTES / 1024 / 1024} MB. A larger picture is made
            smaller, to the {LARGEST_PICTURE_WIDTH} pixels wide the site shows at most, and it is kept with
            the post in this browser.
          </FieldHint>
          <input
            ref={fileRef}
            id={ids.file}
            name="pictureFile"
            type="file"
            accept={PICTURE_FILE_ACCEPT}
            onChange={(event) => void fileChosen(event.currentTarget)}
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={describedBy(
              `${ids.file}-hint`,
              file ? `${ids.file}-chosen` : undefined,
              errors.file && `${ids.file}-error`,
            )}
            // Once a picture is chosen (or came pasted), "Chosen: …" below says which: the browser's own
            // "No file chosen" beside the button would say the opposite, so it is not shown then.
            className={`${inputClass} ${file ? 'text-transparent' : ''} file:mr-3 file:min-h-9 file:rounded-md file:border-2 file:border-brand file:bg-page file:px-3 file:font-semibold file:text-brand`}
          />
          <p role="status" className="mt-2 text-base empty:hidden">
            {reading ? 'Reading the picture...' : ''}
          </p>
          {file && !reading ? (
            <div className="mt-2 flex items-center gap-3">
              <img src={file.dataUrl} alt="" className="size-16 rounded border border-line object-contain" />
              <p id={`${ids.file}-chosen`} className="min-w-0 break-words text-base">
                Chosen: {file.fileName}
              </p>
            </div>
          ) : null}
          <FieldError id={`${ids.file}-error`} message={errors.file} />
        </div>
        <div>
          <FieldLabel htmlFor={ids.src} required={!file}>
            {file ? 'Or a picture address' : 'Picture address'}
          </FieldLabel>
          <FieldHint id={`${ids.src}-hint`}>
            Instead of a file: a web address starting with https://, or the address of a picture already on
            this website, starting with /.
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
              // An address takes the place of a chosen file.
              if (event.target.value.trim() !== '') setFile(null);
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
