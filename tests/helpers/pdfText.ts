/**
 * The text of a PDF, page by page, as PDF.js reads it (what a reader's copy would give): tests check that a
 * printout says what it should. Text pieces are joined without separators so CJK words are found whole.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
  }
  await doc.destroy();
  return pages.join('\n');
}

/**
 * How many images each page of a PDF paints (as PDF.js draws it): a printout's signature and stamp are
 * images on the page, which its text alone would not show (a caption prints even when its image is lost).
 */
export async function pdfImageCounts(bytes: Uint8Array): Promise<number[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false }).promise;
  const painting = new Set<number>([pdfjs.OPS.paintImageXObject, pdfjs.OPS.paintInlineImageXObject, pdfjs.OPS.paintImageXObjectRepeat]);
  const counts: number[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const ops = await (await doc.getPage(n)).getOperatorList();
    counts.push(ops.fnArray.filter((fn) => painting.has(fn)).length);
  }
  await doc.destroy();
  return counts;
}
