import { notifications } from '@mantine/notifications';

export async function copyText(text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notifications.show({ color: 'teal', message: `${what} copied to the clipboard` });
  } catch {
    notifications.show({ color: 'red', title: `Could not copy the ${what.toLowerCase()}`, message: 'The browser refused access to the clipboard.' });
  }
}

/** Saves text as a file through a temporary object URL, without a server round trip. */
export function downloadText(filename: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: the click has handed the file to the browser by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function journalFilename(now = new Date(), extension = 'json'): string {
  return `order-console-journal-${now.toISOString().replace(/[:.]/g, '-')}.${extension}`;
}
