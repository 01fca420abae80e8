import { expect, type Locator, type Page } from '@playwright/test';
import { createEventWithSetup, createGroups } from '../support/attendance-setup.ts';
import { CSRF, json } from '../support/church-api.ts';
import { dialog, pickOption } from './ui.ts';

/** What {@link createCheckInSetUp} made: the set-up's id and public code, and the event's name. */
export interface CheckInSetUp {
  id: string;
  code: string;
  eventName: string;
}

/**
 * Makes a check-in set-up through the API with the page's session (existing-client-api §2.2,
 * §4.1, §6.5; support/attendance-setup.ts): an event category, an event of that name on today's
 * date, a group, and the multipart CreateAttendanceCheckIn for that event and group (free, with
 * `details`).
 */
export async function createCheckInSetUp(
  page: Page,
  opts: { category: string; group: string; details: string },
): Promise<CheckInSetUp> {
  const [group] = await createGroups(page.request, [opts.group]);
  const setUp = await createEventWithSetup(page.request, opts.category, 0, {
    groupIDs: JSON.stringify([{ id: group!.id, name: group!.name }]),
    details: opts.details,
    isPaidFor: 'false',
    enableRegistration: 'true',
  });
  return { id: setUp.id, code: setUp.attendanceCode, eventName: setUp.eventName };
}

/** Creates a member through POST /api/People/CreateMember; returns its id. */
export async function createMember(
  page: Page,
  member: { firstName: string; lastName: string; mobilePhone?: string; email?: string },
): Promise<string> {
  const res = await json<{ returnObject: { id: string } }>(
    await page.request.post('/api/People/CreateMember', { headers: CSRF, data: member }),
  );
  return res.returnObject.id;
}

/**
 * The attendance report / marking page (/tenant/attendancecheckin/report/:id, also
 * /tenant/attendancecheckin/mark?id=): the event, the People table with its row actions and bulk
 * buttons, 'Add a person', and the Head counts, Offerings, Report and Custom fields cards.
 */
export class AttendanceReportPage {
  readonly people: Locator;
  readonly table: Locator;
  readonly addPersonButton: Locator;
  readonly search: Locator;
  readonly headCounts: Locator;
  readonly offerings: Locator;
  readonly reportCard: Locator;

  constructor(readonly page: Page) {
    this.people = page
      .getByRole('heading', { level: 2, name: 'People' })
      .locator('xpath=ancestor::div[contains(@class,"ant-card ")][1]');
    this.table = this.people.locator('.ant-table');
    this.addPersonButton = this.people.getByRole('button', { name: 'Add person' }).first();
    this.search = this.people.getByPlaceholder('Search people');
    this.headCounts = page.getByRole('region', { name: 'Head counts' });
    this.offerings = page.getByRole('region', { name: 'Offerings' });
    this.reportCard = page.getByRole('region', { name: 'Report' });
  }

  async goto(setUpId: string): Promise<void> {
    await this.page.goto(`/tenant/attendancecheckin/report/${setUpId}`);
  }

  /** Waits for the page of the event `eventName`. */
  async expectShown(eventName: string): Promise<void> {
    await expect(this.page.getByRole('heading', { level: 1, name: eventName })).toBeVisible();
    await expect(this.page.getByRole('heading', { level: 2, name: 'People' })).toBeVisible();
  }

  /** The table row of a person (by the name in it). */
  row(name: string): Locator {
    return this.table.locator('tr[data-row-key]').filter({ hasText: name });
  }

  /** The figure 'Present', 'Registered', 'Checked out', 'Absent' or 'Head count' of the summary. */
  figure(label: string): Locator {
    return this.page.getByRole('group', { name: 'Attendance figures' }).locator(`[data-figure="${label}"]`);
  }

  /** Shows 'All (n)', 'Present' or 'Absent' people (the filter above the table). */
  async show(filter: 'All' | 'Present' | 'Absent'): Promise<void> {
    const option = this.people.locator('.ant-segmented-item-label');
    await (
      filter === 'All' ? option.filter({ hasText: /^All \(\d+\)$/ }) : option.getByText(filter, { exact: true })
    ).click();
  }

  /** Presses a row's own button: 'Mark {name} present' or 'Check out {name}'. */
  async rowButton(name: string, label: 'Mark present' | 'Check out'): Promise<void> {
    const accessible = label === 'Mark present' ? `Mark ${name} present` : `Check out ${name}`;
    await this.row(name)
      .getByRole('button', { name: new RegExp(`^(loading )?${accessible}$`) })
      .click();
  }

  /** Picks an entry of a row's menu ('Mark absent', 'Undo check-out', 'Remove from event'). */
  async rowMenu(name: string, entry: string): Promise<void> {
    await this.row(name)
      .getByRole('button', { name: `Actions for ${name}` })
      .click();
    await this.page.getByRole('menuitem', { name: entry, exact: true }).click();
  }

  /** The presence tag of a row: 'Present', 'Absent', 'Checked out' or 'Pre-checked in'. */
  presence(name: string): Locator {
    return this.row(name).locator('.ant-tag').first();
  }

  /** Opens 'Add a person' and checks in the member found by `search` and named `name`. */
  async addMember(search: string, name: string): Promise<void> {
    await this.addPersonButton.click();
    const add = dialog(this.page, 'Add a person');
    await expect(add).toBeVisible();
    await pickOption(add.getByRole('combobox'), name, search);
    await add.getByRole('button', { name: /^(loading )?Check in$/ }).click();
    await expect(add).toBeHidden();
  }

  /** Opens 'Add a person', 'New person', fills the form and presses Check in. */
  async addNewPerson(p: { firstName: string; lastName: string; phone: string; email: string }): Promise<void> {
    await this.addPersonButton.click();
    const add = dialog(this.page, 'Add a person');
    await expect(add).toBeVisible();
    await add.getByText('New person', { exact: true }).click();
    await add.getByLabel('First name').fill(p.firstName);
    await add.getByLabel('Last name').fill(p.lastName);
    await add.getByLabel('Phone').fill(p.phone);
    await add.getByLabel('E-mail').fill(p.email);
    await add.getByLabel('E-mail').press('Enter');
    await expect(add).toBeHidden();
  }

  /** The head-count input of an attendance type ('Adults', 'Children', …). */
  headCount(type: string): Locator {
    return this.headCounts.getByLabel(type, { exact: true });
  }

  /** The total under the head counts. */
  headCountTotal(): Locator {
    return this.headCounts.getByLabel('Head count total');
  }
}
