import { expect, type Page } from '@playwright/test';

/** The sign-in screen (/user/login). */
export class LoginPage {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/#/user/login');
    await expect(this.page.getByRole('button', { name: /登\s*录/ })).toBeVisible();
  }

  async signIn(username: string, password: string): Promise<void> {
    await this.page.getByPlaceholder('用户名').fill(username);
    await this.page.getByPlaceholder('密码').fill(password);
    await this.page.getByRole('button', { name: /登\s*录/ }).click();
  }
}
