import { expect, test } from '@playwright/test';
import { signUpChurch } from './pages/church-setup.ts';
import { GroupsPage, GroupTreePicker } from './pages/groups-page.ts';
import { dialog, expectToast, selectOf, snap } from './pages/ui.ts';

/**
 * Issue 8, the group tree (spec 2.21): a new church builds a three-level group tree through the
 * 'Create group' dialog, picks groups with the checkbox tree picker, renames, moves (by keyboard,
 * and by dragging), is refused a move under the group's own sub-group, and deletes a group with its
 * sub-groups after the second confirmation. Every change is checked again after a reload.
 */
test('a church builds, picks from, renames, moves and deletes its group tree', async ({ page }) => {
  test.setTimeout(180_000);
  await signUpChurch(page, {
    churchName: 'Trinity Fellowship',
    firstName: 'Kemi',
    lastName: 'Adeyemi',
    emailPrefix: 'groups',
    emailDomain: 'trinity.example',
    phone: '+2348031234568',
  });

  // 1. From the menu: no groups yet.
  await page.getByRole('menu', { name: 'Main menu' }).getByRole('link', { name: 'Groups', exact: true }).click();
  const groups = new GroupsPage(page);
  await groups.expectShown();
  await expect(groups.emptyText()).toBeVisible();
  await snap(page, 'groups-empty');

  // 2. 'Create group' is 450 px wide; the name is required; 'Youth' at the top level.
  await groups.addButton.click();
  const create = groups.createDialog;
  await expect(create.root).toBeVisible();
  // Measured once the opening zoom has ended.
  await expect.poll(async () => (await create.root.boundingBox())?.width).toBe(450);
  await expect(create.name).toBeFocused();
  await expect(create.parentValue()).toHaveText('Top level (no parent)');
  await create.createButton.click();
  await expect(create.root.getByText('Enter a name for the group', { exact: true })).toBeVisible();
  await create.create({ name: 'Youth', description: 'Ages 13 to 19' });
  await expectToast(page, 'Group created successfully');
  await expect(create.root).toBeHidden();
  await groups.expectTree([['Youth', 0]]);
  await groups.expectDetails('Youth');
  await expect(groups.detail('Description')).toHaveText('Ages 13 to 19');
  await expect(groups.detail('Parent group')).toHaveText('Top level');

  // 3. 'Add sub-group' opens the dialog under the selected group: Youth > Youth Choir > Sopranos.
  await groups.action('Add sub-group').click();
  await expect(create.parentValue()).toHaveText('Youth');
  await create.create({ name: 'Youth Choir' });
  await expectToast(page, 'Group created successfully');
  await groups.expectDetails('Youth Choir');
  await groups.action('Add sub-group').click();
  await create.create({ name: 'Sopranos', description: 'High voices' });
  await expect(create.root).toBeHidden();
  await groups.expectDetails('Sopranos');
  await expect(groups.detail('Parent group')).toHaveText('Youth › Youth Choir');

  // A second top-level group: the header's button starts under the selection; the parent is
  // changed to the top level by keyboard. A name already used under the same parent is refused.
  await groups.addButton.click();
  await expect(create.parentValue()).toHaveText('Sopranos');
  await create.create({ name: 'Youth', parent: 'Top level (no parent)' });
  await expect(
    create.root.getByText('This is already the name of another group under the same parent', { exact: true }),
  ).toBeVisible();
  await create.name.fill('Adults');
  await create.createButton.click();
  await expectToast(page, 'Group created successfully');
  await expect(create.root).toBeHidden();
  const built: [string, number][] = [
    ['Adults', 0],
    ['Youth', 0],
    ['Youth Choir', 1],
    ['Sopranos', 2],
  ];
  await groups.expectTree(built);
  await snap(page, 'groups-tree');

  // 4. The tree survives a reload.
  await page.reload();
  await groups.expectShown();
  await groups.expectTree(built);
  await groups.expectDetails('Adults');

  // 5. The picker: 'Add new group' adds 'Altos' to its tree (unchecked); Select all checks every
  // group; unchecking a child leaves its parents partly checked; checking a parent checks its
  // children; Space checks and unchecks the focused row.
  await groups.tab('Select groups').click();
  const picker = new GroupTreePicker(page);
  await picker.expectTree(built);
  await expect(picker.summary).toHaveText('0 of 4 groups selected');
  await picker.addButton.click();
  await create.create({ name: 'Altos', parent: 'Youth Choir' });
  await expectToast(page, 'Group created successfully');
  await expect(create.root).toBeHidden();
  const withAltos: [string, number][] = [
    ['Adults', 0],
    ['Youth', 0],
    ['Youth Choir', 1],
    ['Altos', 2],
    ['Sopranos', 2],
  ];
  await picker.expectTree(withAltos);
  await picker.expectChecks({ Altos: false });
  await picker.selectAll.check();
  await picker.expectChecks({ Adults: true, Youth: true, 'Youth Choir': true, Altos: true, Sopranos: true });
  await expect(picker.summary).toHaveText('5 of 5 groups selected');
  await picker.checkbox('Sopranos').click();
  await picker.expectChecks({ Adults: true, Youth: 'mixed', 'Youth Choir': 'mixed', Altos: true, Sopranos: false });
  await expect(picker.selectAll).toBeChecked({ indeterminate: true });
  await expect(picker.summary).toHaveText('2 of 5 groups selected');
  // A partly checked 'Select all' checks everything when pressed; pressed again, it clears.
  await picker.selectAll.check();
  await expect(picker.summary).toHaveText('5 of 5 groups selected');
  await picker.selectAll.uncheck();
  await picker.expectChecks({ Adults: false, Youth: false, 'Youth Choir': false, Altos: false, Sopranos: false });
  await picker.checkbox('Youth').click();
  await picker.expectChecks({ Adults: false, Youth: true, 'Youth Choir': true, Altos: true, Sopranos: true });
  await expect(picker.summary).toHaveText('4 of 5 groups selected');
  await picker.tree.focus();
  await page.keyboard.press('End');
  await page.keyboard.press('Space');
  await picker.expectChecks({ Youth: 'mixed', 'Youth Choir': 'mixed', Altos: true, Sopranos: false });
  await page.keyboard.press('Space');
  await picker.expectChecks({ Youth: true, 'Youth Choir': true, Sopranos: true });
  await snap(page, 'groups-picker');

  // 6. Rename 'Youth Choir' on its edit page.
  await groups.tab('Manage groups').click();
  await groups.select('Youth Choir');
  await groups.action('Edit').click();
  await expect(page).toHaveURL(/\/tenant\/createpeoplegroup\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Edit group', level: 1 })).toBeVisible();
  const nameField = page.getByLabel('Group name');
  await expect(nameField).toHaveValue('Youth Choir');
  await nameField.fill('Youth Singers');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Group updated successfully');
  await groups.expectShown();
  await groups.expectDetails('Youth Singers');
  await groups.expectTree([
    ['Adults', 0],
    ['Youth', 0],
    ['Youth Singers', 1],
    ['Altos', 2],
    ['Sopranos', 2],
  ]);

  // 7. Move 'Sopranos' under 'Adults' by keyboard; it is there after a reload.
  await groups.select('Sopranos');
  await groups.moveSelectedByKeyboard('Adults');
  await expectToast(page, 'Group moved successfully');
  await expect(groups.moveDialog).toBeHidden();
  const moved: [string, number][] = [
    ['Adults', 0],
    ['Sopranos', 1],
    ['Youth', 0],
    ['Youth Singers', 1],
    ['Altos', 2],
  ];
  await groups.expectTree(moved);
  await page.reload();
  await groups.expectTree(moved);
  await groups.expectDetails('Sopranos');
  await expect(groups.detail('Parent group')).toHaveText('Adults');

  // 8. 'Youth' cannot go under its own sub-group: the server's refusal is shown; nothing moves.
  await groups.select('Youth');
  await groups.action('Move').click();
  await expect(selectOf(groups.newParent)).toHaveText('Top level (no parent)');
  await groups.newParent.fill('Youth Singers');
  await groups.newParent.press('Enter');
  await expect(selectOf(groups.newParent)).toHaveText('Youth Singers');
  await groups.moveDialog.getByRole('button', { name: 'Move', exact: true }).click();
  const refusal = 'The new parent cannot be the group itself or one of its sub-groups.';
  await expect(groups.moveDialog.getByRole('alert')).toHaveText(refusal);
  await expectToast(page, refusal);
  await groups.moveDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(groups.moveDialog).toBeHidden();
  await groups.expectTree(moved);

  // 9. Drag 'Sopranos' back onto 'Youth Singers': it becomes its sub-group.
  await groups
    .item('Sopranos')
    .locator('.ant-tree-node-content-wrapper')
    .dragTo(groups.item('Youth Singers').locator('.ant-tree-title'));
  await expectToast(page, 'Group moved successfully');
  const dragged: [string, number][] = [
    ['Adults', 0],
    ['Youth', 0],
    ['Youth Singers', 1],
    ['Altos', 2],
    ['Sopranos', 2],
  ];
  await groups.expectTree(dragged);
  await page.reload();
  await groups.expectTree(dragged);

  // 10. At 390 px the page and the dialog fit the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await groups.select('Youth');
  await expect.poll(() => page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(390);
  await groups.addButton.click();
  await expect.poll(async () => (await create.root.boundingBox())?.width).toBeLessThanOrEqual(390);
  const phoneBox = await create.root.boundingBox();
  expect(phoneBox!.x).toBeGreaterThanOrEqual(0);
  expect(phoneBox!.x + phoneBox!.width).toBeLessThanOrEqual(390);
  await create.cancelButton.click();
  await expect(create.root).toBeHidden();
  await snap(page, 'groups-phone');
  await page.setViewportSize({ width: 1366, height: 900 });

  // 11. Delete 'Youth': Cancel first ('Delete canceled'), then OK; it has sub-groups, so a second
  // question names them; 'Delete all' removes the whole sub-tree, still gone after a reload.
  await groups.action('Delete').click();
  const confirm = dialog(page, 'Confirm delete');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expectToast(page, 'Delete canceled');
  await expect(confirm).toBeHidden();
  await groups.expectTree(dragged);
  await groups.action('Delete').click();
  await confirm.getByRole('button', { name: 'OK' }).click();
  const deleteAll = dialog(page, 'Delete "Youth" and everything in it?');
  await expect(deleteAll).toContainText('Its 3 sub-groups will be deleted too: Youth Singers, Altos, Sopranos.');
  await snap(page, 'groups-delete-all');
  await deleteAll.getByRole('button', { name: 'Delete all' }).click();
  await expectToast(page, 'Group deleted successfully');
  await groups.expectTree([['Adults', 0]]);
  await expect(groups.details).toBeHidden();
  await page.reload();
  await groups.expectTree([['Adults', 0]]);

  // A group without sub-groups or members goes after the one confirmation: no groups are left.
  await groups.select('Adults');
  await groups.action('Delete').click();
  await confirm.getByRole('button', { name: 'OK' }).click();
  await expectToast(page, 'Group deleted successfully');
  await expect(groups.emptyText()).toBeVisible();
});
