import {
  ApiOutlined,
  BuildOutlined,
  CheckCircleOutlined,
  CodeOutlined,
  ContactsOutlined,
  DeleteOutlined,
  DiffOutlined,
  EnvironmentOutlined,
  EyeInvisibleOutlined,
  FieldTimeOutlined,
  FileSearchOutlined,
  FilterOutlined,
  HistoryOutlined,
  LayoutOutlined,
  PartitionOutlined,
  PrinterOutlined,
} from '@ant-design/icons';
import type { AntdIconProps } from '@ant-design/icons/es/components/AntdIcon';
import type { ComponentType } from 'react';

/**
 * The menu icons of the screens a user reaches less often (logs, rules, the recycle bin, the developer menus),
 * by name: a chunk of their own, fetched once the browser is idle after the first menu shows (menuIcons.tsx).
 * A name the model files use belongs here or in menuIcons.tsx (tests/unit/src/menu/menuIcons.test.tsx).
 */
// the type menuIcons.tsx calls MenuIconComponent (not imported from there: menuIcons imports this file)
export const MORE_MENU_ICONS: Record<string, ComponentType<AntdIconProps>> = {
  api: ApiOutlined,
  build: BuildOutlined,
  'check-circle': CheckCircleOutlined,
  code: CodeOutlined,
  contacts: ContactsOutlined,
  delete: DeleteOutlined,
  diff: DiffOutlined,
  environment: EnvironmentOutlined,
  'eye-invisible': EyeInvisibleOutlined,
  'field-time': FieldTimeOutlined,
  'file-search': FileSearchOutlined,
  filter: FilterOutlined,
  history: HistoryOutlined,
  layout: LayoutOutlined,
  partition: PartitionOutlined,
  printer: PrinterOutlined,
};
