// A picture file from the admin's computer (chosen in the Image dialog, pasted or dropped in the
// editor), made ready to keep with the post: checked (src/lib/admin/picture-file.ts: a picture type
// of the site, within the size cap, an SVG only if it is only a picture), then sized down to the widest
// the site ever shows (LARGEST_PICTURE_WIDTH) and encoded again in this browser. Encoding again also
// drops what a camera writes into a photo besides the picture (the place it was taken, for one). An
// SVG is kept as it is: it has no pixels to size down.
import { bytesToBase64 } from '@/lib/publish/backend';
import {
  PICTURE_FILE_MESSAGES,
  newPictureKey,
  pictureFileProblem,
  pictureFileType,
} from '@/lib/admin/picture-file';
import { MAX_PICTURE_BYTES, PICTURE_TYPES } from '@/lib/site/picture-files';
import { svgBytesProblem } from '@/lib/text/svg-rule';
import { sizeDown } from './picture-size';

export type PreparedPicture =
  | {
      ok: true;
      /** The local name the post keeps it under ('chart.webp'). */
      key: string;
      /** The picture as a data: address (what the post keeps, and what the editor shows). */
      dataUrl: string;
      /** The file's own name, for messages. */
      fileName: string;
    }
  | { ok: false; message: string };

/** Checks a picture file and makes it ready to keep; `taken` says which local names the post already uses. */
export async function pictureFromFile(file: File, taken: (key: string) => boolean): Promise<PreparedPicture> {
  const problem = pictureFileProblem(file);
  if (problem) return { ok: false, message: problem };
  const type = pictureFileType(file)!;
  let kept: { type: string; bytes: Uint8Array };
  try {
    if (type === 'image/svg+xml') {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const unsafe = svgBytesProblem(bytes);
      if (unsafe) return { ok: false, message: PICTURE_FILE_MESSAGES.unsafeSvg(file.name, unsafe) };
      kept = { type, bytes };
    } else {
      const smaller = await sizeDown(file, type);
      if (!smaller) return { ok: false, message: PICTURE_FILE_MESSAGES.unreadable(file.name) };
      kept = { type: smaller.type, bytes: new Uint8Array(await smaller.arrayBuffer()) };
    }
  } catch {
    // The file went away or could not be read from the disk.
    return { ok: false, message: PICTURE_FILE_MESSAGES.unreadable(file.name) };
  }
  if (kept.bytes.length > MAX_PICTURE_BYTES) {
    return { ok: false, message: PICTURE_FILE_MESSAGES.tooBig(file.name, kept.bytes.length) };
  }
  return {
    ok: true,
    key: newPictureKey(file.name, PICTURE_TYPES[kept.type]!, taken),
    dataUrl: `data:${kept.type};base64,${bytesToBase64(kept.bytes)}`,
    fileName: file.name,
  };
}
