import { expect, type Locator, type Page } from '@playwright/test';

/** The generic add/edit dialog of any model (runtime/render/form/FormDialog). */
export class FormDialog {
  readonly root: Locator;

  constructor(page: Page, title: string) {
    this.root = page.getByRole('dialog').filter({ has: page.getByText(title, { exact: true }) });
  }

  async expectOpen(): Promise<void> {
    await expect(this.root).toBeVisible();
  }

  field(label: string): Locator {
    return this.root.getByLabel(label, { exact: true });
  }

  async fill(label: string, value: string): Promise<void> {
    await this.field(label).fill(value);
  }

  async submit(): Promise<void> {
    await this.root.getByRole('button', { name: /确\s*认/ }).click();
  }

  async close(): Promise<void> {
    await this.root.getByRole('button', { name: /关\s*闭/ }).click();
    await expect(this.root).toBeHidden();
  }

  async expectError(message: string): Promise<void> {
    await expect(this.root.getByText(message, { exact: true })).toBeVisible();
  }
}
