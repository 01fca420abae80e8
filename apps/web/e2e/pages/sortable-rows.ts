import { expect, type Locator, type Page } from '@playwright/test';

/*
 * Driving a SortableTable (apps/web/src/components/sortable-table.tsx) as a user would: each
 * row's first cell is a button named 'Drag to reorder {name}'.
 */

/** The drag handle of the row named `name`. */
export function dragHandle(page: Page, name: string): Locator {
  return page.getByRole('button', { name: `Drag to reorder ${name}`, exact: true });
}

/**
 * Drags the row named `from` with the mouse onto the row named `to` (it takes `to`'s place;
 * the rows between shift by one). Moves in small steps, as a hand does, so dnd-kit's pointer
 * sensor (4 px activation distance) starts the drag and follows it.
 */
export async function dragRowWithMouse(page: Page, from: string, to: string): Promise<void> {
  const source = dragHandle(page, from);
  const target = dragHandle(page, to);
  await source.scrollIntoViewIfNeeded();
  const a = await source.boundingBox();
  const b = await target.boundingBox();
  if (!a || !b) throw new Error(`rows ${from} / ${to} are not on screen`);
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 + 6, { steps: 3 });
  const down = b.y > a.y ? 4 : -4; // just past the target's centre, in the direction of travel
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2 + down, { steps: 12 });
  await page.mouse.up();
}

/**
 * Moves the row named `name` by keyboard: focus its handle, Space to lift, the arrow key
 * `Math.abs(by)` times (down when `by` > 0), Space to drop. Each step waits for what a screen
 * reader hears. dnd-kit listens for the arrows only from the task after the lift (a timer it
 * sets while handling Space), and React may announce the lift before that timer runs, so the
 * helper first lets the page run a later timer and two frames; an arrow that still goes
 * unheard (the row stays where it was) is pressed again.
 */
export async function moveRowWithKeyboard(page: Page, name: string, by: number): Promise<void> {
  const handle = dragHandle(page, name);
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  // dnd-kit's live region, which SortableTable's announcements fill with the row's name
  const live = page.locator('[id^="DndLiveRegion-"]').filter({ hasText: name });
  await expect(live).toContainText(/position \d+ of \d+/);
  const position = async (): Promise<number> => Number(/position (\d+) of/.exec((await live.textContent()) ?? '')?.[1]);
  const start = await position();
  await settle(page);
  const key = by > 0 ? 'ArrowDown' : 'ArrowUp';
  for (let i = 1; i <= Math.abs(by); i += 1) {
    const target = start + Math.sign(by) * i;
    await expect(async () => {
      if ((await position()) === target - Math.sign(by)) await page.keyboard.press(key);
      await expect(live).toContainText(`is now at position ${target} of`, { timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
  }
  await page.keyboard.press('Space');
}

/** Lets the page run one timer task and two animation frames (dnd-kit's listeners and measuring). */
async function settle(page: Page): Promise<void> {
  // a string, since the e2e project has no DOM types
  await page.evaluate(
    'new Promise((resolve) => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(resolve)), 0))',
  );
}

/**
 * The names of the table's rows in screen order, read from the drag handles' labels
 * (`table`: the table or any ancestor of it).
 */
export async function rowOrder(table: Locator): Promise<string[]> {
  const labels = await table
    .getByRole('button', { name: /^Drag to reorder / })
    .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
  return labels.map((l) => l.replace(/^Drag to reorder /, ''));
}

/** Waits until the table shows exactly `names` in this order. */
export async function expectRowOrder(table: Locator, names: string[]): Promise<void> {
  await expect.poll(() => rowOrder(table)).toEqual(names);
}
