import { expect, type Locator, type Page } from '@playwright/test';
import { DetailView } from './DetailView';
import { FormDialog } from './FormDialog';

/** The generic list page of any model (runtime/render/list/ListPage): one page object for every model. */
export class ListPage {
  readonly table: Locator;

  constructor(private readonly page: Page) {
    this.table = page.locator('.ant-table').first();
  }

  row(text: string): Locator {
    return this.table.locator('tbody tr').filter({ hasText: text });
  }

  async expectRow(text: string): Promise<void> {
    await expect(this.row(text)).toHaveCount(1);
  }

  async expectNoRow(text: string): Promise<void> {
    await expect(this.row(text)).toHaveCount(0);
  }

  async search(keyword: string): Promise<void> {
    await this.page.getByPlaceholder('请输入关键词').fill(keyword);
    await this.page.getByRole('button', { name: /^查\s*询$/ }).click();
  }

  async add(): Promise<FormDialog> {
    await this.page
      .getByRole('button', { name: /新\s*增/ })
      .first()
      .click();
    const dialog = new FormDialog(this.page, '新增');
    await dialog.expectOpen();
    return dialog;
  }

  async edit(rowText: string): Promise<FormDialog> {
    await this.row(rowText).getByText('编辑', { exact: true }).click();
    const dialog = new FormDialog(this.page, '编辑');
    await dialog.expectOpen();
    return dialog;
  }

  async detail(rowText: string): Promise<DetailView> {
    await this.row(rowText).getByText('详情', { exact: true }).click();
    return new DetailView(this.page);
  }

  /** 删除 and its confirm: 确定删除吗? on the jeecg family's lists, 此操作将永久删除该数据, 是否继续？ on the REST family's (spec 001 §8) */
  async remove(rowText: string, question = '确定删除吗?'): Promise<void> {
    await this.row(rowText).getByText('删除', { exact: true }).click();
    await this.page
      .locator('.ant-popconfirm, .ant-popover')
      .filter({ hasText: question })
      .getByRole('button', { name: /确\s*定/ })
      .click();
  }

  async expectToast(text: string): Promise<void> {
    await expect(this.page.locator('.ant-message').getByText(text)).toBeVisible();
  }
}
