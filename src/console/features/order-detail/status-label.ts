/** A status as words for people: `data_completed` -> "Data completed". The raw value stays the hook (D10). */
export function statusLabel(status: string): string {
  const words = status.replaceAll('_', ' ').trim();
  return words === '' ? status : words.charAt(0).toUpperCase() + words.slice(1);
}
