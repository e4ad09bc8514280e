import { Button, Space } from 'antd';
import type { Translate } from '../../RuntimeInstance';
import type { DataRecord } from '../../data/DataProvider';
import { DeleteAction } from './DeleteAction';
import { MoreLinks } from './MoreLinks';
import { shownOn, type FoldedRowLinks, type RowLink } from './rowLinks';

export interface RowActionsProps {
  record: DataRecord;
  links: FoldedRowLinks;
  /** passed in rather than read from context: this renders once per row */
  t: Translate;
  /** a folded link's confirm (a dialog: the 更多 menu closes when an entry is chosen) */
  confirm(title: string, onOk: () => unknown): void;
}

function InlineLink({ link, record, t }: { link: RowLink; record: DataRecord; t: Translate }) {
  if (link.confirm === undefined)
    return (
      <Button type="link" size="small" danger={link.danger} onClick={() => void link.run(record)}>
        {link.label}
      </Button>
    );
  return (
    <DeleteAction
      label={link.label}
      title={link.confirm}
      okText={t('action.ok')}
      cancelText={t('action.cancel')}
      danger={link.danger ?? false}
      onConfirm={() => link.run(record)}
    />
  );
}

/** One row's links (编辑 · 详情 · 删除 and the model's own), those beyond the list's first few behind 更多. */
export function RowActions({ record, links, t, confirm }: RowActionsProps) {
  const more = shownOn(links.more, record);
  return (
    <Space size={0}>
      {shownOn(links.inline, record).map((link) => (
        <InlineLink key={link.key} link={link} record={record} t={t} />
      ))}
      {more.length > 0 && <MoreLinks label={t('action.more')} links={more} record={record} confirm={confirm} />}
    </Space>
  );
}
