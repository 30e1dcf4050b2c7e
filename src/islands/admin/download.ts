// Saves text (or a picture) as a file through the browser's download, without a server.

export function downloadTextFile(
  fileName: string,
  text: string | Blob,
  type = 'text/markdown;charset=utf-8',
): void {
  const url = URL.createObjectURL(typeof text === 'string' ? new Blob([text], { type }) : text);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; the object URL is only needed until then.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** Several downloads one after another; browsers may ask once to allow multiple files. */
export async function downloadTextFiles(
  files: ReadonlyArray<{ name: string; text: string | Blob }>,
): Promise<void> {
  for (const [index, file] of files.entries()) {
    if (index > 0) await new Promise((resolve) => setTimeout(resolve, 300));
    downloadTextFile(file.name, file.text);
  }
}
