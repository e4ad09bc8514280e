import { expect, type Page } from '@playwright/test';

/** In the open design: Ctrl+S saves it, 发布 releases it, and both confirmations show (已发布 names the model). */
export async function saveAndRelease(page: Page, modelId: string): Promise<void> {
  await page.keyboard.press('Control+s');
  await expect(page.locator('.ant-message').getByText(/已保存/)).toBeVisible();
  await page
    .getByTestId('design-editor')
    .getByRole('button', { name: /发\s*布/ })
    .click();
  await expect(page.locator('.ant-message').getByText(new RegExp(`已发布：${modelId.replace('.', '\\.')}`))).toBeVisible();
}
