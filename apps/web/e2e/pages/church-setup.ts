import { expect, type Page } from '@playwright/test';
import { SignUpPage, type NewChurch } from './sign-up-page.ts';
import { TenantShell } from './tenant-shell.ts';
import { runId } from './ui.ts';

/** Who signs a new church up in a journey: the administrator's name and where the church is. */
export interface ChurchFounder {
  /** The church's name before the run's unique suffix ('Grace Assembly'). */
  churchName: string;
  firstName: string;
  lastName: string;
  /** The e-mail's local part before the run's unique suffix ('admin' gives admin-{id}@...). */
  emailPrefix: string;
  /** The e-mail's domain ('grace.example'). */
  emailDomain: string;
  /** E.164 ('+2348031234567'). */
  phone: string;
  /** Defaults: Nigeria, NGN (the journeys' amounts are written in naira). */
  country?: string;
  currency?: string;
}

/** A church signed up by {@link signUpChurch}: what was typed, and its signed-in shell. */
export interface SignedUpChurch extends NewChurch {
  /** The run's unique suffix, also in the church's name and e-mail. */
  id: string;
  shell: TenantShell;
}

/** The password every journey's administrator signs up with. */
export const E2E_PASSWORD = 'stewardship-e2e';

/**
 * The first steps every finance journey takes (issue 2, step 1): opens /signup, creates a new
 * church named `{churchName} {id}` (id unique to the run) with its administrator
 * `{emailPrefix}-{id}@{emailDomain}`, and waits for the signed-in /tenant shell showing the
 * church's name. `onFilled` runs once the form is filled, before 'Create account' (a screenshot).
 */
export async function signUpChurch(
  page: Page,
  founder: ChurchFounder,
  onFilled?: () => Promise<void>,
): Promise<SignedUpChurch> {
  const id = runId();
  const church: NewChurch = {
    churchName: `${founder.churchName} ${id}`,
    country: founder.country ?? 'Nigeria',
    currency: founder.currency ?? 'NGN',
    firstName: founder.firstName,
    lastName: founder.lastName,
    email: `${founder.emailPrefix}-${id}@${founder.emailDomain}`,
    phone: founder.phone,
    password: E2E_PASSWORD,
  };
  const signUp = new SignUpPage(page);
  await signUp.goto();
  await signUp.fill(church);
  if (onFilled) await onFilled();
  await signUp.submit();
  const shell = new TenantShell(page);
  await shell.expectSignedIn(church.churchName);
  return { ...church, id, shell };
}

/**
 * The id of an account by its picker text ('1000 - Cash'), read from `url` (a picker list the
 * web app uses, answering `[{ id, text }]`) with the page's session. Fails when it is not offered.
 */
export async function accountIdByText(page: Page, url: string, text: string): Promise<string> {
  const res = await page.request.get(url);
  expect(res.ok(), await res.text()).toBe(true);
  const found = ((await res.json()) as { id: string; text: string }[]).find((a) => a.text === text);
  expect(found, `${text} is offered by ${url}`).toBeDefined();
  return found!.id;
}
