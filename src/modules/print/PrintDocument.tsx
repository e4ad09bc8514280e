import type { PrintBlock, PrintData } from '../../../runtime/model/printTemplate';
import { printedValue, tableRowsOf, totalsRow } from '../../../runtime/model/printTemplate';
import './printDocument.css';

function imageOf(block: Extract<PrintBlock, { kind: 'image' }>, data: PrintData): string | undefined {
  const value = block.file ?? data.record[block.field ?? ''];
  const stored = typeof value === 'string' ? value.split(',')[0]!.trim() : '';
  return stored ? data.images[stored] : undefined;
}

function Block({ block, index, data }: { block: PrintBlock; index: number; data: PrintData }) {
  const labelOf = (field: string) => data.info.fields.find((f) => f.field === field)?.label ?? field;
  switch (block.kind) {
    case 'title':
      return <h2 className={`cl-print-title cl-align-${block.align ?? 'center'}`}>{block.text}</h2>;
    case 'text':
      return <p className={`cl-print-text cl-align-${block.align ?? 'left'}`}>{block.text}</p>;
    case 'fields': {
      const rows: string[][] = [];
      for (let i = 0; i < block.fields.length; i += block.columns) rows.push(block.fields.slice(i, i + block.columns));
      return (
        <table className="cl-print-fields">
          <tbody>
            {rows.map((row, r) => (
              <tr key={r}>
                {row.flatMap((field) => [<th key={`${field}-l`}>{labelOf(field)}</th>, <td key={`${field}-v`}>{printedValue(data.record, field)}</td>])}
              </tr>
            ))}
          </tbody>
        </table>
      );
    }
    case 'table': {
      const table = data.info.tables.find((t) => t.model === block.model);
      const rows = tableRowsOf(data, block, index);
      const total = totalsRow(rows, block.columns, block.totals);
      return (
        <div className="cl-print-table">
          {block.title ? <div className="cl-print-table-title">{block.title}</div> : null}
          <table>
            <thead>
              <tr>
                {block.columns.map((field) => (
                  <th key={field}>{table?.fields.find((f) => f.field === field)?.label ?? field}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, r) => (
                <tr key={String(row.id ?? r)}>
                  {block.columns.map((field) => (
                    <td key={field}>{printedValue(row, field)}</td>
                  ))}
                </tr>
              ))}
              {total ? (
                <tr className="cl-print-total">
                  {total.map((text, i) => (
                    <td key={i}>{text}</td>
                  ))}
                </tr>
              ) : null}
            </tbody>
          </table>
        </div>
      );
    }
    case 'image': {
      const src = imageOf(block, data);
      return (
        <div className={`cl-print-image cl-align-${block.align ?? 'left'}`}>
          {src ? <img src={src} width={block.width} alt={block.caption ?? ''} /> : null}
          {block.caption ? <div className="cl-print-caption">{block.caption}</div> : null}
        </div>
      );
    }
  }
}

/** A printout in HTML: the same blocks the server's PDF renders (server/print/renderPdf.ts), for the browser's print. */
export function PrintDocument({ data }: { data: PrintData }) {
  return (
    <div className="cl-print-document" data-testid="print-document">
      {data.template.blocks.map((block, i) => (
        <Block key={i} index={i} block={block} data={data} />
      ))}
    </div>
  );
}
