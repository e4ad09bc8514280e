import type { Field } from '@formily/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import departModel from '../../../../schemas/system/models/depart.model.json';
import userModel from '../../../../schemas/system/models/user.model.json';
import categoryModel from '../../../../docs/examples/lab-sample/models/category.model.json';
import type { DataRecord } from '../../../../runtime/data/DataProvider';
import type { ModelFile } from '../../../../runtime/model/types';
import { buildRecordTree, filterTree } from '../../../../runtime/fields/picker/modelTree';
import { popupMapping, popupValues } from '../../../../runtime/fields/picker/popupConfig';
import { readAll } from '../../../../runtime/fields/picker/readAll';
import { memoryProvider, renderPickerFields } from './support/pickerRuntime';

// The pickers of spec 000 §2 read any model through its data provider; here the provider is an
// in-memory double at that boundary (keyword, paging, the server's 500-row page limit).
const users: DataRecord[] = Array.from({ length: 45 }, (_, i) => ({ id: `u${i + 1}`, username: `user${i + 1}`, realname: `员工${i + 1}`, status: 1 }));
const userFixture = () => ({ model: userModel as unknown as ModelFile, provider: memoryProvider(users, ['username', 'realname']) });
const departs: DataRecord[] = [
  { id: 'd1', parentId: null, departName: '检测实验室', orgCode: 'A01' },
  { id: 'd2', parentId: 'd1', departName: '力学室', orgCode: 'A01A01' },
  { id: 'd3', parentId: 'd1', departName: '化学室', orgCode: 'A01A02' },
  { id: 'd4', parentId: 'd3', departName: '水质组', orgCode: 'A01A02A01' },
];
const departFixture = () => ({ model: departModel as unknown as ModelFile, provider: memoryProvider(departs, ['departName']) });

const openPicker = async () => fireEvent.click(await screen.findByRole('combobox'));
const dialog = () => screen.getByRole('dialog');
const confirm = () => fireEvent.click(within(dialog()).getByRole('button', { name: /确\s*认|OK/ }));

afterEach(() => vi.restoreAllMocks());

describe('DataSelect', () => {
  it("opens 'select data' at 800 px: index column, 20 rows a page, keyword, reset, refresh, radio, and keeps the chosen id", async () => {
    const fixture = userFixture();
    const form = renderPickerFields(
      {
        who: {
          type: 'string',
          'x-component': 'DataSelect',
          'x-component-props': { model: 'system.user', labelField: 'realname', columns: ['username', 'realname'] },
        },
      },
      [fixture],
    );
    await openPicker();
    expect(await screen.findByText('选择数据')).toBeInTheDocument();
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('800px');
    await screen.findByText('员工20');
    expect(fixture.provider.list).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1, pageSize: 20, keyword: undefined }));
    expect(screen.getByText('序号')).toBeInTheDocument();
    expect(screen.queryByText('员工21')).not.toBeInTheDocument();
    expect(screen.getByText('共45条')).toBeInTheDocument();
    expect(within(dialog()).getAllByRole('radio')).toHaveLength(20);

    fireEvent.change(screen.getByLabelText('请输入关键词'), { target: { value: '员工4' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: /查\s*询/ }));
    await screen.findByText('共7条');
    expect(fixture.provider.list).toHaveBeenLastCalledWith(expect.objectContaining({ keyword: '员工4', page: 1 }));
    fireEvent.click(screen.getByText('员工42'));
    fireEvent.click(within(dialog()).getByRole('button', { name: /刷\s*新/ }));
    await waitFor(() => expect(fixture.provider.list).toHaveBeenCalledTimes(3));
    fireEvent.click(within(dialog()).getByRole('button', { name: /重\s*置/ }));
    await screen.findByText('共45条');
    expect(screen.getByLabelText('请输入关键词')).toHaveValue('');
    confirm();
    await waitFor(() => expect(form.values.who).toBe('u42'));
    expect(await screen.findByTitle('员工42')).toBeInTheDocument();
  });

  it('unpaged, reads every match in pages of at most 500 rows, up to 10,000', async () => {
    const many = Array.from({ length: 1203 }, (_, i) => ({ id: `r${i}`, username: `n${i}`, realname: `r${i}` }));
    const provider = memoryProvider(many, ['username']);
    await expect(readAll(provider, {})).resolves.toMatchObject({ total: 1203 });
    expect(provider.list.mock.calls.map(([params]) => [params.page, params.pageSize])).toEqual([
      [1, 500],
      [2, 500],
      [3, 500],
    ]);
    expect((await readAll(provider, {}, 700)).records).toHaveLength(700);
  });

  it('shows the chosen record read-only by its label field', async () => {
    renderPickerFields(
      { who: { type: 'string', 'x-component': 'DataSelect', 'x-component-props': { model: 'system.user', labelField: 'realname', columns: ['username'] } } },
      [userFixture()],
      { readPretty: true, initialValues: { who: 'u7' } },
    );
    expect(await screen.findByText('员工7')).toBeInTheDocument();
  });
});

describe('UserSelect', () => {
  it("refuses a confirm without a user: 'Please select {title}' with the field's title", async () => {
    renderPickerFields({ keeper: { type: 'string', title: '保管人', 'x-component': 'UserSelect' } }, [userFixture()]);
    await openPicker();
    await screen.findByText('员工1');
    confirm();
    expect(await screen.findByText('请选择保管人')).toBeInTheDocument();
    expect(dialog()).toBeInTheDocument();
  });

  it("says 'Please select approver' in English without a title", async () => {
    renderPickerFields({ keeper: { type: 'string', 'x-component': 'UserSelect' } }, [userFixture()], { lang: 'en' });
    await openPicker();
    await screen.findByText('员工1');
    confirm();
    expect(await screen.findByText('Please select approver')).toBeInTheDocument();
  });
});

describe('BusinessSelect', () => {
  it('is 900 wide, 5 rows a page (5/10/20/30), and lists the records chosen across pages in its own pane', async () => {
    const form = renderPickerFields(
      {
        picks: {
          type: 'string',
          'x-component': 'BusinessSelect',
          'x-component-props': { model: 'system.user', labelField: 'realname', columns: ['username'] },
        },
      },
      [userFixture()],
    );
    await openPicker();
    await screen.findByText('user5');
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('900px');
    expect(screen.queryByText('user6')).not.toBeInTheDocument();
    fireEvent.click(within(screen.getByText('user2').closest('tr') as HTMLElement).getByRole('checkbox'));
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('user7');
    fireEvent.click(within(screen.getByText('user7').closest('tr') as HTMLElement).getByRole('checkbox'));
    expect(await screen.findByText('已选 (2)')).toBeInTheDocument();
    expect(screen.getAllByText('员工7').length).toBeGreaterThan(0);
    const pane = document.querySelectorAll('.ant-modal .ant-table-wrapper')[1] as HTMLElement;
    expect(pane.querySelector('.ant-table-body')?.getAttribute('style')).toContain('max-height: 240px');
    confirm();
    await waitFor(() => expect(form.values.picks).toBe('u2,u7'));
  });

  it("'清空列表' empties the chosen pane", async () => {
    renderPickerFields(
      {
        picks: {
          type: 'string',
          'x-component': 'BusinessSelect',
          'x-component-props': { model: 'system.user', labelField: 'realname', columns: ['username'] },
        },
      },
      [userFixture()],
      { initialValues: { picks: 'u1,u3' } },
    );
    await openPicker();
    expect(await screen.findByText('已选 (2)')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '清空列表' }));
    expect(await screen.findByText('已选 (0)')).toBeInTheDocument();
  });
});

describe('PopupPicker', () => {
  const category = () => ({
    model: categoryModel as unknown as ModelFile,
    provider: memoryProvider(
      [
        { id: 'c1', name: '水泥', code: 'SN' },
        { id: 'c2', name: '钢筋', code: 'GJ' },
      ],
      ['name'],
    ),
  });

  it('names each configuration error', () => {
    expect(popupMapping({})).toEqual({ problem: { key: 'popup.noCode' } });
    expect(popupMapping({ code: 'a.b', sourceFields: 'name' })).toEqual({ problem: { key: 'popup.noFields' } });
    expect(popupMapping({ code: 'a.b', sourceFields: 'name,code', targetFields: 'x' })).toEqual({
      problem: { key: 'popup.countMismatch', values: { source: 2, target: 1 } },
    });
    expect(popupValues([['name', 'x']], [{ name: 'a' }, { name: 'b' }])).toEqual({ x: 'a,b' });
  });

  it('shows a misconfiguration instead of an input', async () => {
    renderPickerFields(
      {
        c: { type: 'string', 'x-component': 'PopupPicker', 'x-component-props': { code: 'labSample.category', sourceFields: 'name,code', targetFields: 'c' } },
      },
      [category()],
    );
    expect(await screen.findByText('popup参数未正确配置,原始值和目标值数量不一致!')).toBeInTheDocument();
  });

  it('copies the chosen record’s source fields into the target fields', async () => {
    const form = renderPickerFields(
      {
        categoryName: {
          type: 'string',
          'x-component': 'PopupPicker',
          'x-component-props': { code: 'labSample.category', sourceFields: 'name,code', targetFields: 'categoryName,categoryCode' },
        },
        categoryCode: { type: 'string', 'x-component': 'Input' },
      },
      [category()],
    );
    fireEvent.click(await screen.findByPlaceholderText('请选择'));
    fireEvent.click(await screen.findByText('钢筋'));
    confirm();
    await waitFor(() => expect(form.values).toMatchObject({ categoryName: '钢筋', categoryCode: 'GJ' }));
  });
});

describe('DepartPicker', () => {
  it("shows the tree in 'select department' (500 px), filters by name only on Enter, keeps the chosen id", async () => {
    const form = renderPickerFields({ dep: { type: 'string', 'x-component': 'DepartPicker' } }, [departFixture()]);
    await openPicker();
    expect(await screen.findByText('选择部门')).toBeInTheDocument();
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('500px');
    await screen.findByText('力学室');
    const search = screen.getByLabelText('请输入部门名称，按回车搜索');
    fireEvent.change(search, { target: { value: '水质' } });
    expect(screen.getByText('力学室')).toBeInTheDocument();
    fireEvent.keyDown(search, { key: 'Enter', keyCode: 13 });
    await waitFor(() => expect(screen.queryByText('力学室')).not.toBeInTheDocument());
    fireEvent.click(await screen.findByText('水质组'));
    confirm();
    await waitFor(() => expect(form.values.dep).toBe('d4'));
  });

  it('is 450 px in the staff variant and marks a required field invalid when confirmed empty', async () => {
    const form = renderPickerFields({ dep: { type: 'string', required: true, 'x-component': 'DepartPicker', 'x-component-props': { variant: 'staff' } } }, [
      departFixture(),
    ]);
    await openPicker();
    await screen.findByText('检测实验室');
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('450px');
    confirm();
    await waitFor(() => expect((form.query('dep').take() as Field | undefined)?.invalid).toBe(true));
  });

  it('builds roots from empty or unknown parents and ignores cycles', () => {
    const tree = buildRecordTree(
      [...departs, { id: 'x', parentId: 'gone', departName: '外部' }, { id: 'self', parentId: 'self', departName: '自环' }],
      'parentId',
      'departName',
    );
    expect(tree.map((node) => node.title)).toEqual(['检测实验室', '外部', '自环']);
    expect(filterTree(tree, '水质').map((node) => node.children?.[0]?.children?.[0]?.title)).toEqual(['水质组']);
  });
});

describe('OrganizePicker', () => {
  it("'组织选择' at 800 px lists the chosen in '已选', '清空列表' empties it", async () => {
    const form = renderPickerFields({ orgs: { type: 'string', 'x-component': 'OrganizePicker' } }, [departFixture()], { initialValues: { orgs: 'd2' } });
    await openPicker();
    expect(await screen.findByText('组织选择')).toBeInTheDocument();
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('800px');
    expect(await screen.findByText('已选 (1)')).toBeInTheDocument();
    fireEvent.click(within(dialog()).getByRole('button', { name: '清空列表' }));
    expect(await screen.findByText('已选 (0)')).toBeInTheDocument();
    const checkbox = (await screen.findByText('化学室')).closest('.ant-tree-treenode')?.querySelector('.ant-tree-checkbox') as HTMLElement;
    act(() => fireEvent.click(checkbox));
    expect(await screen.findByText('已选 (1)')).toBeInTheDocument();
    confirm();
    await waitFor(() => expect(form.values.orgs).toBe('d3'));
  });
});
