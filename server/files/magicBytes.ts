/**
 * The type of an upload decided by its first bytes (security.md rule 15), never by the name or the
 * declared content type. The extension must agree with what the bytes are: a renamed file is refused.
 * SVG, HTML and scripts are not on any list, so they are always refused.
 */
export type FileKind = 'jpg' | 'png' | 'gif' | 'webp' | 'bmp' | 'pdf' | 'zip' | 'ole' | 'text';

/** how many leading bytes sniffFileKind needs */
export const SNIFF_BYTES = 4096;

const startsWith = (head: Uint8Array, bytes: number[], at = 0) => bytes.every((b, i) => head[at + i] === b);

function looksLikeText(head: Uint8Array): boolean {
  if (head.includes(0)) return false;
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head).replace(/^\uFEFF/, '');
  // markup could run as a page when previewed: HTML, SVG and XML are not text here
  return !/^\s*</.test(text) && !text.includes('\uFFFD');
}

export function sniffFileKind(head: Uint8Array): FileKind | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0x47, 0x49, 0x46, 0x38])) return 'gif';
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  if (startsWith(head, [0x42, 0x4d]) && head.length >= 14) return 'bmp';
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return 'zip';
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  if (head.length > 0 && looksLikeText(head)) return 'text';
  return null;
}

/** extension → the kind its bytes must be, and the content type served */
export const EXTENSIONS: Readonly<Record<string, { kind: FileKind; contentType: string }>> = {
  jpg: { kind: 'jpg', contentType: 'image/jpeg' },
  jpeg: { kind: 'jpg', contentType: 'image/jpeg' },
  png: { kind: 'png', contentType: 'image/png' },
  gif: { kind: 'gif', contentType: 'image/gif' },
  webp: { kind: 'webp', contentType: 'image/webp' },
  bmp: { kind: 'bmp', contentType: 'image/bmp' },
  pdf: { kind: 'pdf', contentType: 'application/pdf' },
  docx: { kind: 'zip', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  xlsx: { kind: 'zip', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  pptx: { kind: 'zip', contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  zip: { kind: 'zip', contentType: 'application/zip' },
  doc: { kind: 'ole', contentType: 'application/msword' },
  xls: { kind: 'ole', contentType: 'application/vnd.ms-excel' },
  ppt: { kind: 'ole', contentType: 'application/vnd.ms-powerpoint' },
  txt: { kind: 'text', contentType: 'text/plain; charset=utf-8' },
  csv: { kind: 'text', contentType: 'text/csv; charset=utf-8' },
};

/** The extension of a client file name, lower case, '' when it has none. */
export function extensionOf(fileName: string): string {
  const match = /\.([A-Za-z0-9]{1,8})$/.exec(fileName.trim());
  return match ? (match[1] as string).toLowerCase() : '';
}

/** The allowed extension and content type of a file whose bytes start with `head`, or null when refused. */
export function checkFileType(fileName: string, head: Uint8Array): { extension: string; contentType: string } | null {
  const extension = extensionOf(fileName);
  const rule = Object.hasOwn(EXTENSIONS, extension) ? EXTENSIONS[extension] : undefined;
  if (!rule || sniffFileKind(head) !== rule.kind) return null;
  return { extension, contentType: rule.contentType };
}

/** Kinds a browser may show inline in a preview frame (everything else is downloaded). */
export const INLINE_KINDS: ReadonlySet<FileKind> = new Set(['jpg', 'png', 'gif', 'webp', 'bmp', 'pdf']);
