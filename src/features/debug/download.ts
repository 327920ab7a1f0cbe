/** Saves `text` as a JSON file through the browser's download (the support ticket's attachment). */
export function downloadJson(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** `sidenote-{what}-2026-11-25T10-04-00.json` */
export const exportName = (what: string, now = new Date()): string =>
  `sidenote-${what}-${now.toISOString().slice(0, 19).replace(/:/g, '-')}.json`;
