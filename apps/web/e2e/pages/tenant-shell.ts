import { expect, type Locator, type Page } from '@playwright/test';

/** The /tenant shell: header with the church name and Sign out, and the side menu. */
export class TenantShell {
  readonly churchName: Locator;
  readonly menu: Locator;
  readonly signOutButton: Locator;
  readonly main: Locator;

  constructor(readonly page: Page) {
    this.churchName = page.getByTestId('church-name');
    this.menu = page.getByRole('menu', { name: 'Main menu' });
    this.signOutButton = page.getByRole('button', { name: 'Sign out' });
    this.main = page.getByRole('main');
  }

  async expectSignedIn(churchName: string): Promise<void> {
    await expect(this.page).toHaveURL(/\/tenant$/);
    await expect(this.churchName).toHaveText(churchName);
  }

  /** Opens `group` of the side menu when it is closed, then follows its entry `item`. */
  async openFromMenu(group: string, item: string): Promise<void> {
    const title = this.menu.locator('[role="menuitem"][aria-expanded]').filter({ hasText: new RegExp(`^${group}$`) });
    await expect(title).toBeVisible();
    if ((await title.getAttribute('aria-expanded')) !== 'true') await title.click();
    await expect(title).toHaveAttribute('aria-expanded', 'true');
    const link = this.menu.getByRole('link', { name: item, exact: true });
    const href = await link.getAttribute('href');
    expect(href, `${item} links somewhere`).toBeTruthy();
    const there = new RegExp(`${href!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
    // A press while the group is still unfolding can miss the link: pressed again until it leads there.
    await expect(async () => {
      if (!there.test(this.page.url())) await link.click({ timeout: 3_000 });
      await expect(this.page).toHaveURL(there, { timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
  }

  async signOut(): Promise<void> {
    await this.signOutButton.click();
  }
}
