import { expect, type Locator, type Page } from '@playwright/test';

/** The read-only detail dialog (the form in readPretty): values as text, no inputs, only 关闭. */
export class DetailView {
  readonly root: Locator;

  constructor(page: Page) {
    this.root = page.getByRole('dialog').filter({ has: page.getByText('详情', { exact: true }) });
  }

  async expectShows(values: string[]): Promise<void> {
    await expect(this.root).toBeVisible();
    for (const value of values) await expect(this.root.getByText(value, { exact: true })).toBeVisible();
    await expect(this.root.getByRole('textbox')).toHaveCount(0);
    await expect(this.root.getByRole('button', { name: /确\s*认/ })).toHaveCount(0);
  }

  async close(): Promise<void> {
    await this.root.getByRole('button', { name: /关\s*闭/ }).click();
    await expect(this.root).toBeHidden();
  }
}
