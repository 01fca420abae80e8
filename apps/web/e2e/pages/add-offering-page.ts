import { expect, type Locator, type Page } from '@playwright/test';
import { OfferingItemForm } from './offering-item-form.ts';
import { dialog, pickOption, selectOf, typeDate } from './ui.ts';

export interface OfferingRowInput {
  item: string;
  channel: string;
  amount: string;
}

/**
 * The offering recording screen (spec 2.3): /tenant/addoffering (create) and
 * /tenant/addoffering/{offId} (edit), with its 'Create new event', 'Create New Offering Item',
 * 'Add Donor' and 'Create New Member' dialogs.
 */
export class AddOfferingPage {
  readonly event: Locator;
  readonly date: Locator;
  readonly grandTotal: Locator;
  readonly addRowButton: Locator;
  readonly saveButton: Locator;
  readonly eventDialog: Locator;
  readonly donorDialog: Locator;
  readonly memberDialog: Locator;

  constructor(readonly page: Page) {
    this.event = page.getByRole('combobox', { name: 'Event' });
    this.date = page.getByRole('main').getByRole('textbox', { name: 'Date', exact: true });
    this.grandTotal = page.getByTestId('grand-total');
    this.addRowButton = page.getByRole('button', { name: 'Add Offering Item' });
    this.saveButton = page.getByRole('button', { name: 'Save and Continue' });
    this.eventDialog = dialog(page, 'Create new event');
    this.donorDialog = dialog(page, 'Add Donor');
    this.memberDialog = dialog(page, 'Create New Member');
  }

  async goto(): Promise<void> {
    await this.page.goto('/tenant/addoffering');
    await this.expectShown('Add Offering');
  }

  async expectShown(title: 'Add Offering' | 'Edit Offering'): Promise<void> {
    await expect(this.page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(this.saveButton).toBeVisible();
  }

  row(n: number): Locator {
    return this.page.getByRole('group', { name: `Offering row ${n}` });
  }

  item(n: number): Locator {
    return this.page.getByRole('combobox', { name: `Offering Item ${n}` });
  }

  channel(n: number): Locator {
    return this.page.getByRole('combobox', { name: `Channel ${n}` });
  }

  amount(n: number): Locator {
    return this.page.getByRole('textbox', { name: `Amount ${n}` });
  }

  rowTotal(n: number): Locator {
    return this.page.getByTestId(`row-total-${n}`);
  }

  /** Fills row n (an empty amount leaves the field empty). */
  async fillRow(n: number, row: OfferingRowInput): Promise<void> {
    await pickOption(this.item(n), row.item);
    await this.setChannel(n, row.channel);
    await this.amount(n).fill(row.amount);
  }

  async setChannel(n: number, channel: string): Promise<void> {
    await pickOption(this.channel(n), channel);
    await expect(selectOf(this.channel(n))).toHaveText(channel);
  }

  /** Adds a row and returns its number. */
  async addRow(): Promise<number> {
    const before = await this.page.getByRole('group', { name: /^Offering row \d+$/ }).count();
    await this.addRowButton.click();
    await expect(this.row(before + 1)).toBeVisible();
    return before + 1;
  }

  /** Chooses '+ Create New Offering Item' in row n: the dialog variant of the item form. */
  async openCreateItemDialog(n: number): Promise<OfferingItemForm> {
    await pickOption(this.item(n), '+ Create New Offering Item');
    const form = OfferingItemForm.dialog(this.page);
    await expect(form.root).toBeVisible();
    return form;
  }

  // 'Create new event'

  async openCreateEvent(): Promise<void> {
    await pickOption(this.event, '+ Create new event');
    await expect(this.eventDialog).toBeVisible();
  }

  async addEventCategory(name: string): Promise<void> {
    await this.eventDialog.getByRole('textbox', { name: 'add new category' }).fill(name);
    await this.eventDialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(selectOf(this.eventDialog.getByRole('combobox', { name: 'Event name' }))).toHaveText(name);
  }

  async setEventDate(usDate: string): Promise<void> {
    await typeDate(this.eventDialog.getByRole('textbox', { name: 'Event date' }), usDate);
  }

  async saveEvent(): Promise<void> {
    await this.eventDialog.getByRole('button', { name: 'Save', exact: true }).click();
  }

  // 'Add Donor' and 'Create New Member'

  async openDonor(n: number): Promise<void> {
    await this.page.getByRole('button', { name: `Add Donor ${n}` }).click();
    await expect(this.donorDialog).toBeVisible();
  }

  donorSearch(): Locator {
    return this.donorDialog.getByRole('searchbox', { name: 'Search member by name' });
  }

  async createMember(member: { firstName: string; lastName: string; phone: string }): Promise<void> {
    await this.donorDialog.getByRole('button', { name: 'Add new donor' }).click();
    await expect(this.memberDialog).toBeVisible();
    await this.memberDialog.getByLabel('First name').fill(member.firstName);
    await this.memberDialog.getByLabel('Last name').fill(member.lastName);
    await this.memberDialog.getByLabel('Phone').fill(member.phone);
    await this.memberDialog.getByRole('button', { name: 'Save', exact: true }).click();
  }

  async save(): Promise<void> {
    await this.saveButton.click();
  }
}
