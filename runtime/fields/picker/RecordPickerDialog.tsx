import { Alert, App, Button, Spin, Table } from 'antd';
import { useEffect, useState } from 'react';
import type { DataRecord } from '../../data/DataProvider';
import { useErrorText } from '../../render/useFeedback';
import { useFieldText } from '../useFieldText';
import { labelOf } from './pickedValue';
import { PickerModal } from './PickerModal';
import { RecordTable, type RecordTableProps } from './RecordTable';
import type { ModelSource } from './useModelSource';

export interface RecordPickerDialogProps extends Pick<RecordTableProps, 'columns' | 'multiple' | 'paged' | 'pageSize' | 'pageSizeOptions' | 'scrollY'> {
  open: boolean;
  source: ModelSource;
  title: string;
  width: number;
  labelField: string;
  /** the records chosen when the dialog opens */
  initial: DataRecord[];
  /** a pane listing the chosen records (business multi-select), its table scrolled at this height */
  selectedPane?: { scrollY: number };
  /** a reason to refuse the confirm (shown 1 s), or undefined to accept */
  check?(records: DataRecord[]): string | undefined;
  onOk(records: DataRecord[]): void;
  onCancel(): void;
}

/** The modal every record picker shares: the table to choose from, and optionally the chosen ones beside it. */
export function RecordPickerDialog({
  open,
  source,
  title,
  width,
  labelField,
  initial,
  selectedPane,
  check,
  onOk,
  onCancel,
  ...table
}: RecordPickerDialogProps) {
  const t = useFieldText();
  const describe = useErrorText();
  const { message } = App.useApp();
  const [selected, setSelected] = useState<DataRecord[]>(initial);
  useEffect(() => {
    if (open) setSelected(initial);
    // a reopened dialog starts from the field's value, not from the last cancelled choice
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const confirm = () => {
    const problem = check?.(selected);
    if (problem) {
      void message.warning(problem, 1);
      return;
    }
    onOk(selected);
  };

  return (
    <PickerModal open={open} title={title} width={width} onOk={confirm} onCancel={onCancel}>
      {source.status === 'loading' ? <Spin /> : null}
      {source.status === 'error' ? <Alert type="error" showIcon message={t('picker.loadFailed', { reason: describe(source.error) })} /> : null}
      {source.status === 'ready' ? (
        <RecordTable {...table} served={source.served} provider={source.provider} selected={selected} onSelect={setSelected} />
      ) : null}
      {selectedPane ? (
        <Table<DataRecord>
          size="small"
          rowKey="id"
          title={() => (
            <span>
              {t('picker.selected')} ({selected.length}){' '}
              <Button type="link" size="small" onClick={() => setSelected([])}>
                {t('picker.clearList')}
              </Button>
            </span>
          )}
          dataSource={selected}
          pagination={false}
          scroll={{ y: selectedPane.scrollY }}
          columns={[
            { key: 'label', title: t('picker.selected'), render: (_value, record) => labelOf(record, labelField) },
            {
              key: 'remove',
              width: 80,
              render: (_value, record) => (
                <Button type="link" size="small" onClick={() => setSelected((current) => current.filter((item) => item.id !== record.id))}>
                  {t('upload.remove')}
                </Button>
              ),
            },
          ]}
        />
      ) : null}
    </PickerModal>
  );
}
