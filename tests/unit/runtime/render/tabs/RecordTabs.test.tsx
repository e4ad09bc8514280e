import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ModelPage } from '../../../../../runtime/render/ModelPage';
import { serve } from '../support/servedModels';
import { educationModel, staffModel, thesisModel } from '../support/staffModels';
import { testDataProvider } from '../support/testDataProvider';
import { renderWithRuntime, testModels, testRuntime } from '../support/testRuntime';

function renderStaff(model = staffModel) {
  const listOf = (records: Record<string, unknown>[]) => async () => ({ records: records as never, total: records.length, page: 1, pageSize: 10 });
  const staff = testDataProvider({ list: listOf([{ id: 'u1', version: 1, realname: '张三' }]), get: async () => ({ id: 'u1', version: 1, realname: '张三' }) });
  const education = testDataProvider({ list: listOf([{ id: 'e1', userId: 'u1', school: '同济大学' }]), create: async () => '添加成功' });
  const thesis = testDataProvider({ list: listOf([{ id: 't1', userId: 'u1', thesisName: '混凝土回弹' }]) });
  const runtime = testRuntime({
    models: testModels(serve(model), serve(educationModel), serve(thesisModel)),
    providers: { 'test.staff': staff, 'test.education': education, 'test.thesis': thesis },
  });
  const user = userEvent.setup();
  renderWithRuntime(<ModelPage modelId="test.staff" />, runtime);
  return { staff, education, thesis, user };
}

async function openStaff(user: ReturnType<typeof userEvent.setup>, action: '编辑' | '详情') {
  const row = (await screen.findByText('张三')).closest('tr') as HTMLElement;
  await user.click(within(row).getByRole('button', { name: action }));
  return within(await screen.findByRole('dialog'));
}

describe('RecordTabs', () => {
  it('are hidden in add mode (the record has no id yet)', async () => {
    const { user } = renderStaff();
    await screen.findByText('张三');
    await user.click(screen.getByRole('button', { name: '新增' }));
    const add = within(await screen.findByRole('dialog'));
    expect(add.getByPlaceholderText('请输入姓名')).toBeInTheDocument();
    expect(add.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('show in edit mode: 基本信息, then one tab per child titled by the tab or the child model', async () => {
    const { user } = renderStaff();
    const edit = await openStaff(user, '编辑');
    expect(await edit.findByRole('tab', { name: '基本信息' })).toHaveAttribute('aria-selected', 'true');
    expect(await edit.findByRole('tab', { name: '教育经历' })).toBeInTheDocument();
    expect(edit.getByRole('tab', { name: '论文' })).toBeInTheDocument();
    expect(await edit.findByDisplayValue('张三')).toBeInTheDocument();
  });

  it('list the child rows of this parent and create children with the foreign key', async () => {
    const { user, education } = renderStaff();
    const edit = await openStaff(user, '编辑');
    await user.click(await edit.findByRole('tab', { name: '教育经历' }));
    expect(await edit.findByText('同济大学')).toBeInTheDocument();
    expect(education.list).toHaveBeenCalledWith(expect.objectContaining({ filters: { userId: { op: 'eq', value: 'u1' } } }));

    await user.click(edit.getByRole('button', { name: '新增' }));
    // the sub-record list's dialog loads with its first opening (docs/client-budgets.md): a second dialog
    await waitFor(() => expect(screen.getAllByRole('dialog').length).toBeGreaterThan(1));
    const dialogs = screen.getAllByRole('dialog');
    const child = within(dialogs[dialogs.length - 1] as HTMLElement);
    await user.type(await child.findByPlaceholderText('请输入学校'), '清华大学');
    await user.click(child.getByRole('button', { name: '确认' }));
    await waitFor(() => expect(education.create).toHaveBeenCalledWith({ school: '清华大学', userId: 'u1' }));
  });

  it('keep only 详情 on a read-only tab', async () => {
    const { user } = renderStaff();
    const edit = await openStaff(user, '编辑');
    await user.click(await edit.findByRole('tab', { name: '论文' }));
    const panel = within(await edit.findByRole('tabpanel', { name: '论文' }));
    expect(await panel.findByText('混凝土回弹')).toBeInTheDocument();
    expect(panel.getByRole('button', { name: '详情' })).toBeInTheDocument();
    for (const name of ['新增', '编辑', '删除']) expect(panel.queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('are all read-only in detail mode', async () => {
    const { user } = renderStaff();
    const detail = await openStaff(user, '详情');
    await user.click(await detail.findByRole('tab', { name: '教育经历' }));
    const panel = within(await detail.findByRole('tabpanel', { name: '教育经历' }));
    expect(await panel.findByText('同济大学')).toBeInTheDocument();
    expect(panel.getByRole('button', { name: '详情' })).toBeInTheDocument();
    for (const name of ['新增', '编辑', '删除']) expect(panel.queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('gather the tabs of one group on one tab, each list under its own title, and title the dialog per mode', async () => {
    const grouped = {
      ...staffModel,
      form: { ...staffModel.form, titles: { add: '新增员工', edit: '编辑员工' } },
      tabs: [
        { model: 'test.education', foreignKey: 'userId', title: '论文', group: '论文与专利' },
        { model: 'test.thesis', foreignKey: 'userId', title: '专利', group: '论文与专利' },
      ],
    };
    const { user } = renderStaff(grouped);
    await screen.findByText('张三');
    await user.click(screen.getByRole('button', { name: '新增' }));
    expect(await screen.findByText('新增员工')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '关闭' }));
    const edit = await openStaff(user, '编辑');
    expect(edit.getByText('编辑员工')).toBeInTheDocument();
    await edit.findByRole('tab', { name: '论文与专利' });
    expect(edit.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['基本信息', '论文与专利']);
    await user.click(edit.getByRole('tab', { name: '论文与专利' }));
    const panel = within(await edit.findByRole('tabpanel', { name: '论文与专利' }));
    expect(await panel.findByText('同济大学')).toBeInTheDocument();
    expect(await panel.findByText('混凝土回弹')).toBeInTheDocument();
    expect(panel.getByRole('heading', { name: '论文' })).toBeInTheDocument();
    expect(panel.getByRole('heading', { name: '专利' })).toBeInTheDocument();
  });
});
