import { expect, type Locator, type Page } from '@playwright/test';
import { fieldErrorOf } from './sign-up-page.ts';
import { dragRowWithMouse, expectRowOrder, moveRowWithKeyboard } from './sortable-rows.ts';
import { dialog, expectToast } from './ui.ts';

/**
 * An ordered settings list (apps/web/src/features/settings/ordered-list-parts.tsx; spec 2.18,
 * 2.19): an add bar (a form named after its input), then a table with NAME and ACTION whose
 * rows have View / Delete buttons named after the row and a drag handle.
 */
export class OrderedSettingsList {
  readonly addForm: Locator;
  readonly addInput: Locator;
  readonly addSave: Locator;
  readonly table: Locator;
  /** The line over the table that says 'Saving the new order…' while a reorder waits or runs. */
  readonly savingOrder: Locator;

  /** `addLabel`: the add bar's placeholder ('Add Your New Guest Life Cycle', 'Add Branch Level'). */
  constructor(
    readonly page: Page,
    readonly addLabel: string,
  ) {
    this.addForm = page.getByRole('form', { name: addLabel });
    this.addInput = this.addForm.getByRole('textbox', { name: addLabel });
    this.addSave = this.addForm.getByRole('button', { name: 'Save', exact: true });
    this.table = page.getByRole('main').getByRole('table');
    this.savingOrder = page.getByText('Saving the new order…', { exact: true });
  }

  /** The error under the add bar's input ('Enter a name', the server's refusal of a name). */
  addError(): Locator {
    return fieldErrorOf(this.page, this.addLabel);
  }

  /** Types `name` in the add bar and saves it with the Save button, or with Enter (`by: 'enter'`). */
  async fillAndSave(name: string, by: 'button' | 'enter' = 'button'): Promise<void> {
    await this.addInput.fill(name);
    if (by === 'enter') await this.addInput.press('Enter');
    else await this.addSave.click();
  }

  /** The row named `name` (found by its View button). */
  row(name: string): Locator {
    return this.table
      .getByRole('row')
      .filter({ has: this.page.getByRole('button', { name: `View ${name}`, exact: true }) });
  }

  viewButton(name: string): Locator {
    return this.table.getByRole('button', { name: `View ${name}`, exact: true });
  }

  deleteButton(name: string): Locator {
    return this.table.getByRole('button', { name: `Delete ${name}`, exact: true });
  }

  /** The inline editor of the row named `name` (a group named 'Edit {name}'). */
  editor(name: string): Locator {
    return this.table.getByRole('group', { name: `Edit ${name}`, exact: true });
  }

  /** Opens the inline editor of `name` with View and waits for its name input, focused. */
  async openEditor(name: string): Promise<Locator> {
    await this.viewButton(name).click();
    const editor = this.editor(name);
    await expect(editor.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
    return editor;
  }

  async expectColumns(): Promise<void> {
    await expect(this.table.getByRole('columnheader')).toContainText(['NAME', 'ACTION']);
  }

  /** Waits until the rows show exactly `names`, in this order. */
  async expectOrder(names: string[]): Promise<void> {
    await expectRowOrder(this.table, names);
  }

  /**
   * Drags `from` onto `to` with the mouse (`how: 'mouse'`) or moves `from` by `by` rows with the
   * keyboard, then expects `order` on screen at once, the pending save, and `toastText` once it
   * is saved.
   */
  async reorder(
    move: { how: 'mouse'; from: string; to: string } | { how: 'keyboard'; from: string; by: number },
    order: string[],
    toastText: string,
  ): Promise<void> {
    if (move.how === 'mouse') await dragRowWithMouse(this.page, move.from, move.to);
    else await moveRowWithKeyboard(this.page, move.from, move.by);
    await this.expectOrder(order);
    await expect(this.savingOrder).toBeVisible();
    await expect(this.savingOrder).toBeHidden();
    await expectToast(this.page, toastText);
  }

  /** Delete on the row `name`, then Cancel in the confirmation: 'Delete canceled', the row stays. */
  async deleteAndCancel(name: string): Promise<void> {
    await this.deleteButton(name).click();
    const confirm = this.confirmDialog();
    await expect(confirm.getByText('Are you sure you want to Delete?', { exact: true })).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expectToast(this.page, 'Delete canceled');
    await expect(this.row(name)).toHaveCount(1);
  }

  /** Delete on the row `name`, then OK: 'Delete Successfully', the row is gone. */
  async deleteAndConfirm(name: string): Promise<void> {
    await this.deleteButton(name).click();
    const confirm = this.confirmDialog();
    await expect(confirm.getByText('Are you sure you want to Delete?', { exact: true })).toBeVisible();
    await confirm.getByRole('button', { name: 'OK' }).click();
    await expectToast(this.page, 'Delete Successfully');
    await expect(this.row(name)).toHaveCount(0);
  }

  confirmDialog(): Locator {
    return dialog(this.page, 'Confirm delete');
  }
}

/** /tenant/settings/firsttimersettings: 'New Guest Life Cycle Settings' (spec 2.18). */
export class LifeCycleSettingsPage extends OrderedSettingsList {
  static readonly path = '/tenant/settings/firsttimersettings';
  readonly heading: Locator;
  /** The add bar's 'Mark As Default' checkbox. */
  readonly addAsDefault: Locator;

  constructor(page: Page) {
    super(page, 'Add Your New Guest Life Cycle');
    this.heading = page.getByRole('heading', { name: 'New Guest Life Cycle Settings', level: 1 });
    this.addAsDefault = this.addForm.getByRole('checkbox', { name: 'Mark As Default' });
  }

  async goto(): Promise<void> {
    await this.page.goto(LifeCycleSettingsPage.path);
    await this.expectShown();
  }

  async expectShown(): Promise<void> {
    await expect(this.page).toHaveURL(/\/tenant\/settings\/firsttimersettings$/);
    await expect(this.heading).toBeVisible();
  }

  emptyText(): Locator {
    return this.page.getByText("You haven't added any guest life-cycle stage yet", { exact: true });
  }

  /** Adds a stage (ticking 'Mark As Default' when `isDefault`) and waits for the toast and the row. */
  async add(name: string, opts: { isDefault?: boolean; by?: 'button' | 'enter' } = {}): Promise<void> {
    await this.addInput.fill(name);
    if (opts.isDefault) await this.addAsDefault.check();
    if (opts.by === 'enter') await this.addInput.press('Enter');
    else await this.addSave.click();
    await expectToast(this.page, 'New Guest Life Cycle Save Successfully');
    await expect(this.row(name)).toHaveCount(1);
    await expect(this.addInput).toHaveValue('');
    await expect(this.addAsDefault).not.toBeChecked();
  }

  /** The 'Default' tag in the row of `name`. */
  defaultTag(name: string): Locator {
    return this.row(name).getByText('Default', { exact: true });
  }

  /** Expects `name` to be the one stage tagged 'Default'. */
  async expectDefault(name: string): Promise<void> {
    await expect(this.defaultTag(name)).toBeVisible();
    await expect(this.table.getByText('Default', { exact: true })).toHaveCount(1);
  }
}
