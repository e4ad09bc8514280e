// The baseline of the list-page budget: the positions screen as one would write it by hand with antd
// (Table + Form + Modal + Button + Input), no Formily, no runtime, no router, no i18n library.
// createElement rather than JSX, and the few browser globals typed below: bench/ is type-checked with the
// server's settings (no JSX, no DOM library). Its texts are a fixture's, not the app's (no i18n resources).
import { Button, ConfigProvider, Form, Input, Modal, Table } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { createElement as h, StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

interface Position {
  id: string;
  fullName: string;
  enCode: string;
  enabledMark: number;
  sortCode: number;
  description: string | null;
  createTime: string;
}

interface PageAnswer {
  data: { list: Position[]; pagination: { total: number } };
}

declare const document: { getElementById(id: string): Element | null };
declare const location: { search: string };

// the benchmark passes an admin token in the query: this page has no sign-in of its own
const token = new URLSearchParams(location.search).get('token') ?? '';

async function fetchPositions(keyword: string): Promise<PageAnswer['data']> {
  const query = new URLSearchParams({ currentPage: '1', pageSize: '20', sidx: 'sortCode', sort: 'asc', keyword });
  const res = await fetch(`/api/permission/Position?${query}`, { headers: { 'X-Access-Token': token } });
  return ((await res.json()) as PageAnswer).data;
}

const columns = [
  { title: '岗位名称', dataIndex: 'fullName' },
  { title: '岗位编码', dataIndex: 'enCode' },
  { title: '状态', dataIndex: 'enabledMark', render: (v: number) => (v === 1 ? '启用' : '禁用') },
  { title: '排序', dataIndex: 'sortCode', sorter: true },
  { title: '说明', dataIndex: 'description', ellipsis: true },
  { title: '创建时间', dataIndex: 'createTime', sorter: true },
];

function PositionDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const [form] = Form.useForm();
  return h(
    Modal,
    { open, title: '新增', onOk: () => void form.validateFields().then(onClose, () => undefined), onCancel: onClose, destroyOnHidden: true },
    h(
      Form,
      { form, layout: 'horizontal', labelCol: { span: 6 } },
      h(Form.Item, { name: 'fullName', label: '岗位名称', rules: [{ required: true, message: '请输入岗位名称' }] }, h(Input)),
      h(Form.Item, { name: 'enCode', label: '岗位编码', rules: [{ required: true, message: '请输入岗位编码' }] }, h(Input)),
      h(Form.Item, { name: 'sortCode', label: '排序' }, h(Input, { type: 'number' })),
      h(Form.Item, { name: 'description', label: '说明' }, h(Input.TextArea, { rows: 3 })),
    ),
  );
}

function PositionsPage() {
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState<PageAnswer['data'] | null>(null);
  const [adding, setAdding] = useState(false);
  useEffect(() => {
    void fetchPositions(keyword).then(setPage);
  }, [keyword]);
  return h(
    'div',
    { style: { padding: 24 } },
    h(
      Form<{ keyword?: string }>,
      { layout: 'inline', onFinish: (values: { keyword?: string }) => setKeyword(values.keyword ?? ''), style: { marginBottom: 16 } },
      h(Form.Item, { name: 'keyword', label: '关键词' }, h(Input, { placeholder: '请输入关键词', allowClear: true })),
      h(Form.Item, null, h(Button, { type: 'primary', htmlType: 'submit' }, '查询')),
    ),
    h(Button, { type: 'primary', onClick: () => setAdding(true), style: { marginBottom: 16 } }, '新增'),
    h(Table<Position>, {
      rowKey: 'id',
      columns,
      dataSource: page?.list ?? [],
      loading: !page,
      rowSelection: {},
      pagination: { total: page?.pagination.total ?? 0, pageSize: 20, showSizeChanger: true },
    }),
    h(PositionDialog, { open: adding, onClose: () => setAdding(false) }),
  );
}

createRoot(document.getElementById('root')!).render(h(StrictMode, null, h(ConfigProvider, { locale: zhCN }, h(PositionsPage))));
