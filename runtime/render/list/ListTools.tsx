import { Suspense } from 'react';
import type { DataProvider } from '../../data/DataProvider';
import type { ServedModel } from '../../model/types';
import type { SuperQuery } from '../../query/queryLines';
import type { ColumnSetting } from './columnSettings';
import { dialogFailure, lazyPart } from '../lazyPart';

// each tool is its own chunk, fetched the first time it opens: the list page's first bundle carries none
const SuperQueryDialog = lazyPart(
  async () => (await import('../../query/SuperQueryDialog')).default,
  dialogFailure((props) => props.onClose()),
);
const ImportDialog = lazyPart(
  async () => (await import('./tools/ImportDialog')).default,
  dialogFailure((props) => props.onClose()),
);
const ColumnSettingsDrawer = lazyPart(
  async () => (await import('./tools/ColumnSettingsDrawer')).default,
  dialogFailure((props) => props.onClose()),
);

export type ToolPanel = 'superQuery' | 'import' | 'columns';

export interface ListToolsProps {
  served: ServedModel;
  provider: DataProvider;
  /** the panel open now */
  open: ToolPanel | null;
  /** panels opened at least once stay mounted (closing animates; reopening keeps their state) */
  mounted: ReadonlySet<ToolPanel>;
  onClose(): void;
  superQuery?: SuperQuery;
  onSuperQuery(query: SuperQuery | null): void;
  onImported(): void;
  columnRows: ColumnSetting[];
  onColumns(rows: ColumnSetting[]): void;
}

/** The list page's lazily loaded tools: the advanced query builder, the import dialog and the column drawer. */
export function ListTools({ served, provider, open, mounted, onClose, superQuery, onSuperQuery, onImported, columnRows, onColumns }: ListToolsProps) {
  return (
    <Suspense fallback={null}>
      {mounted.has('superQuery') && (
        <SuperQueryDialog served={served} open={open === 'superQuery'} active={superQuery} onQuery={onSuperQuery} onClose={onClose} />
      )}
      {mounted.has('import') && <ImportDialog served={served} provider={provider} open={open === 'import'} onClose={onClose} onImported={onImported} />}
      {mounted.has('columns') && <ColumnSettingsDrawer open={open === 'columns'} rows={columnRows} onChange={onColumns} onClose={onClose} />}
    </Suspense>
  );
}
