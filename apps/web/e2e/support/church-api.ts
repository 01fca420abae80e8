import { expect, type APIRequest, type APIRequestContext } from '@playwright/test';

/*
 * The demo church's side of a journey, through the API its admin screens use: its administrator
 * (DEMO=auto), an API client signed in as them (not the visitor's browser), and how answers are
 * read. The one place e2e specs sign the demo administrator in through the API.
 */

/** The demo church's administrator (DEMO=auto). */
export const DEMO_CHURCH = { email: 'admin@grace.example', password: 'stewardship', churchName: 'Grace Chapel, Lagos' };

/** The header every write needs (DESIGN.md: the CSRF guard). */
export const CSRF = { 'x-steward-csrf': '1' };

/** An answer of an API request context. */
export type ApiResponse = Awaited<ReturnType<APIRequestContext['get']>>;

/** Expects `res` to be a success (2xx); the failure message is its URL and body. */
export async function expectOk(res: ApiResponse): Promise<void> {
  expect(res.ok(), `${res.url()}: ${await res.text()}`).toBe(true);
}

/** The JSON of an answer that must be a success (see {@link expectOk}). */
export async function json<T>(res: ApiResponse): Promise<T> {
  await expectOk(res);
  return (await res.json()) as T;
}

/** POSTs `data` as JSON (with the CSRF header) and answers the JSON of the success it must be. */
export async function postJson(request: APIRequestContext, url: string, data: unknown): Promise<unknown> {
  return json(await request.post(url, { data, headers: CSRF }));
}

/**
 * Signs `request` in as the demo church's administrator (POST /login with `userName`): an API
 * client of its own, or a page's `page.request`, whose cookies the browser page then shares.
 */
export async function signInDemoAdmin(request: APIRequestContext): Promise<void> {
  await expectOk(
    await request.post('/login', {
      data: { userName: DEMO_CHURCH.email, password: DEMO_CHURCH.password },
      headers: CSRF,
    }),
  );
}

/** An API client of its own (no one signed in) that sends the CSRF header on every call. */
export function apiClient(playwright: { request: APIRequest }, baseURL: string): Promise<APIRequestContext> {
  return playwright.request.newContext({ baseURL, extraHTTPHeaders: CSRF });
}

/** An API client signed in as the demo church's administrator (not the visitor's browser). */
export async function adminApi(playwright: { request: APIRequest }, baseURL: string): Promise<APIRequestContext> {
  const api = await apiClient(playwright, baseURL);
  await signInDemoAdmin(api);
  return api;
}
