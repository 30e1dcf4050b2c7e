// A one-time message carried to the next admin page in this tab ("Saved ..." after a save).
const FLASH_KEY = 'admin-flash';

export function setFlash(message: string): void {
  try {
    sessionStorage.setItem(FLASH_KEY, message);
  } catch {
    // The message is a courtesy; the page works without it.
  }
}

export function takeFlash(): string | undefined {
  try {
    const message = sessionStorage.getItem(FLASH_KEY);
    sessionStorage.removeItem(FLASH_KEY);
    return message ?? undefined;
  } catch {
    return undefined;
  }
}
