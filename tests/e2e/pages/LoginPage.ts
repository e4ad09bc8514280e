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
    await this.verifySlider();
    await this.page.getByRole('button', { name: /登\s*录/ }).click();
  }

  /** Drags the slider verification's handle to the end of its track, as a user does. */
  async verifySlider(): Promise<void> {
    const handle = this.page.getByRole('slider');
    const handleBox = (await handle.boundingBox())!;
    const trackBox = (await handle.locator('..').boundingBox())!;
    await this.page.mouse.move(handleBox.x + handleBox.width / 2, handleBox.y + handleBox.height / 2);
    await this.page.mouse.down();
    await this.page.mouse.move(trackBox.x + trackBox.width - handleBox.width / 2 + 4, handleBox.y + handleBox.height / 2, { steps: 8 });
    await this.page.mouse.up();
    await expect(handle).toHaveAttribute('aria-valuenow', '100');
  }

  /**
   * Signs in and, on /menuList, chooses the top-level menu (spec 000 §2 guard step 3: a browser without a
   * stored choice goes there first), landing on the home page.
   */
  async signInTo(system: string, username: string, password: string): Promise<void> {
    await this.signIn(username, password);
    await this.page.getByRole('button', { name: system }).click();
    await expect(this.page).toHaveURL(/#\/dashboard\/analysis$/);
  }
}
