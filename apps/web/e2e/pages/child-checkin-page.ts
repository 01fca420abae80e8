import { expect, type Locator, type Page } from '@playwright/test';
import { pickOption, selectOf } from './ui.ts';

/** /tenant/childcheckin: the event, the 'Check in' tab (family search and cards) and the 'Check out' tab. */
export class ChildCheckinPage {
  readonly heading: Locator;
  readonly event: Locator;
  readonly search: Locator;
  readonly findFamily: Locator;
  readonly codeInput: Locator;
  readonly findCode: Locator;
  readonly pickedUpBy: Locator;
  readonly checkOutAll: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Child Check-in', level: 1 });
    this.event = page.getByRole('combobox', { name: 'Event' });
    this.search = page.getByRole('textbox', { name: 'Phone number or family name' });
    this.findFamily = page.getByRole('button', { name: /^(loading )?Find family$/ });
    this.codeInput = page.getByRole('textbox', { name: 'Security code' });
    this.findCode = page.getByRole('button', { name: /^(loading )?Find$/ });
    this.pickedUpBy = page.getByRole('combobox', { name: 'Picked up by' });
    this.checkOutAll = page.getByRole('button', { name: /^(loading )?Check out all$/ });
  }

  async goto(): Promise<void> {
    await this.page.goto('/tenant/childcheckin');
    await this.expectShown();
  }

  async expectShown(): Promise<void> {
    await expect(this.heading).toBeVisible();
  }

  tab(name: 'Check in' | 'Check out'): Locator {
    return this.page.getByRole('tab', { name, exact: true });
  }

  /** The event picker (its shown value: 'Sunday Service · 11/29/2026 (Today)'). */
  eventValue(): Locator {
    return selectOf(this.event);
  }

  /** The antd Select around a combobox (its shown value). */
  selectValue(combobox: Locator): Locator {
    return selectOf(combobox);
  }

  async findFamilyBy(text: string): Promise<void> {
    await this.search.fill(text);
    await this.findFamily.click();
  }

  /** The card of a family found, by its name. */
  family(name: string): Locator {
    return this.page.locator('.cc-family').filter({ has: this.page.getByText(name, { exact: true }) });
  }

  broughtBy(family: Locator): Locator {
    return family.getByRole('combobox', { name: 'Brought by' });
  }

  childTick(family: Locator, child: string): Locator {
    return family.getByRole('checkbox', { name: child });
  }

  async chooseRoom(family: Locator, child: string, room: string): Promise<void> {
    await pickOption(family.getByRole('combobox', { name: `Room for ${child}` }), room);
  }

  notes(family: Locator, child: string): Locator {
    return family.getByRole('textbox', { name: `Allergies / notes for ${child}` });
  }

  confirm(family: Locator, children: number): Locator {
    const text = children === 1 ? 'Check in 1 child' : `Check in ${children} children`;
    return family.getByRole('button', { name: new RegExp(`^(loading )?${text}$`) });
  }

  /** Types a code into the check-out field and presses Enter, as a scanner does. */
  async enterCode(code: string): Promise<void> {
    await this.codeInput.fill(code);
    await this.codeInput.press('Enter');
  }

  /** The Check out tab's own message (not a toast of an earlier step that may still be showing). */
  alert(): Locator {
    return this.page.getByRole('tabpanel', { name: 'Check out' }).getByRole('alert');
  }

  /** The Print Tag card of a child matched by the code. */
  tagOf(child: string): Locator {
    return this.page.getByRole('article', { name: `Tag of ${child}` });
  }

  confirmCheckout(child: string): Locator {
    return this.page.getByRole('button', { name: new RegExp(`^(loading )?Confirm Checkout for ${child}$`) });
  }
}

/** /tenant/childcheckin/labels/:id: the print view of a check-in's labels. */
export class ChildLabelsPage {
  readonly heading: Locator;
  readonly sheet: Locator;
  readonly printTag: Locator;
  readonly pageCode: Locator;
  readonly back: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Labels', level: 1 });
    this.sheet = page.getByRole('region', { name: 'Labels to print' });
    this.printTag = page.getByRole('button', { name: 'Print Tag' });
    this.pageCode = page.getByTestId('page-code');
    this.back = page.getByRole('link', { name: 'Back to check-in' });
  }

  async expectShown(): Promise<void> {
    await expect(this.page).toHaveURL(/\/tenant\/childcheckin\/labels\/[0-9a-f-]{36}$/);
    await expect(this.heading).toBeVisible();
    await expect(this.sheet).toBeVisible();
  }

  labels(): Locator {
    return this.sheet.getByRole('article');
  }

  childLabel(child: string): Locator {
    return this.sheet.getByRole('article', { name: `Label for ${child}` });
  }

  pickupLabel(): Locator {
    return this.sheet.getByRole('article', { name: 'Parent pickup label' });
  }

  /** The security code printed on each label, in order. */
  async codes(): Promise<string[]> {
    return this.sheet.getByTestId('label-code').allTextContents();
  }

  paper(name: '62 mm label roll' | 'A4' | 'Letter'): Locator {
    return this.page.locator('.ant-segmented-item').filter({ hasText: name });
  }

  /** The @page rules in force (their CSS text, as the browser writes it back). */
  async pageRules(): Promise<string[]> {
    return this.page.evaluate(() => {
      type Sheet = { cssRules: Iterable<{ type: number; cssText: string }> };
      const doc = (globalThis as unknown as { document: { styleSheets: Iterable<Sheet> } }).document;
      const out: string[] = [];
      // CSSRule.PAGE_RULE is 6
      for (const sheet of doc.styleSheets)
        for (const rule of sheet.cssRules) if (rule.type === 6) out.push(rule.cssText);
      return out;
    });
  }

  /** Replaces window.print with a counter, so 'Print Tag' can be checked without a print dialog. */
  async stubPrint(): Promise<void> {
    await this.page.evaluate(() => {
      const w = globalThis as unknown as { printed: number; print: () => void };
      w.printed = 0;
      w.print = () => {
        w.printed += 1;
      };
    });
  }

  async printCalls(): Promise<number> {
    return this.page.evaluate(() => (globalThis as unknown as { printed: number }).printed);
  }
}
