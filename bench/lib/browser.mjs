// A Chromium driven with Puppeteer (the one Lighthouse itself uses) for the interaction parts: INP,
// request counts and the guest-cart merge. Helpers find controls by their visible text or label, the
// way a shopper does, and click with real (CDP) input events.
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';

/** Lighthouse's mobile screen (Moto G Power). */
export const MOBILE_VIEWPORT = { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true };
const TIMEOUT_MS = 30_000;

export function launchBrowser() {
  return puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    protocolTimeout: 120_000,
  });
}

/** A page in a fresh browser context: no cache, no cookies, no storage (a first visit). */
export async function freshPage(browser) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT_MS);
  await page.setViewport(MOBILE_VIEWPORT);
  page.on('dialog', (dialog) => void dialog.dismiss());
  return { context, page };
}

/** Waits until no request has been in flight for `idleTime` ms (the idle-time chunks included). */
export const settle = (page, idleTime = 800) => page.waitForNetworkIdle({ idleTime, timeout: TIMEOUT_MS });

/** The enabled button (or link) whose visible text is exactly `text`, once it exists. */
export async function control(page, text, { role = 'button', within = 'body' } = {}) {
  const handle = await page.waitForFunction(
    (label, tag, scope) => {
      const root = document.querySelector(scope);
      const candidates = root ? [...root.querySelectorAll(tag === 'link' ? 'a[href]' : 'button')] : [];
      return (
        candidates.find(
          (element) => element.textContent?.trim() === label && !element.disabled && element.isConnected,
        ) ?? null
      );
    },
    { timeout: TIMEOUT_MS, polling: 50 },
    text,
    role,
    within,
  );
  return handle.asElement();
}

/** Types into the field labelled `label` (a `<label>` with that text). */
export async function fill(page, label, value) {
  const field = await page.waitForFunction(
    (text) =>
      [...document.querySelectorAll('label')].find((element) => element.textContent?.trim() === text)
        ?.control ?? null,
    { timeout: TIMEOUT_MS, polling: 50 },
    label,
  );
  const element = field.asElement();
  await element.click({ count: 3 });
  await element.type(value);
}

/**
 * Opens `url` and waits until the app has hydrated the server's page (the root sets
 * `<html data-hydrated>`): before that a click or a typed value reaches the server's HTML, not the app.
 */
export async function open(page, url) {
  await page.goto(url);
  await page.waitForSelector('html[data-hydrated]', { timeout: TIMEOUT_MS });
}

/** Waits until the page's path (and query) is `path`. */
export const atPath = (page, path) =>
  page.waitForFunction(
    (expected) => location.pathname + location.search === expected,
    { timeout: TIMEOUT_MS },
    path,
  );

/** Opens a product page and adds it to the guest cart with its "Add to cart" button. */
export async function addToCartInBrowser(page, origin, productId) {
  await open(page, `${origin}/ProductDetails?productId=${productId}`);
  await (await control(page, 'Add to cart')).click();
  await control(page, 'Go to cart', { role: 'link' });
}

/** The seeded demo shopper signs in on /signin. */
export const SHOPPER = { username: 'shopper@example.com', password: 'Password123' };

/** Fills the sign-in form; returns a function that submits it (so a caller can count from the submit). */
export async function prepareSignIn(page, origin) {
  await open(page, `${origin}/signin`);
  await fill(page, 'E-mail or phone number', SHOPPER.username);
  await fill(page, 'Password', SHOPPER.password);
  // The sign-in form (the one with the password): the page has other forms before it.
  const submit = await control(page, 'Sign in', { within: 'form:has(input[type=password])' });
  return () => submit.click();
}
