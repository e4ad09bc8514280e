import { Alert, App, Spin } from 'antd';
import { useMemo } from 'react';
import { createReportDataProvider, type ReportParamValues } from '../../data/report/createReportDataProvider';
import type { DataProvider, DataRecord } from '../../data/DataProvider';
import type { ServedModel } from '../../model/types';
import { buildColumns } from '../../render/list/buildColumns';
import { ListTable } from '../../render/list/ListTable';
import { SearchBar } from '../../render/list/SearchBar';
import { useDictOptionMap } from '../../render/list/useDictOptionMap';
import { useListController } from '../../render/list/useListController';
import { useRuntime } from '../../render/RuntimeProvider';
import { useErrorText } from '../../render/useFeedback';
import { useFieldText } from '../useFieldText';
import { PickerModal } from './PickerModal';
import { useModelSource } from './useModelSource';

/** spec 000 §4 / §9: the report popup is 1200 wide and pages 10 rows */
export const REPORT_POPUP_WIDTH = 1200;
export const REPORT_POPUP_PAGE_SIZE = 10;

export interface ReportPickerDialogProps {
  /** the report (a model of screen kind query) */
  code: string;
  multiple: boolean;
  /** the report's fixed parameters (self_<name>) */
  params?: ReportParamValues;
  /** pages kept 30 s and shared by the popups of this group */
  groupId?: string;
  onPick(records: DataRecord[]): void;
  onClose(): void;
}

function ReportRows({
  served,
  provider,
  multiple,
  onPick,
  onClose,
}: { served: ServedModel; provider: DataProvider } & Pick<ReportPickerDialogProps, 'multiple' | 'onPick' | 'onClose'>) {
  const runtime = useRuntime();
  const t = useFieldText();
  const { message } = App.useApp();
  const report = useMemo<ServedModel>(
    () => ({
      ...served,
      model: { ...served.model, list: { ...served.model.list, columns: served.model.list?.columns ?? [], page: { size: REPORT_POPUP_PAGE_SIZE } } },
    }),
    [served],
  );
  const list = useListController(report, provider);
  const dictOptions = useDictOptionMap(report);
  const { sort, page, pageSize } = list.params;
  const columns = useMemo(
    () => buildColumns(report, { t: runtime.t, dictOptions, sort, offset: (page - 1) * pageSize }),
    [report, runtime.t, dictOptions, sort, page, pageSize],
  );
  const confirm = () => {
    const chosen = list.status === 'ready' ? list.records.filter((record) => list.selection.includes(record.id)) : [];
    // spec 000 §4: confirming none, or several in single mode, warns
    if (chosen.length === 0 || (!multiple && chosen.length > 1)) {
      void message.warning(t('report.selectOne'));
      return;
    }
    onPick(chosen);
  };
  return (
    <PickerModal open title={t('picker.selectData')} width={REPORT_POPUP_WIDTH} onOk={confirm} onCancel={onClose}>
      {(report.model.list?.search?.length ?? 0) > 0 ? <SearchBar served={report} onSearch={list.search} /> : null}
      <ListTable list={list} columns={columns} sizes={[REPORT_POPUP_PAGE_SIZE]} selectable onPageSizeChange={() => undefined} />
    </PickerModal>
  );
}

/**
 * The report popup (spec 000 §4 "report popup picker"): a report's rows to choose from — its search
 * fields, 10 rows a page, checkboxes — read through getData, so the server applies the report's
 * permission and its sources' tenant and data scope.
 */
export function ReportPickerDialog({ code, multiple, params, groupId, onPick, onClose }: ReportPickerDialogProps) {
  const { http } = useRuntime();
  const t = useFieldText();
  const describe = useErrorText();
  const source = useModelSource(code);
  const paramsKey = JSON.stringify(params ?? {});
  // eslint-disable-next-line react-hooks/exhaustive-deps -- params by value: a new object with the same values is the same report
  const provider = useMemo(() => createReportDataProvider(code, http, { params, groupId }), [code, http, paramsKey, groupId]);
  if (source.status === 'ready') return <ReportRows served={source.served} provider={provider} multiple={multiple} onPick={onPick} onClose={onClose} />;
  return (
    <PickerModal open title={t('picker.selectData')} width={REPORT_POPUP_WIDTH} onCancel={onClose} onOk={onClose}>
      {source.status === 'loading' ? <Spin /> : <Alert type="warning" showIcon message={t('picker.loadFailed', { reason: describe(source.error) })} />}
    </PickerModal>
  );
}
