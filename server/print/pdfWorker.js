// @ts-check
// PDF rendering (pdfmake) on its own thread: laying out a page and subsetting the CJK font takes about a
// second of CPU per printout, which on the main thread would stall every other request. The main thread
// builds the document definition (renderPdf.ts) and sends it here; one document is made at a time.
// Plain JavaScript because Node loads worker files itself, outside the TypeScript loaders of tsx and Vitest;
// the protocol is typed in pdfRenderer.ts.
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';

const require = createRequire(import.meta.url);

/** @type {{ createPdf(doc: object): { getBuffer(): Promise<Buffer> } } | null} */
let engine = null;

// pdfmake and the font load with the first document, never when the thread starts: the font file is
// megabytes (Noto Sans SC, GB2312 subset, SIL Open Font License, from @embedpdf/fonts-sc), embedded
// subset to the characters a document uses.
function pdfmake() {
  if (engine) return engine;
  const loaded = require('pdfmake');
  // the package exports only its entry; the font files sit beside it
  const fonts = path.join(path.dirname(require.resolve('@embedpdf/fonts-sc')), '..', 'fonts');
  const font = path.join(fonts, 'NotoSansHans-Regular.otf');
  const bold = path.join(fonts, 'NotoSansHans-Bold.otf');
  loaded.addFonts({ NotoSansSC: { normal: font, bold, italics: font, bolditalics: bold } });
  // a document reads nothing but its fonts: images arrive inline as data: URLs
  loaded.setLocalAccessPolicy((/** @type {string} */ file) => path.resolve(file).startsWith(fonts + path.sep));
  loaded.setUrlAccessPolicy?.(() => false);
  engine = loaded;
  return loaded;
}

parentPort?.on('message', async (/** @type {{id: number, doc: object}} */ message) => {
  try {
    const buffer = await pdfmake().createPdf(message.doc).getBuffer();
    // a copy of its own, so that its memory moves to the main thread instead of being copied again
    const pdf = new Uint8Array(buffer);
    parentPort?.postMessage({ id: message.id, pdf }, [pdf.buffer]);
  } catch (error) {
    const e = /** @type {{message?: string}} */ (error);
    parentPort?.postMessage({ id: message.id, error: e.message ?? String(error) });
  }
});
