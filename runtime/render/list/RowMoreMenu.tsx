import { Dropdown } from 'antd';
import { useState, type ReactElement } from 'react';
import type { DataRecord } from '../../data/DataProvider';
import type { RowLink } from './rowLinks';

export interface RowMoreMenuProps {
  links: RowLink[];
  record: DataRecord;
  confirm(title: string, onOk: () => unknown): void;
  /** the 更多 link */
  children: ReactElement;
}

/** The 更多 dropdown of a row (MoreLinks mounts it on the first click, open); a link with a confirm asks in a dialog. */
export function RowMoreMenu({ links, record, confirm, children }: RowMoreMenuProps) {
  // open as it mounts: it mounts on the 更多 link's first click
  const [open, setOpen] = useState(true);
  return (
    <Dropdown
      open={open}
      onOpenChange={setOpen}
      trigger={['click']}
      menu={{
        items: links.map((link) => ({ key: link.key, label: link.label, danger: link.danger })),
        onClick: ({ key }) => {
          setOpen(false);
          const link = links.find((candidate) => candidate.key === key);
          if (!link) return;
          if (link.confirm === undefined) void link.run(record);
          else confirm(link.confirm, () => link.run(record));
        },
      }}
    >
      {children}
    </Dropdown>
  );
}
