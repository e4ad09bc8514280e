import { FilterOutlined, SettingOutlined } from '@ant-design/icons';
import { Badge, Button, Flex, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useRenderText } from '../useRenderText';

export interface ListToolbarProps {
  canAdd: boolean;
  canDeleteBatch: boolean;
  onAdd(): void;
  onDeleteBatch(): void;
  /** the model's own toolbar actions (list.actions objects, import and export among them) */
  custom?: ReactNode;
  /** 高级查询, when the model lists superQuery; `active` while a query is in force */
  superQuery?: { active: boolean; onOpen(): void };
  /** 列设置: opens the column-settings drawer */
  onColumns?(): void;
}

/** 新增, 批量删除, the model's toolbar actions and 高级查询 above the table; 列设置 at the right. */
export function ListToolbar({ canAdd, canDeleteBatch, onAdd, onDeleteBatch, custom, superQuery, onColumns }: ListToolbarProps) {
  const t = useRenderText();
  if (!canAdd && !canDeleteBatch && !custom && !superQuery && !onColumns) return null;
  return (
    <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 16 }}>
      {/* a flex row, not Space: Space spaces its children, and the model's actions are one child (a fragment of
          buttons), so 导入 and 导出 stood joined; here every button is a flex item of its own */}
      <Flex wrap gap={8}>
        {canAdd && (
          <Button type="primary" onClick={onAdd}>
            {t('action.add')}
          </Button>
        )}
        {canDeleteBatch && <Button onClick={onDeleteBatch}>{t('action.deleteBatch')}</Button>}
        {custom}
        {superQuery && (
          <Badge dot={superQuery.active} title={superQuery.active ? t('list.superQueryActive') : undefined}>
            <Button icon={<FilterOutlined />} type={superQuery.active ? 'primary' : 'default'} ghost={superQuery.active} onClick={superQuery.onOpen}>
              {t('action.superQuery')}
            </Button>
          </Badge>
        )}
      </Flex>
      {onColumns && (
        <Tooltip title={t('action.columns')}>
          <Button aria-label={t('action.columns')} icon={<SettingOutlined />} onClick={onColumns} />
        </Tooltip>
      )}
    </div>
  );
}
