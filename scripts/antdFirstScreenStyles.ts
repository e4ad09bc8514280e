// Prints antd's styles of the first screens (the layout, the home page, a list page and its dialogs) for the
// default theme, as one stylesheet whose last rule tells antd which of its style registrations it holds
// (@ant-design/cssinjs extractStyle: the `data-ant-cssinjs-cache-path` map). antd then skips generating and
// inserting those styles at run time; a registration the sheet does not hold (another primary colour, a rarer
// component) is generated as before. Run by the Vite plugin (scripts/antdStylesPlugin.ts) in a process of its
// own, under the build's NODE_ENV: antd's class names differ between development and production.
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import * as antd from 'antd';
import { createElement as h, Fragment, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { THEME_COLORS } from '../runtime/format/themeColors.js';
import { antdThemeFor } from '../src/app/antdTheme.js';

const { App, Alert, Avatar, Badge, Breadcrumb, Button, Card, Checkbox, Col, ConfigProvider, Dropdown, Empty, Flex, Form, Input } = antd;
const { Layout, List, Menu, Modal, Pagination, Popconfirm, Popover, Row, Select, Skeleton, Space, Spin, Statistic, Switch } = antd;
const { Table, Tabs, Tag, Tooltip, Typography, message, notification } = antd;

// Rendering a component registers its styles (closed popups included), so each is rendered once, plainly;
// what it registers depends on the component, not on its props.
const FIRST_SCREENS: ReactNode[] = [
  // the layout: header, side menu, tabs, breadcrumb, bell, user menu
  h(App, null, h(Layout, null, h(Layout.Header), h(Layout.Sider), h(Layout.Content))),
  h(Menu, { items: [] }),
  h(Tabs, { items: [] }),
  h(Breadcrumb),
  h(Badge),
  h(Avatar),
  h(Dropdown, { menu: { items: [] } }, h('span')),
  h(Tooltip, { title: '-' }, h('span')),
  h(Popover, { content: '-' }, h('span')),
  h(Spin),
  // the home page
  h(Card),
  h(Statistic),
  h(List),
  h(Row, null, h(Col)),
  h(Typography.Text),
  h(Tag),
  h(Empty),
  // a list page: search bar, tools, table, row actions
  h(Button),
  h(Space, null, h(Space.Compact, null, h(Button))),
  h(Flex),
  h(Input),
  h(Input.Search),
  h(Select),
  h(Checkbox),
  h(Switch),
  h(Popconfirm, { title: '-' }, h('span')),
  h(Pagination, { total: 100 }),
  h(Table, { columns: [], dataSource: [] }),
  h(Skeleton),
  // its dialog's frame and the feedback of its actions (a form's own widgets register when it opens: the dialog
  // loads Formily then, and dates, numbers and choices would add a third to this sheet for every visit)
  h(Modal),
  h(Form),
  h(Alert),
  h(message._InternalPanelDoNotUseOrYouWillBeFired),
  h(notification._InternalPanelDoNotUseOrYouWillBeFired),
];

const cache = createCache();
const theme = antdThemeFor(THEME_COLORS[0].color);
renderToString(h(StyleProvider, { cache }, h(ConfigProvider, { theme }, h(Fragment, null, ...FIRST_SCREENS))));
process.stdout.write(extractStyle(cache, { plain: true }));
