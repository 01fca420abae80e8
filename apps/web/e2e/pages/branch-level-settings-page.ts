import { expect, type Locator, type Page } from '@playwright/test';
import { OrderedSettingsList } from './life-cycle-settings-page.ts';
import { expectToast } from './ui.ts';

/**
 * /tenant/settings/branchlevelsettings: 'Branch Level Settings' (spec 2.19), the same list as
 * the guest life-cycle stages without a default; /tenant/branch/branchsummary shows it without
 * its heading.
 */
export class BranchLevelSettingsPage extends OrderedSettingsList {
  static readonly path = '/tenant/settings/branchlevelsettings';
  static readonly summaryPath = '/tenant/branch/branchsummary';
  readonly heading: Locator;

  constructor(page: Page) {
    super(page, 'Add Branch Level');
    this.heading = page.getByRole('heading', { name: 'Branch Level Settings', level: 1 });
  }

  async goto(): Promise<void> {
    await this.page.goto(BranchLevelSettingsPage.path);
    await this.expectShown();
  }

  async expectShown(): Promise<void> {
    await expect(this.page).toHaveURL(/\/tenant\/settings\/branchlevelsettings$/);
    await expect(this.heading).toBeVisible();
  }

  emptyText(): Locator {
    return this.page.getByText("You haven't added any branch level yet", { exact: true });
  }

  /** Adds a level and waits for the toast and the row. */
  async add(name: string, by: 'button' | 'enter' = 'button'): Promise<void> {
    await this.fillAndSave(name, by);
    await expectToast(this.page, 'Branch Save Successfully');
    await expect(this.row(name)).toHaveCount(1);
    await expect(this.addInput).toHaveValue('');
  }

  /**
   * The levels as the API the page uses answers them (GET /branching/hierarchies, with the
   * page's session): `[name, level]` by level, to check the numbering behind the screen.
   */
  async savedLevels(): Promise<[string, number][]> {
    const res = await this.page.request.get('/branching/hierarchies', { headers: { accept: 'application/json' } });
    expect(res.ok(), await res.text()).toBe(true);
    const body = (await res.json()) as { returnObject: { name: string; level: number }[] };
    return body.returnObject.map((l) => [l.name, l.level]);
  }
}
