import { Button, Space } from 'antd';
import type { ReactNode } from 'react';
import { useRenderText } from '../useRenderText';

export interface ListToolbarProps {
  canAdd: boolean;
  canDeleteBatch: boolean;
  onAdd(): void;
  onDeleteBatch(): void;
  /** the model's own toolbar actions (list.actions objects) */
  custom?: ReactNode;
}

/** 新增 and 批量删除 above the table; nothing when neither is allowed. */
export function ListToolbar({ canAdd, canDeleteBatch, onAdd, onDeleteBatch, custom }: ListToolbarProps) {
  const t = useRenderText();
  if (!canAdd && !canDeleteBatch && !custom) return null;
  return (
    <Space style={{ marginBottom: 16 }}>
      {canAdd && (
        <Button type="primary" onClick={onAdd}>
          {t('action.add')}
        </Button>
      )}
      {canDeleteBatch && <Button onClick={onDeleteBatch}>{t('action.deleteBatch')}</Button>}
      {custom}
    </Space>
  );
}
