import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppServices } from '../app/AppServices';
import { BUSINESS_MENU_PATH, businessLinkPaths, businessLinkUrl } from '../menu/businessToken';
import { selectedMenuNode } from '../menu/findMenuTrail';
import { MenuIcon } from '../menu/menuIcons';
import { menuNodeKind, resolveMenuUrl } from '../menu/menuNodeKind';
import { openMenuNode } from '../menu/openMenuNode';
import { useBusinessToken } from '../menu/useBusinessToken';
import { visibleMenuTree, type VisibleMenuItem } from '../menu/visibleMenuTree';
import type { MenuNode } from '../session/types';

export interface SideMenuProps {
  /** the flattened subtree of the chosen top-level menu */
  nodes: readonly MenuNode[];
  /** the nodes from the top down to the current route */
  trail: readonly MenuNode[];
  collapsed: boolean;
  theme?: 'light' | 'dark';
  /** inline in the sidebar; horizontal in the top-menu layout */
  mode?: 'inline' | 'horizontal';
  /** after an item was chosen (the mobile drawer closes) */
  onChosen?(): void;
}

type Items = NonNullable<MenuProps['items']>;

function toItems(items: readonly VisibleMenuItem[]): Items {
  return items.map((item) => ({
    key: item.key,
    icon: <MenuIcon name={item.node.meta.icon} />,
    label: item.node.meta.title,
    children: item.children ? toItems(item.children) : undefined,
  }));
}

function indexByKey(items: readonly VisibleMenuItem[], into = new Map<string, MenuNode>()): Map<string, MenuNode> {
  for (const item of items) {
    into.set(item.key, item.node);
    if (item.children) indexByKey(item.children, into);
  }
  return into;
}

/**
 * Spec 000 §2: a hidden child route selects its parent; one top-level submenu open at a time (inline);
 * collapsing caches the open submenus and expanding restores them; external items open in a new tab with
 * ${token} replaced by the current token. Opening the '/business' submenu fetches the business token (at most
 * once in 5 s); its external item opens with the account name and that token appended.
 */
export function SideMenu({ nodes, trail, collapsed, theme = 'light', mode = 'inline', onChosen }: SideMenuProps) {
  const navigate = useNavigate();
  const { session } = useAppServices();
  const tree = useMemo(() => visibleMenuTree(nodes), [nodes]);
  const items = useMemo(() => toItems(tree), [tree]);
  const byKey = useMemo(() => indexByKey(tree), [tree]);
  const rootSubmenuKeys = useMemo(() => tree.filter((item) => item.children).map((item) => item.key), [tree]);
  const business = useBusinessToken();
  const businessLinks = useMemo(() => businessLinkPaths(nodes), [nodes]);
  const account = () => session.state.userInfo?.username ?? '';

  const selected = selectedMenuNode(trail);
  const ancestorKeys = trail.slice(0, selected ? trail.indexOf(selected) : 0).map((node) => node.path);
  const [openKeys, setOpenKeys] = useState<string[]>(ancestorKeys);
  const cachedOpenKeys = useRef<string[]>([]);

  const selectedPath = selected?.path;
  // re-open the current route's submenus when the route changes (not on every render: the user may close them)
  useEffect(() => {
    if (!collapsed) setOpenKeys(ancestorKeys);
  }, [selectedPath]);

  const wasCollapsed = useRef(collapsed);
  useEffect(() => {
    if (collapsed && !wasCollapsed.current) {
      cachedOpenKeys.current = openKeys;
      setOpenKeys([]);
    } else if (!collapsed && wasCollapsed.current) setOpenKeys(cachedOpenKeys.current);
    wasCollapsed.current = collapsed;
  }, [collapsed]);

  const onOpenChange = (keys: string[]) => {
    const opened = keys.find((key) => !openKeys.includes(key));
    if (opened === BUSINESS_MENU_PATH) void business.fetch(account());
    setOpenKeys(opened && rootSubmenuKeys.includes(opened) ? [opened] : keys);
  };

  const openBusinessLink = (node: MenuNode) => {
    const kind = menuNodeKind(node);
    if (kind.kind !== 'external') return;
    const open = (stored: ReturnType<typeof business.current>) =>
      window.open(businessLinkUrl(resolveMenuUrl(kind.url, session.state.token), stored), '_blank', 'noopener,noreferrer');
    const stored = business.current();
    if (stored) open(stored);
    else void business.fetch(account()).then(open);
  };

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const node = byKey.get(key);
    if (!node) return;
    if (businessLinks.has(key)) openBusinessLink(node);
    else openMenuNode(node, session.state.token, navigate);
    onChosen?.();
  };

  const inline = mode === 'inline';
  return (
    <Menu
      mode={mode}
      theme={theme}
      items={items}
      selectedKeys={selectedPath ? [selectedPath] : []}
      openKeys={inline && !collapsed ? openKeys : undefined}
      onOpenChange={inline ? onOpenChange : (keys) => keys.includes(BUSINESS_MENU_PATH) && void business.fetch(account())}
      onClick={onClick}
      style={inline ? { borderInlineEnd: 0 } : { flex: 1, minWidth: 0, borderBottom: 0, lineHeight: '62px' }}
    />
  );
}
