import { expect, type Page } from '@playwright/test';
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
