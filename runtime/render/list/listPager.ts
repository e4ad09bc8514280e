import type { TablePaginationConfig } from 'antd';
import type { Translate } from '../../RuntimeInstance';
import type { ListController } from './useListController';

/**
 * The pager of a paged list, the same on every screen that pages a model's rows (list page, tree table):
 * spec 000 §9 — the model's page size among its options (10/20/30 by default), the size changer and the quick
 * jumper always shown, and the total as 'Total N items' / 共N条. The caller handles the page and size change.
 */
export function listPager(list: ListController, sizes: number[], t: Translate): TablePaginationConfig {
  return {
    current: list.params.page,
    pageSize: list.params.pageSize,
    total: list.status === 'ready' ? list.total : 0,
    pageSizeOptions: sizes,
    showQuickJumper: true,
    showSizeChanger: true,
    showTotal: (total) => t('list.total', { total }),
  };
}
