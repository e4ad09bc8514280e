import { lazy, Suspense } from 'react';
import type { DataProvider } from '../../data/DataProvider';
import type { ServedModel } from '../../model/types';
import type { SuperQuery } from '../../query/queryLines';
import type { ColumnSetting } from './columnSettings';

// each tool is its own chunk, fetched the first time it opens: the list page's first bundle carries none
const SuperQueryDialog = lazy(() => import('../../query/SuperQueryDialog'));
const ImportDialog = lazy(() => import('./tools/ImportDialog'));
const ColumnSettingsDrawer = lazy(() => import('./tools/ColumnSettingsDrawer'));

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
