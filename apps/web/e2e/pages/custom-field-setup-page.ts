import { expect, type Locator, type Page } from '@playwright/test';
import { dialog, pickOption } from './ui.ts';

/** A custom field as the add form and the list show it (the words of the selects). */
export interface CustomFieldEntry {
  label: string;
  /** 'Text', 'Dropdown List', 'Checkbox', 'Date/Time', 'Email', 'Image', 'Number', 'Multi-select Dropdown List' */
  controlType: string;
  /** 'Member', 'First Timers', 'New Converts', 'Activity', 'Event Registration Form', 'Check-in Attendance' */
  entityType: string;
  /** dropdown options, each typed then Enter */
  options?: string[];
}

/**
 * /tenant/settings/customfieldsetup: 'Custom Field Setup' (spec 2.20). The add form (label,
 * control type, dropdown option chips, entity type, Save), the list (LABEL, CONTROL TYPE,
 * ENTITY TYPE, ACTION with View and Delete) with drag handles, and the row editor that View opens.
 */
export class CustomFieldSetupPage {
  readonly heading: Locator;
  readonly addForm: Locator;
  readonly table: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Custom Field Setup', level: 1 });
    this.addForm = page.getByRole('form', { name: 'Add a custom field' });
    this.table = page.getByRole('main').getByRole('table');
  }

  async goto(): Promise<void> {
    await this.page.goto('/tenant/settings/customfieldsetup');
    await this.expectShown();
  }

  async expectShown(): Promise<void> {
    await expect(this.page).toHaveURL(/\/tenant\/settings\/customfieldsetup$/);
    await expect(this.heading).toBeVisible();
  }

  emptyText(): Locator {
    return this.page.getByText("You haven't added any custom field yet", { exact: true });
  }

  /** The row editor of the field labelled `label` (as it was when View was pressed). */
  editor(label: string): Locator {
    return this.page.getByRole('form', { name: `Edit ${label}`, exact: true });
  }

  /** The chip entry of a form (the add form or an editor). */
  chipInput(form: Locator): Locator {
    return form.getByRole('textbox', { name: 'Dropdown Options', exact: true });
  }

  /** The chips of a form, in order, read from their remove buttons ('Remove {chip}'). */
  async chips(form: Locator): Promise<string[]> {
    const labels = await form
      .getByRole('button', { name: /^Remove / })
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
    return labels.map((l) => l.replace(/^Remove /, ''));
  }

  async expectChips(form: Locator, chips: string[]): Promise<void> {
    await expect.poll(() => this.chips(form)).toEqual(chips);
  }

  /** Types `option` into the chip entry of `form` and ends it with `end` (Enter, or a typed comma). */
  async addChip(form: Locator, option: string, end: 'Enter' | ',' = 'Enter'): Promise<void> {
    const input = this.chipInput(form);
    await input.click();
    if (end === 'Enter') {
      await input.fill(option);
      await input.press('Enter');
    } else {
      await input.pressSequentially(`${option},`);
    }
    await expect(input).toHaveValue('');
  }

  /** The error shown under the field labelled `label` in `form`. */
  fieldError(form: Locator, label: string): Locator {
    return form
      .locator('.ant-form-item')
      .filter({ has: this.page.getByLabel(label, { exact: true }) })
      .locator('.ant-form-item-explain-error:not(.ant-form-show-help-item-leave)');
  }

  controlTypeSelect(form: Locator): Locator {
    return form.getByRole('combobox', { name: 'Control Type', exact: true });
  }

  entityTypeSelect(form: Locator): Locator {
    return form.getByRole('combobox', { name: 'Entity Type', exact: true });
  }

  /** Fills the add form with `field` (options as chips, each ended with Enter) and presses Save. */
  async create(field: CustomFieldEntry): Promise<void> {
    await this.addForm.getByLabel('Label', { exact: true }).fill(field.label);
    await pickOption(this.controlTypeSelect(this.addForm), field.controlType);
    for (const option of field.options ?? []) await this.addChip(this.addForm, option);
    await pickOption(this.entityTypeSelect(this.addForm), field.entityType);
    await this.addForm.getByRole('button', { name: 'Save', exact: true }).click();
  }

  /** The list row of the field labelled `label`. */
  row(label: string): Locator {
    return this.table
      .getByRole('row')
      .filter({ has: this.page.getByRole('button', { name: `View ${label}`, exact: true }) });
  }

  async expectColumns(): Promise<void> {
    await expect(this.table.getByRole('columnheader')).toHaveText([
      'Order',
      'LABEL',
      'CONTROL TYPE',
      'ENTITY TYPE',
      'ACTION',
    ]);
  }

  /** Expects the row of `field`: its LABEL, CONTROL TYPE (and options line) and ENTITY TYPE cells. */
  async expectField(field: CustomFieldEntry): Promise<void> {
    const cells = this.row(field.label).getByRole('cell');
    await expect(cells.nth(1)).toHaveText(field.label);
    const options = field.options?.length ? `Options: ${field.options.join(', ')}` : '';
    await expect(cells.nth(2)).toHaveText(`${field.controlType}${options}`);
    await expect(cells.nth(3)).toHaveText(field.entityType);
  }

  /** Presses View on the row of `label`; answers its editor. */
  async openEditor(label: string): Promise<Locator> {
    await this.row(label)
      .getByRole('button', { name: `View ${label}`, exact: true })
      .click();
    const editor = this.editor(label);
    await expect(editor).toBeVisible();
    return editor;
  }

  /** Presses Delete on the row of `label`; answers the confirmation dialog. */
  async askToDelete(label: string): Promise<Locator> {
    await this.row(label)
      .getByRole('button', { name: `Delete ${label}`, exact: true })
      .click();
    const confirm = dialog(this.page, 'Confirm delete');
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText('Are you sure you want to Delete?');
    return confirm;
  }
}
