import { DownOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Suspense } from 'react';
import type { DataRecord } from '../../data/DataProvider';
import { lazyPart } from '../lazyPart';
import type { RowLink } from './rowLinks';
import { useArmedLink } from './useArmedLink';

const loadMenu = async () => (await import('./RowMoreMenu')).RowMoreMenu;
const RowMoreMenu = lazyPart(loadMenu);

export interface MoreLinksProps {
  label: string;
  links: RowLink[];
  record: DataRecord;
  confirm(title: string, onOk: () => unknown): void;
}

/**
 * A row's 更多 link and, once clicked, its dropdown of the links that did not fit. As DeleteAction's confirm, the
 * dropdown (its own chunk, fetched on hover) is mounted around the link, open, on its first click (useArmedLink).
 */
export function MoreLinks({ label, links, record, confirm }: MoreLinksProps) {
  const { armed, link, arm } = useArmedLink();
  const button = (
    <Button ref={link} type="link" size="small" onPointerEnter={() => void loadMenu().catch(() => undefined)} onClick={armed ? undefined : arm}>
      {label}
      <DownOutlined />
    </Button>
  );
  if (!armed) return button;
  return (
    <Suspense fallback={button}>
      <RowMoreMenu links={links} record={record} confirm={confirm}>
        {button}
      </RowMoreMenu>
    </Suspense>
  );
}
