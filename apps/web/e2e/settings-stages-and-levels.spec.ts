import { expect, test, type Page } from '@playwright/test';
import { BranchLevelSettingsPage } from './pages/branch-level-settings-page.ts';
import { signUpChurch, type SignedUpChurch } from './pages/church-setup.ts';
import { LifeCycleSettingsPage } from './pages/life-cycle-settings-page.ts';
import { expectToast, snap } from './pages/ui.ts';

/*
 * Issue 8, spec 2.18 and 2.19: a new church sets up its guest life-cycle stages and its branch
 * levels: adds, edits, drags into order by mouse and by keyboard, reloads to see the order
 * kept, and deletes; the branch summary shows the levels without their heading; the stages
 * page works on a 390 px phone.
 */

const STAGE_ORDER_SAVED = 'New Guest Life Cycle Order Updated Successfully';
const LEVEL_ORDER_SAVED = 'Branch Level Order Updated Successfully';

function newChurch(page: Page): Promise<SignedUpChurch> {
  return signUpChurch(page, {
    churchName: 'Bethel Tabernacle',
    firstName: 'Kofi',
    lastName: 'Mensah',
    emailPrefix: 'settings',
    emailDomain: 'bethel.example',
    phone: '+2348031234567',
  });
}

test('guest life-cycle stages: add, edit, reorder by mouse and keyboard, delete', async ({ page }) => {
  test.setTimeout(150_000);
  const { shell } = await newChurch(page);
  await shell.openFromMenu('Settings', 'Guest Life Cycle');
  const stages = new LifeCycleSettingsPage(page);
  await stages.expectShown();
  await expect(stages.emptyText()).toBeVisible();

  // An empty name is refused before any request.
  await stages.addSave.click();
  await expect(stages.addError()).toHaveText('Enter a name');
  await expect(stages.emptyText()).toBeVisible();

  // Three stages, the first marked default; Save and Enter both save.
  await stages.add('First visit', { isDefault: true });
  await stages.add('Welcome call', { by: 'enter' });
  await stages.add('Second visit');
  await stages.expectColumns();
  await stages.expectOrder(['First visit', 'Welcome call', 'Second visit']);
  await stages.expectDefault('First visit');

  // A name already used (in another case) is refused by the server, shown under the input.
  await stages.fillAndSave('welcome CALL', 'enter');
  await expect(stages.addError()).toHaveText('This name is already the name of another guest life-cycle stage');
  await stages.expectOrder(['First visit', 'Welcome call', 'Second visit']);
  await stages.addInput.fill('');

  // View opens the inline editor; Escape discards what was typed.
  let editor = await stages.openEditor('Second visit');
  await editor.getByRole('textbox', { name: 'Name' }).fill('Not kept');
  await page.keyboard.press('Escape');
  await expect(editor).toBeHidden();
  await expect(stages.viewButton('Second visit')).toBeFocused();

  // Rename and make default: the old default loses its tag.
  editor = await stages.openEditor('Second visit');
  await expect(editor.getByRole('checkbox', { name: 'Mark As Default' })).not.toBeChecked();
  await editor.getByRole('textbox', { name: 'Name' }).fill('Home visit');
  await editor.getByRole('checkbox', { name: 'Mark As Default' }).check();
  await snap(page, 'stages-editor');
  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToast(page, 'New Guest Life Cycle Updated Successfully');
  await expect(stages.editor('Second visit')).toBeHidden();
  await stages.expectOrder(['First visit', 'Welcome call', 'Home visit']);
  await stages.expectDefault('Home visit');
  await expect(stages.defaultTag('First visit')).toHaveCount(0);

  // Drag 'Home visit' to the top with the mouse, then 'Welcome call' up one with the keyboard.
  await stages.reorder(
    { how: 'mouse', from: 'Home visit', to: 'First visit' },
    ['Home visit', 'First visit', 'Welcome call'],
    STAGE_ORDER_SAVED,
  );
  await stages.reorder(
    { how: 'keyboard', from: 'Welcome call', by: -1 },
    ['Home visit', 'Welcome call', 'First visit'],
    STAGE_ORDER_SAVED,
  );
  await snap(page, 'stages-reordered');

  // The order and the default were saved.
  await page.reload();
  await stages.expectShown();
  await stages.expectOrder(['Home visit', 'Welcome call', 'First visit']);
  await stages.expectDefault('Home visit');

  // Delete asks first: Cancel keeps the row, OK deletes it.
  await stages.deleteAndCancel('First visit');
  await stages.deleteAndConfirm('First visit');
  await stages.expectOrder(['Home visit', 'Welcome call']);
  await page.reload();
  await stages.expectShown();
  await stages.expectOrder(['Home visit', 'Welcome call']);
});

test('branch levels: add, rename, reorder by mouse and keyboard, delete; the summary hides the heading', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const { shell } = await newChurch(page);
  await shell.openFromMenu('Settings', 'Branch Levels');
  const levels = new BranchLevelSettingsPage(page);
  await levels.expectShown();
  await expect(levels.emptyText()).toBeVisible();

  await levels.add('Headquarters');
  await levels.add('Region', 'enter');
  await levels.add('Zone');
  await levels.expectColumns();
  await levels.expectOrder(['Headquarters', 'Region', 'Zone']);
  // Levels count from 0, each new one at the highest plus 1.
  expect(await levels.savedLevels()).toEqual([
    ['Headquarters', 0],
    ['Region', 1],
    ['Zone', 2],
  ]);

  // A name already used is refused by the server, shown under the input.
  await levels.fillAndSave('Region');
  await expect(levels.addError()).toHaveText('This name is already the name of another branch level');
  await levels.addInput.fill('');

  // View: Discard keeps the name; Save renames.
  let editor = await levels.openEditor('Zone');
  await expect(editor.getByRole('checkbox')).toHaveCount(0);
  await editor.getByRole('textbox', { name: 'Name' }).fill('Not kept');
  await editor.getByRole('button', { name: 'Discard' }).click();
  await expect(editor).toBeHidden();
  await levels.expectOrder(['Headquarters', 'Region', 'Zone']);
  editor = await levels.openEditor('Zone');
  await editor.getByRole('textbox', { name: 'Name' }).fill('Area');
  await editor.getByRole('textbox', { name: 'Name' }).press('Enter');
  await expectToast(page, 'New Branch Updated Successfully');
  await levels.expectOrder(['Headquarters', 'Region', 'Area']);

  // Drag 'Area' to the top with the mouse, then 'Region' up one with the keyboard.
  await levels.reorder(
    { how: 'mouse', from: 'Area', to: 'Headquarters' },
    ['Area', 'Headquarters', 'Region'],
    LEVEL_ORDER_SAVED,
  );
  await levels.reorder(
    { how: 'keyboard', from: 'Region', by: -1 },
    ['Area', 'Region', 'Headquarters'],
    LEVEL_ORDER_SAVED,
  );

  await page.reload();
  await levels.expectShown();
  await levels.expectOrder(['Area', 'Region', 'Headquarters']);
  expect(await levels.savedLevels()).toEqual([
    ['Area', 0],
    ['Region', 1],
    ['Headquarters', 2],
  ]);
  await snap(page, 'levels-reordered');

  await levels.deleteAndCancel('Headquarters');
  await levels.deleteAndConfirm('Headquarters');
  await page.reload();
  await levels.expectShown();
  await levels.expectOrder(['Area', 'Region']);

  // The branch summary shows the same levels without the heading.
  await page.goto(BranchLevelSettingsPage.summaryPath);
  await levels.expectOrder(['Area', 'Region']);
  await expect(levels.addInput).toBeVisible();
  await expect(levels.heading).toHaveCount(0);
  await snap(page, 'branch-summary');
});

test('guest life-cycle stages on a 390 px phone: add a stage, its actions in view without sideways scrolling', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await newChurch(page);
  const stages = new LifeCycleSettingsPage(page);
  await stages.goto();
  await stages.add('Welcome call', { by: 'enter' });
  await stages.add('Membership class for new believers', { isDefault: true });
  await stages.expectOrder(['Welcome call', 'Membership class for new believers']);
  await stages.expectDefault('Membership class for new believers');

  const noSidewaysScroll = () =>
    page.evaluate<boolean>('document.documentElement.scrollWidth <= document.documentElement.clientWidth');
  for (const name of ['Welcome call', 'Membership class for new believers']) {
    await expect(stages.viewButton(name)).toBeInViewport({ ratio: 1 });
    await expect(stages.deleteButton(name)).toBeInViewport({ ratio: 1 });
  }
  expect(await noSidewaysScroll()).toBe(true);

  // The inline editor fits the phone too.
  const editor = await stages.openEditor('Welcome call');
  for (const control of [
    editor.getByRole('textbox', { name: 'Name' }),
    editor.getByRole('checkbox', { name: 'Mark As Default' }),
    editor.getByRole('button', { name: 'Save', exact: true }),
    editor.getByRole('button', { name: 'Discard' }),
  ]) {
    await expect(control).toBeInViewport({ ratio: 1 });
  }
  expect(await noSidewaysScroll()).toBe(true);
  await snap(page, 'stages-phone-editor');
  await editor.getByRole('button', { name: 'Discard' }).click();
  await expect(editor).toBeHidden();
});
