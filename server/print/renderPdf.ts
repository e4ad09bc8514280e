import { createRequire } from 'node:module';
import path from 'node:path';
import type { PrintAlign, PrintBlock, PrintData } from '../../runtime/model/printTemplate.js';
import { printedValue, tableRowsOf, totalsRow } from '../../runtime/model/printTemplate.js';

type Content = Record<string, unknown> | string;

interface PdfMake {
  addFonts(fonts: Record<string, Record<string, string>>): void;
  setUrlAccessPolicy?(policy: (url: string) => boolean): void;
  setLocalAccessPolicy(policy: (file: string) => boolean): void;
  createPdf(doc: Record<string, unknown>): { getBuffer(): Promise<Buffer> };
}

const require = createRequire(import.meta.url);
let engine: PdfMake | null = null;

/**
 * pdfmake and the CJK font load on the first printout, never at start-up: most servers never print, and
 * the font file is megabytes. The font (Noto Sans SC, GB2312 subset, SIL Open Font License, from the
 * @embedpdf/fonts-sc package) is embedded subset to the characters a document uses.
 */
function pdfmake(): PdfMake {
  if (engine) return engine;
  const loaded = require('pdfmake') as PdfMake;
  // the package exports only its entry; the font files sit beside it
  const fonts = path.join(path.dirname(require.resolve('@embedpdf/fonts-sc')), '..', 'fonts');
  const font = path.join(fonts, 'NotoSansHans-Regular.otf');
  const bold = path.join(fonts, 'NotoSansHans-Bold.otf');
  loaded.addFonts({ NotoSansSC: { normal: font, bold, italics: font, bolditalics: bold } });
  // a document reads nothing but its fonts: images arrive inline as data: URLs
  loaded.setLocalAccessPolicy((file) => path.resolve(file).startsWith(fonts + path.sep));
  loaded.setUrlAccessPolicy?.(() => false);
  engine = loaded;
  return loaded;
}

const alignment = (align: PrintAlign | undefined, fallback: PrintAlign) => align ?? fallback;

function blockContent(block: PrintBlock, index: number, data: PrintData): Content[] {
  const { info, record } = data;
  const labelOf = (field: string) => info.fields.find((f) => f.field === field)?.label ?? field;
  switch (block.kind) {
    case 'title':
      return [{ text: block.text, style: 'title', alignment: alignment(block.align, 'center') }];
    case 'text':
      return [{ text: block.text, alignment: alignment(block.align, 'left'), margin: [0, 2, 0, 6] }];
    case 'fields': {
      const cells = block.fields.flatMap((field) => [{ text: labelOf(field), style: 'label' }, { text: printedValue(record, field) }]);
      const width = block.columns * 2;
      while (cells.length % width !== 0) cells.push({ text: '' }, { text: '' });
      const body: Content[][] = [];
      for (let i = 0; i < cells.length; i += width) body.push(cells.slice(i, i + width));
      if (body.length === 0) return [];
      const widths = Array.from({ length: width }, (_, i) => (i % 2 === 0 ? 'auto' : '*'));
      return [{ table: { widths, body }, layout: 'lightHorizontalLines', margin: [0, 2, 0, 8] }];
    }
    case 'table': {
      const table = info.tables.find((t) => t.model === block.model);
      const labels = block.columns.map((field) => table?.fields.find((f) => f.field === field)?.label ?? field);
      const source = tableRowsOf(data, block, index);
      const rows = source.map((row) => block.columns.map((field) => printedValue(row, field)));
      const total = totalsRow(source, block.columns, block.totals);
      if (total) rows.push(total);
      return [
        ...(block.title ? [{ text: block.title, style: 'tableTitle' }] : []),
        {
          table: { headerRows: 1, widths: block.columns.map(() => '*'), body: [labels.map((text) => ({ text, style: 'label' })), ...rows] },
          margin: [0, 2, 0, 8],
        },
      ];
    }
    case 'image': {
      const value = block.file ?? record[block.field ?? ''];
      const stored = typeof value === 'string' ? value.split(',')[0]!.trim() : '';
      const url = stored ? data.images[stored] : undefined;
      const align = alignment(block.align, 'left');
      return [
        ...(url ? [{ image: url, width: block.width, alignment: align }] : []),
        ...(block.caption ? [{ text: block.caption, alignment: align, style: 'caption' }] : []),
      ];
    }
  }
}

/** The printout as a PDF (pdfmake): the same blocks the browser prints, one after another. */
export async function renderPdf(data: PrintData): Promise<Buffer> {
  const { page } = data.template;
  const doc = {
    info: { title: data.fullName, creator: 'Cloudlab' },
    pageSize: page.size,
    pageOrientation: page.orientation,
    pageMargins: page.margin,
    defaultStyle: { font: 'NotoSansSC', fontSize: 10 },
    styles: {
      title: { fontSize: 16, bold: true, margin: [0, 0, 0, 10] },
      label: { bold: true },
      tableTitle: { bold: true, margin: [0, 6, 0, 2] },
      caption: { fontSize: 9 },
    },
    content: data.template.blocks.flatMap((block, index) => blockContent(block, index, data)),
  };
  return pdfmake().createPdf(doc).getBuffer();
}
