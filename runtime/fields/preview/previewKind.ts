const IMAGE = /\.(png|jpe?g|gif|bmp|webp|svg)$/i;
const PDF = /\.pdf$/i;

/** spec 000 §2: images and PDFs show inline; every other type is downloaded. */
export function previewKind(fileName: string): 'image' | 'pdf' | 'download' {
  if (IMAGE.test(fileName)) return 'image';
  return PDF.test(fileName) ? 'pdf' : 'download';
}

/** A stored path '<bucket>/<name>' as the preview call's type and name. */
export function previewQuery(path: string): { type: string; name: string } {
  const slash = path.lastIndexOf('/');
  return { type: path.slice(0, Math.max(slash, 0)), name: path.slice(slash + 1) };
}
