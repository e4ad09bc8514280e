import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useFieldText } from '../useFieldText';
import type { TableStore } from './createTableStore';
import { useSelectedCount } from './useTableStore';

/** Add a row; with row selection, remove the selected rows and clear the selection. */
export function TableToolbar({
  store,
  rowSelection,
  onAdd,
  onRemove,
}: {
  store: TableStore;
  rowSelection: boolean;
  onAdd(): void;
  onRemove(keys: readonly string[]): void;
}) {
  const t = useFieldText();
  const selected = useSelectedCount(store);
  return (
    <Space style={{ marginBottom: 8 }}>
      <Button type="primary" size="small" icon={<PlusOutlined />} onClick={onAdd}>
        {t('editableTable.add')}
      </Button>
      {rowSelection && (
        <>
          <Button size="small" danger icon={<DeleteOutlined />} disabled={selected === 0} onClick={() => onRemove(store.selected())}>
            {t('editableTable.removeSelected', { count: selected })}
          </Button>
          <Button size="small" disabled={selected === 0} onClick={() => store.clearSelection()}>
            {t('editableTable.clearSelection')}
          </Button>
        </>
      )}
    </Space>
  );
}
