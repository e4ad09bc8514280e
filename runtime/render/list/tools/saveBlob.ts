/**
 * Hands a downloaded file to the browser under its name (an object URL on a transient link, revoked
 * once the click has been dispatched). Downloads go through the HTTP client, not a plain link, because
 * the token travels in a header (security.md: never in a query string).
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
