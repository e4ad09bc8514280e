import { Button, Space } from 'antd';
import type { ReactNode } from 'react';
import type { Translate } from '../../RuntimeInstance';
import type { DataRecord } from '../../data/DataProvider';
import { DeleteAction } from './DeleteAction';

export interface RowActionHandlers {
  canEdit: boolean;
  canDetail: boolean;
  canDelete: boolean;
  /** the 删除 confirm's question (deleteConfirmKey) */
  deleteConfirm: string;
  onEdit(record: DataRecord): void;
  onDetail(record: DataRecord): void;
  /** resolves when the delete settled (the confirm's OK button spins meanwhile) */
  onDelete(record: DataRecord): Promise<void>;
  /** the model's own row actions (list.actions objects), after the built-in ones */
  renderCustom?: (record: DataRecord) => ReactNode;
}

export interface RowActionsProps extends RowActionHandlers {
  record: DataRecord;
  /** passed in rather than read from context: this renders once per row */
  t: Translate;
}

/** 编辑 · 详情 · 删除 (with its confirm: 确定删除吗? or 此操作将永久删除该数据, 是否继续？) for one row. */
export function RowActions({ record, t, canEdit, canDetail, canDelete, deleteConfirm, onEdit, onDetail, onDelete, renderCustom }: RowActionsProps) {
  return (
    <Space size={0}>
      {canEdit && (
        <Button type="link" size="small" onClick={() => onEdit(record)}>
          {t('action.edit')}
        </Button>
      )}
      {canDetail && (
        <Button type="link" size="small" onClick={() => onDetail(record)}>
          {t('action.detail')}
        </Button>
      )}
      {canDelete && (
        <DeleteAction
          label={t('action.delete')}
          title={deleteConfirm}
          okText={t('action.ok')}
          cancelText={t('action.cancel')}
          onConfirm={() => onDelete(record)}
        />
      )}
      {renderCustom?.(record)}
    </Space>
  );
}
