// Sizing a picture down in the browser (canvas), apart from the checks of picture-from-file.ts so that
// component tests, whose DOM draws no pictures, can replace only this part.
import { LARGEST_PICTURE_WIDTH, PICTURE_ENCODING, PICTURE_TYPES } from '@/lib/site/picture-files';

/**
 * The picture at most LARGEST_PICTURE_WIDTH wide, encoded again: PNG and GIF (drawings, screenshots)
 * as PNG, which keeps their edges sharp; photos as WebP at the site's quality. Undefined when the
 * browser cannot read the file as a picture.
 */
export async function sizeDown(file: Blob, type: string): Promise<Blob | undefined> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return undefined;
  }
  try {
    const width = Math.min(bitmap.width, LARGEST_PICTURE_WIDTH);
    const height = Math.max(1, Math.round((bitmap.height * width) / bitmap.width));
    if (width === 0 || bitmap.height === 0) return undefined;
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return undefined;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    const lossless = type === 'image/png' || type === 'image/gif';
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(
        resolve,
        lossless ? 'image/png' : `image/${PICTURE_ENCODING.format}`,
        PICTURE_ENCODING.quality / 100,
      ),
    );
    // A browser that cannot write WebP writes PNG instead: either is a picture of the site.
    return blob && PICTURE_TYPES[blob.type] ? blob : undefined;
  } finally {
    bitmap.close();
  }
}
