import { expect, type Locator, type Page } from '@playwright/test';
import { CreateGroupDialog } from './groups-page.ts';
import { dialog, pickOption, selectOf, typeDate } from './ui.ts';

/** A 1 by 1 PNG (a real image: the server checks a banner by its content). */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Add Attendance (giving-attendance spec 2.9): /tenant/addattendancecheckin (new) and
 * /tenant/addattendancecheckin/{id} (edit): Event with 'Create new event', the group field and
 * its panel, 'More', Free/Paid, the SMS / Email / Cut-off time tabs, 'Save and Continue'.
 */
export class AttendanceFormPage {
  readonly main: Locator;
  readonly event: Locator;
  readonly eventDialog: Locator;
  /** the group field (shows up to two names) */
  readonly groups: Locator;
  readonly groupPanel: Locator;
  readonly more: Locator;
  readonly saveButton: Locator;
  readonly createGroup: CreateGroupDialog;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.event = this.main.getByRole('combobox', { name: 'Event' });
    this.eventDialog = dialog(page, 'Create Event');
    this.groups = this.main.locator('#attendance_groups');
    this.groupPanel = this.main.getByRole('region', { name: 'Choose groups' });
    this.more = this.main.getByRole('button', { name: 'More' });
    this.saveButton = this.main.getByRole('button', { name: /^(loading )?Save and Continue$/ });
    this.createGroup = new CreateGroupDialog(page);
  }

  async expectCreate(): Promise<void> {
    await expect(this.page.getByRole('heading', { name: 'Add Attendance', level: 1 })).toBeVisible();
  }

  async expectEdit(id: string): Promise<void> {
    await expect(this.page).toHaveURL(new RegExp(`/tenant/addattendancecheckin/${id}$`));
    await expect(this.page.getByRole('heading', { name: 'Edit Attendance', level: 1 })).toBeVisible();
  }

  /** The event chosen (the select's shown value). */
  eventValue(): Locator {
    return selectOf(this.event);
  }

  /** 'Create Event': '+ Create new event' opens 'Create Event Category' (Name, Save); then the date, Save. */
  async createEvent(category: string, usDate: string): Promise<void> {
    await pickOption(this.event, '+ Create new event');
    await expect(this.eventDialog).toBeVisible();
    const picker = this.eventDialog.getByRole('combobox', { name: 'Event category' });
    await pickOption(picker, '+ Create new event');
    const categoryDialog = dialog(this.page, 'Create Event Category');
    await expect(categoryDialog).toBeVisible();
    await categoryDialog.getByLabel('Name', { exact: true }).fill(category);
    await categoryDialog.getByRole('button', { name: /^(loading )?Save$/ }).click();
    await expect(categoryDialog).toBeHidden();
    await expect(selectOf(picker)).toHaveText(category.length > 17 ? `${category.slice(0, 16)}…` : category);
    await typeDate(this.eventDialog.getByRole('textbox', { name: 'Event date' }), usDate);
    await this.eventDialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(this.eventDialog).toBeHidden();
  }

  async openGroups(): Promise<void> {
    if ((await this.groups.getAttribute('aria-expanded')) !== 'true') await this.groups.click();
    await expect(this.groupPanel).toBeVisible();
  }

  /** Ticks (or, with `on` false, unticks) the group `name` through the panel's search. */
  async tickGroup(name: string, on = true): Promise<void> {
    await this.openGroups();
    const search = this.groupPanel.getByRole('textbox', { name: 'Search groups' });
    await search.fill(name);
    const box = this.groupPanel
      .getByRole('list', { name: 'Groups found' })
      .getByRole('checkbox', { name, exact: true });
    await box.setChecked(on);
    await expect(box).toBeChecked({ checked: on });
    await search.fill('');
  }

  /** Creates a group through the tree's 'Add new group' (the 'Create group' dialog). */
  async addGroup(name: string): Promise<void> {
    await this.openGroups();
    await this.groupPanel.getByRole('button', { name: 'Add new group' }).click();
    await this.createGroup.create({ name });
    await expect(this.createGroup.root).toBeHidden();
  }

  async closeGroups(): Promise<void> {
    await this.groupPanel.getByRole('button', { name: 'Done' }).click();
    await expect(this.groupPanel).toBeHidden();
  }

  async openMore(): Promise<void> {
    if ((await this.more.getAttribute('aria-expanded')) !== 'true') await this.more.click();
    await expect(this.more).toHaveAttribute('aria-expanded', 'true');
  }

  /** Chooses the banner image file. */
  async chooseBanner(name: string, bytes: Buffer): Promise<void> {
    await this.openMore();
    await this.main
      .locator('.attendance-more input[type="file"]')
      .setInputFiles({ name, mimeType: 'image/png', buffer: bytes });
    await expect(this.main.getByRole('img', { name: 'Event banner' })).toBeVisible();
  }

  field(label: string): Locator {
    return this.main.getByLabel(label, { exact: true });
  }

  /** One of the SMS, Email and Cut-off time tabs. */
  async openTab(name: 'SMS' | 'Email' | 'Cut-off time' | 'Free' | 'Paid'): Promise<void> {
    const tab = this.main.getByRole('tab', { name, exact: true });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
  }

  /** The pane (Checkin or Registration) of the open message tab. */
  pane(name: 'Checkin' | 'Registration'): Locator {
    return this.main.getByRole('tabpanel').getByRole('region', { name, exact: true });
  }

  /** Types a cut-off ('MM/DD/YYYY hh:mm AM') into a Cut-off time pane and confirms it with Enter. */
  async setCutOff(pane: 'Checkin' | 'Registration', value: string): Promise<void> {
    await this.openTab('Cut-off time');
    const input = this.main.getByRole('textbox', { name: `${pane} cut-off time` });
    await input.click();
    await input.fill(value);
    await input.press('Enter');
    await expect(input).toHaveValue(value);
  }

  async save(): Promise<void> {
    await this.saveButton.click();
  }
}
