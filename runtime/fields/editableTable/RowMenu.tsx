import { HolderOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';
import { useFieldText } from '../useFieldText';

export interface RowMenuActions {
  moveUp(key: string): void;
  moveDown(key: string): void;
  insertBelow(key: string): void;
  remove(key: string): void;
}

/**
 * The drag handle of a row: dragged it reorders the rows; clicked it offers move up, move down,
 * insert a row below and remove (the order column is renumbered after each).
 */
export function RowMenu(props: {
  rowKey: string;
  first: boolean;
  last: boolean;
  disabled: boolean;
  actions: RowMenuActions;
  dragAttributes: DraggableAttributes;
  dragListeners: DraggableSyntheticListeners;
}) {
  const t = useFieldText();
  const { rowKey, actions } = props;
  const items: MenuProps['items'] = [
    { key: 'up', label: t('editableTable.moveUp'), disabled: props.first, onClick: () => actions.moveUp(rowKey) },
    { key: 'down', label: t('editableTable.moveDown'), disabled: props.last, onClick: () => actions.moveDown(rowKey) },
    { type: 'divider' },
    { key: 'insert', label: t('editableTable.insertBelow'), onClick: () => actions.insertBelow(rowKey) },
    { key: 'remove', label: t('editableTable.remove'), danger: true, onClick: () => actions.remove(rowKey) },
  ];
  if (props.disabled) return <HolderOutlined style={{ opacity: 0.3 }} />;
  return (
    <Dropdown menu={{ items }} trigger={['click']}>
      <span {...props.dragAttributes} {...props.dragListeners} role="button" aria-label={t('editableTable.rowMenu')} style={{ cursor: 'grab', padding: 4 }}>
        <HolderOutlined />
      </span>
    </Dropdown>
  );
}
