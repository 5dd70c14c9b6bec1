import { expect, type Page } from '@playwright/test';
import { realCookieNames } from '../../apps/storefront/server/session-tokens.ts';
import { pageAtRest, watchApiCalls } from './api-calls.ts';

/** The sign-in form's texts in the seeded stores' languages. */
const SIGN_IN_TEXT = {
  en: { username: 'E-mail or phone number', password: 'Password', submit: 'Sign in' },
  ar: { username: 'البريد الإلكتروني أو رقم الهاتف', password: 'كلمة المرور', submit: 'تسجيل الدخول' },
} as const;

/** Signs the seeded shopper in through the storefront's sign-in page and waits for the home page. */
export async function signInInBrowser(
  page: Page,
  origin: string,
  language: keyof typeof SIGN_IN_TEXT = 'en',
) {
  const text = SIGN_IN_TEXT[language];
  await page.goto(`${origin}/signin`);
  await page.getByLabel(text.username).fill('shopper@example.com');
  await page.getByLabel(text.password).fill('Password123');
  await page.locator('form').getByRole('button', { name: text.submit, exact: true }).click();
  await expect(page).toHaveURL(`${origin}/`);
  return origin;
}

/**
 * Signs in as `signInInBrowser` does, then waits until the home page is at rest (`pageAtRest`): for tests
 * that change the tokens behind the page's back next. Returns the origin and the watch of the page's calls.
 */
export async function signInAtRest(page: Page, origin: string) {
  const calls = watchApiCalls(page);
  await signInInBrowser(page, origin);
  await pageAtRest(page, calls);
  return { origin, calls };
}

/** The code the sandbox last sent to `destination` (an e-mail address, or a phone with its extension). */
export async function sentCode(sandboxUrl: string, destination: string): Promise<string> {
  const answer = await fetch(`${sandboxUrl}/__sandbox/otp?destination=${encodeURIComponent(destination)}`);
  expect(answer.ok, `a code sent to ${destination}`).toBe(true);
  return ((await answer.json()) as { otp: string }).otp;
}

/** The HttpOnly cookies the server-rendered storefront keeps the session's real tokens in (plain http here). */
const REAL = realCookieNames(false);
const REAL_TOKEN_COOKIES: readonly string[] = Object.values(REAL);

/** The access token's cookies lapse, as their lifetime ends: the page's copy and the real one. */
export async function lapseAccessCookies(page: Page) {
  await page.context().clearCookies({ name: 'access_token' });
  await page.context().clearCookies({ name: REAL.access });
}

/**
 * A signed-in page's scripts hold no token the services host accepts: `document.cookie` has copies it
 * refuses (the page still reads their claims), the real tokens are in HttpOnly cookies, and the real
 * access token is the one it takes.
 */
export async function expectTokensOutOfReach(page: Page, sandboxUrl: string) {
  const cookies = await page.context().cookies();
  for (const name of REAL_TOKEN_COOKIES)
    expect(cookies.find((cookie) => cookie.name === name)?.httpOnly, name).toBe(true);
  const visible = await page.evaluate(() => document.cookie);
  const profile = async (token: string) =>
    (await fetch(`${sandboxUrl}/ums/rest/v3/profile`, { headers: { authorization: `Bearer ${token}` } }))
      .status;
  const pageCookies = new Map(
    visible
      .split('; ')
      .map((pair) => [
        pair.slice(0, pair.indexOf('=')),
        decodeURIComponent(pair.slice(pair.indexOf('=') + 1)),
      ]),
  );
  for (const name of ['access_token', 'refresh_token', 'id_token']) {
    const value = pageCookies.get(name);
    expect(value, name).toBeTruthy();
    expect(await profile(value ?? ''), name).toBe(401);
  }
  for (const cookie of cookies.filter((c) => REAL_TOKEN_COOKIES.includes(c.name)))
    expect(visible).not.toContain(cookie.value);
  const realAccess = cookies.find((cookie) => cookie.name === REAL.access)?.value ?? '';
  expect(await profile(decodeURIComponent(realAccess))).toBe(200);
}
