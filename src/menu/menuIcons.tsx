import {
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  BellOutlined,
  CarOutlined,
  ClusterOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  ExperimentOutlined,
  FileTextOutlined,
  FolderOutlined,
  FormOutlined,
  HomeOutlined,
  IdcardOutlined,
  LinkOutlined,
  MessageOutlined,
  ProfileOutlined,
  SafetyOutlined,
  SettingOutlined,
  SolutionOutlined,
  TableOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { AntdIconProps } from '@ant-design/icons/es/components/AntdIcon';
import { useEffect, useSyncExternalStore, type ComponentType } from 'react';

/** an icon of @ant-design/icons, shown without its own label */
export type MenuIconComponent = ComponentType<AntdIconProps>;

/**
 * The common menu icons by the names menus use ('setting', Jeecg-style), in the first screen's code; the less
 * used ones are moreMenuIcons.ts. Fixed maps, not the whole icon set: importing every icon would add megabytes.
 * An unknown name shows no icon.
 */
export const COMMON_MENU_ICONS: Record<string, MenuIconComponent> = {
  apartment: ApartmentOutlined,
  appstore: AppstoreOutlined,
  audit: AuditOutlined,
  bank: BankOutlined,
  'bar-chart': BarChartOutlined,
  bell: BellOutlined,
  car: CarOutlined,
  cluster: ClusterOutlined,
  dashboard: DashboardOutlined,
  database: DatabaseOutlined,
  experiment: ExperimentOutlined,
  'file-text': FileTextOutlined,
  file: FileTextOutlined,
  folder: FolderOutlined,
  form: FormOutlined,
  home: HomeOutlined,
  idcard: IdcardOutlined,
  link: LinkOutlined,
  message: MessageOutlined,
  profile: ProfileOutlined,
  safety: SafetyOutlined,
  setting: SettingOutlined,
  solution: SolutionOutlined,
  table: TableOutlined,
  team: TeamOutlined,
  tool: ToolOutlined,
  user: UserOutlined,
};

type IdleWindow = { requestIdleCallback?(callback: () => void): number };

/** the less used icons (moreMenuIcons.ts) once they have come; null before */
let moreIcons: Record<string, MenuIconComponent> | null = null;
let loadingMore: Promise<void> | null = null;
const moreIconsListeners = new Set<() => void>();

function loadMoreIcons(): void {
  loadingMore ??= import('./moreMenuIcons').then(
    ({ MORE_MENU_ICONS }) => {
      moreIcons = MORE_MENU_ICONS;
      for (const listener of moreIconsListeners) listener();
    },
    () => {
      // offline: the next menu that needs one asks again
      loadingMore = null;
    },
  );
}

function subscribeMoreIcons(listener: () => void): () => void {
  moreIconsListeners.add(listener);
  return () => moreIconsListeners.delete(listener);
}

/** An icon's name as the menus write it: 'setting', 'SettingOutlined' and 'bar-chart' alike. */
function iconKey(name: string | null | undefined): string {
  return (name ?? '')
    .replace(/Outlined$/, '')
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .toLowerCase();
}

/**
 * A menu item's icon. A name outside the common set waits for the less used icons, fetched when the browser is
 * idle (not in the first screen's requests), in an empty icon-sized box so that the title does not move when it
 * comes.
 */
export function MenuIcon({ name }: { name: string | null | undefined }) {
  const key = iconKey(name);
  const Icon = COMMON_MENU_ICONS[key];
  const more = useSyncExternalStore(subscribeMoreIcons, () => moreIcons);
  const waiting = !Icon && key !== '' && more === null;
  useEffect(() => {
    if (!waiting) return;
    const idle = window as unknown as IdleWindow;
    if (idle.requestIdleCallback) idle.requestIdleCallback(loadMoreIcons);
    else setTimeout(loadMoreIcons, 1);
  }, [waiting]);
  // decorative: the item's title names it (an icon's own label, 'filter', would make it 'filter 数据规则')
  if (Icon) return <Icon aria-hidden="true" />;
  if (waiting) return <span className="anticon" aria-hidden="true" style={{ width: '1em', height: '1em' }} />;
  const Later = more?.[key];
  return Later ? <Later aria-hidden="true" /> : null;
}
