/** % and _ are LIKE wildcards; a user searching for "50%" means the characters (escape character \). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
