import { expect, type Locator, type Page } from '@playwright/test';
import { dialog, selectOf } from './ui.ts';

/** A group as the tree shows it: its name and its depth (0 = top level). */
export type TreeRow = [name: string, level: number];

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Reads a group tree (antd Tree) top to bottom: each visible group's name and depth, the depth
 * counted from the indent units the tree draws before a nested group.
 */
async function readTree(tree: Locator): Promise<TreeRow[]> {
  return tree
    .getByRole('treeitem')
    .evaluateAll((items) =>
      items.map((item): [string, number] => [
        item.querySelector('.ant-tree-title span')?.textContent?.trim() ?? '',
        item.querySelectorAll('.ant-tree-indent-unit').length,
      ]),
    );
}

/** The 'Create group' dialog (spec 2.21): Group name, Description, Parent group; Cancel, Create group. */
export class CreateGroupDialog {
  readonly root: Locator;
  readonly name: Locator;
  readonly description: Locator;
  readonly parent: Locator;
  readonly createButton: Locator;
  readonly cancelButton: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('dialog').filter({ has: page.locator('.ant-modal-title', { hasText: 'Create group' }) });
    this.name = this.root.getByLabel('Group name');
    this.description = this.root.getByLabel('Description');
    this.parent = this.root.getByLabel('Parent group');
    this.createButton = this.root.getByRole('button', { name: 'Create group' });
    this.cancelButton = this.root.getByRole('button', { name: 'Cancel' });
  }

  /** The parent shown in 'Parent group' (its selected value). */
  parentValue(): Locator {
    return selectOf(this.parent);
  }

  /** Chooses the parent by typing its name and pressing Enter (the keyboard way). */
  async chooseParent(name: string): Promise<void> {
    await this.parent.focus();
    await this.parent.fill(name);
    await this.parent.press('Enter');
    await expect(this.parentValue()).toHaveText(name);
  }

  /** Fills the dialog (parent only when given) and presses 'Create group'. */
  async create(group: { name: string; description?: string; parent?: string }): Promise<void> {
    await expect(this.root).toBeVisible();
    await this.name.fill(group.name);
    if (group.description !== undefined) await this.description.fill(group.description);
    if (group.parent !== undefined) await this.chooseParent(group.parent);
    await this.createButton.click();
  }
}

/** /tenant/peoplegroups 'Groups' (spec 2.21, issue 8): the tree, the selected group, the picker tab. */
export class GroupsPage {
  readonly heading: Locator;
  readonly main: Locator;
  readonly addButton: Locator;
  readonly tree: Locator;
  readonly details: Locator;
  readonly createDialog: CreateGroupDialog;
  readonly moveDialog: Locator;
  readonly newParent: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Groups', level: 1 });
    this.main = page.getByRole('main');
    this.addButton = this.main.getByRole('button', { name: 'Add new group' }).first();
    this.tree = page.getByRole('tree', { name: 'Group tree' });
    this.details = page.getByRole('region').filter({ has: page.getByRole('heading', { level: 2 }) });
    this.createDialog = new CreateGroupDialog(page);
    this.moveDialog = dialog(page, 'Move group');
    this.newParent = this.moveDialog.getByLabel('New parent');
  }

  async goto(): Promise<void> {
    await this.page.goto('/tenant/peoplegroups');
    await this.expectShown();
  }

  async expectShown(): Promise<void> {
    await expect(this.page).toHaveURL(/\/tenant\/peoplegroups(\?.*)?$/);
    await expect(this.heading).toBeVisible();
  }

  emptyText(): Locator {
    return this.main.getByText('No groups yet', { exact: true });
  }

  /** The tree row of the group named `name` (exactly). */
  item(name: string): Locator {
    return this.tree.getByRole('treeitem', { name: new RegExp(`^${escapeRegExp(name)} \\d+ members?$`) });
  }

  /** Expects the tree to show exactly these groups, in this order, at these depths. */
  async expectTree(rows: TreeRow[]): Promise<void> {
    await expect.poll(() => readTree(this.tree)).toEqual(rows);
  }

  /** Selects a group in the tree and waits for its details. */
  async select(name: string): Promise<void> {
    await this.item(name).locator('.ant-tree-node-content-wrapper').click();
    await expect(this.item(name)).toHaveAttribute('aria-selected', 'true');
    await this.expectDetails(name);
  }

  async expectDetails(name: string): Promise<void> {
    await expect(this.details.getByRole('heading', { level: 2 })).toHaveText(name);
  }

  /** A line of the selected group's details ('Parent group', 'Members', 'Sub-groups'). */
  detail(label: string): Locator {
    return this.details
      .locator('.ant-descriptions-item-container')
      .filter({ has: this.page.locator('.ant-descriptions-item-label', { hasText: label }) })
      .locator('.ant-descriptions-item-content');
  }

  action(name: 'Edit' | 'Add sub-group' | 'Move' | 'Delete'): Locator {
    return this.details.getByRole('button', { name, exact: true });
  }

  /**
   * Moves the selected group by keyboard only: focuses 'Move' and presses Enter, types the new
   * parent's name into 'New parent', Enter to take it, then Enter on the dialog's 'Move'.
   */
  async moveSelectedByKeyboard(newParent: string): Promise<void> {
    await this.action('Move').focus();
    await this.page.keyboard.press('Enter');
    await expect(this.moveDialog).toBeVisible();
    await this.newParent.focus();
    await this.page.keyboard.type(newParent);
    await this.page.keyboard.press('Enter');
    await expect(selectOf(this.newParent)).toHaveText(newParent);
    await this.moveDialog.getByRole('button', { name: 'Move', exact: true }).focus();
    await this.page.keyboard.press('Enter');
  }

  tab(name: 'Manage groups' | 'Select groups'): Locator {
    return this.page.getByRole('tab', { name });
  }
}

/** The group tree picker (spec 2.21) as the 'Select groups' tab shows it. */
export class GroupTreePicker {
  readonly root: Locator;
  readonly tree: Locator;
  readonly selectAll: Locator;
  readonly addButton: Locator;
  readonly summary: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('group', { name: 'Groups picker' });
    this.tree = this.root.getByRole('tree', { name: 'Groups' });
    this.selectAll = this.root.getByRole('checkbox', { name: 'Select all' });
    this.addButton = this.root.getByRole('button', { name: 'Add new group' });
    this.summary = page.getByRole('status').filter({ hasText: /groups selected$/ });
  }

  item(name: string): Locator {
    return this.tree.getByRole('treeitem', { name: new RegExp(`^${escapeRegExp(name)} \\d+ members?$`) });
  }

  /** The checkbox of the group `name`. */
  checkbox(name: string): Locator {
    return this.item(name).getByRole('checkbox');
  }

  async expectTree(rows: TreeRow[]): Promise<void> {
    await expect.poll(() => readTree(this.tree)).toEqual(rows);
  }

  /** Expects each named group's check state: true, false or 'mixed' (some sub-groups checked). */
  async expectChecks(states: Record<string, boolean | 'mixed'>): Promise<void> {
    for (const [name, state] of Object.entries(states))
      await expect(this.item(name), `${name} is ${String(state)}`).toHaveAttribute('aria-checked', String(state));
  }
}
