import type { PrintAlign, PrintBlock, PrintData } from '../../runtime/model/printTemplate.js';
import { printedValue, tableRowsOf, totalsRow } from '../../runtime/model/printTemplate.js';
import type { PdfDocument, PdfRenderer } from './pdfRenderer.js';

type Content = Record<string, unknown> | string;

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

/** The printout as a pdfmake document: the same blocks the browser prints, one after another. */
export function pdfDocument(data: PrintData): PdfDocument {
  const { page } = data.template;
  return {
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
}

/** The printout as a PDF, laid out on the renderer's thread (pdfRenderer.ts) so the event loop keeps answering. */
export function renderPdf(renderer: PdfRenderer, data: PrintData): Promise<Buffer> {
  return renderer.render(pdfDocument(data));
}
