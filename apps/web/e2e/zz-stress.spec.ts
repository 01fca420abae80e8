import { expect, test } from '@playwright/test';
import { AddOfferingPage } from './pages/add-offering-page.ts';
import { SignUpPage } from './pages/sign-up-page.ts';
import { runId } from './pages/ui.ts';

test('stress dialog picks', async ({ page }) => {
  test.setTimeout(600_000);
  const id = runId();
  const s = new SignUpPage(page);
  await s.goto();
  await s.fill({ churchName: `S ${id}`, country: 'Nigeria', currency: 'NGN', firstName: 'A', lastName: 'B', email: `s-${id}@x.example`, phone: '+2348031234567', password: 'stewardship-e2e' });
  await s.submit();
  await expect(page).toHaveURL(/\/tenant$/);
  const add = new AddOfferingPage(page);
  let fails = 0;
  for (let i = 0; i < 15; i++) {
    await add.goto();
    await add.fillRow(1, { item: '+ Create New Offering Item', channel: 'Cash', amount: '1' }).catch(() => undefined);
    await page.keyboard.press('Escape');
    await add.addRow();
    await add.addRow();
    await add.setChannel(2, 'POS');
    const form = await add.openCreateItemDialog(3);
    await form.name.fill('X');
    try {
      await form.chooseAccounts({ incomeAccount: '4010 - Tithe', cashAccount: '1010 - Bank' });
    } catch (e) {
      fails++;
      console.log('FAIL', i, String(e).slice(0, 300));
      await page.screenshot({ path: `/tmp/stress-${i}.png` });
    }
  }
  console.log('fails', fails);
});
