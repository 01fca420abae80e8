import { expect, type Locator, type Page } from '@playwright/test';
import dayjs from 'dayjs';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

/** The phone and desktop viewports the journeys are looked at in (CSS pixels). */
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1366, height: 900 };

/** Today as the API (YYYY-MM-DD) and the UI (MM/DD/YYYY, spec §5) write it. */
export function today(): { iso: string; us: string } {
  const d = dayjs();
  return { iso: d.format('YYYY-MM-DD'), us: d.format('MM/DD/YYYY') };
}

/** A string unique to this run (e-mails, church names). */
export function runId(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/**
 * Picks `option` (its exact label) in the antd Select whose combobox is `combobox`. The option
 * list is found through the combobox's `aria-controls`, so a popup still closing elsewhere
 * never matches. `search` is typed first (searchable selects list only a window of options).
 */
export async function pickOption(combobox: Locator, option: string, search?: string): Promise<void> {
  const page = combobox.page();
  // Retried as a whole: a re-render right after a viewport change may close the list just opened.
  await expect(async () => {
    const listId = await combobox.getAttribute('aria-controls', { timeout: 2_000 });
    const open = listId !== null && (await page.locator(`[id="${listId}"]`).count()) > 0;
    const popup = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').filter({
      has: page.locator(`[id="${listId ?? ''}"]`),
    });
    if (!open || !(await popup.isVisible())) {
      await combobox.click({ timeout: 2_000 });
      if (search !== undefined) await combobox.fill(search, { timeout: 2_000 });
    }
    const id = await combobox.getAttribute('aria-controls', { timeout: 2_000 });
    expect(id, 'the select names its option list').toBeTruthy();
    const list = page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${id}"]`) });
    const item = list.locator(`.ant-select-item-option[title="${option.replace(/"/g, '\\"')}"]`);
    // Point at the option and let the select mark it active before pressing, as a hand would:
    // a press in the same instant as the pointer arrives can reach the select before it knows
    // its freshly opened list, which it then takes for a press outside and starts closing.
    await item.hover({ timeout: 3_000 });
    await expect(item).toHaveClass(/\bant-select-item-option-active\b/, { timeout: 2_000 });
    await item.click({ timeout: 2_000 });
    await expect(list).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** The antd Select (its visible value) around a combobox. */
export function selectOf(combobox: Locator): Locator {
  return combobox.locator(
    'xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]',
  );
}

/**
 * Types a date into an antd DatePicker input (format MM/DD/YYYY) and confirms it with Enter.
 */
export async function typeDate(input: Locator, usDate: string): Promise<void> {
  await input.click();
  await input.fill(usDate);
  await input.press('Enter');
  await expect(input).toHaveValue(usDate);
}

/** An antd message toast with this exact text. */
export function toast(page: Page, text: string): Locator {
  return page.locator('.ant-message-notice').getByText(text, { exact: true });
}

/**
 * Expects the toast `text` to show. `first()`: an identical earlier toast may still be on screen
 * (3 to 5 s, spec §9); callers that repeat a toast also assert the action's effect.
 */
export async function expectToast(page: Page, text: string): Promise<void> {
  await expect(toast(page, text).first()).toBeVisible();
}

/** The open dialog titled `title` (antd Modal or Modal.confirm). */
export function dialog(page: Page, title: string): Locator {
  return page.getByRole('dialog').filter({ has: page.getByText(title, { exact: true }) });
}

/**
 * Waits until antd has finished opening `dialog` (its zoom-in from the pointer: 0.3 s, longer on
 * a busy machine, marked by the `ant-zoom-appear`/`ant-zoom-enter` classes), so that a click
 * lands where its button stays. A fresh-clone CI run on a slow machine lost a click on Cancel
 * (payment forms) and on Withdraw (offering report) that came during the zoom.
 */
export async function opened(dialog: Locator): Promise<Locator> {
  await expect(dialog).toBeVisible();
  await expect(dialog).not.toHaveClass(/ant-zoom-(appear|enter)/);
  return dialog;
}

/**
 * Saves a full-page screenshot as `e2e-{name}.png` in the folder named by E2E_SHOTS (nothing
 * when it is not set), to look at the key screens of a journey. Only then it first waits 2 s for
 * the charts' entry animations (JavaScript, not CSS) to end; no assertion depends on it.
 */
export async function snap(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.waitForTimeout(2_000);
  await page.screenshot({ path: path.join(dir, `e2e-${name}.png`), fullPage: true, animations: 'disabled' });
}

/**
 * A screenshot saver for one spec: `{prefix}-{name}-390.png` and `-1366.png` (full page, at
 * PHONE then DESKTOP) in the folder named by E2E_SHOTS, nothing when it is not set; the viewport
 * is left at the phone's. No assertion depends on them.
 */
export function shotsOf(prefix: string): (page: Page, name: string) => Promise<void> {
  return async (page, name) => {
    const dir = process.env.E2E_SHOTS;
    if (!dir) return;
    mkdirSync(dir, { recursive: true });
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(dir, `${prefix}-${name}-${size.width}.png`), fullPage: true });
    }
    await page.setViewportSize(PHONE);
  };
}
