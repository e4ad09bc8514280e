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
import type { ComponentType } from 'react';

/**
 * Menu icons by the names menus use ('setting', Jeecg-style). A fixed map, not the whole icon set:
 * importing every icon would add megabytes. An unknown name shows no icon.
 */
const ICONS: Record<string, ComponentType> = {
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

export function MenuIcon({ name }: { name: string | null | undefined }) {
  const key = (name ?? '')
    .replace(/Outlined$/, '')
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .toLowerCase();
  const Icon = ICONS[key];
  return Icon ? <Icon /> : null;
}
