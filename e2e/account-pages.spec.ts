import { isMarketApiError, type MarketClient, unwrap } from '@marketkit/sdk';
import type { Page, Route } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { useStorefront } from './support/servers.ts';
import { signedInShopper } from './support/shopper-client.ts';
import { signInInBrowser } from './support/sign-in.ts';
import { expect, test } from './support/test.ts';

// Signed-in devices, store policies and FAQs, and the AI assistant (page and floating widget) in
// Chromium against the sandbox, with axe in a left-to-right (demo) and a right-to-left (souq) store.
const storefront = useStorefront();

// Every test starts from the seed: sessions of earlier tests would otherwise show as devices.
test.beforeEach(async () => {
  const response = await fetch(`${storefront.sandboxUrl()}/__sandbox/reset`, { method: 'POST' });
  expect(response.ok).toBe(true);
});

/** Whether an SDK client's session still works: its next call answers, or fails (its refresh refused). */
async function stillSignedIn(client: MarketClient) {
  try {
    await unwrap(client.GET('/ums/rest/v3/devices'));
    return true;
  } catch (error) {
    if (isMarketApiError(error)) return false;
    throw error;
  }
}

/** Changes one services answer on its way to the page (fetched from Node, which does not resolve *.localhost). */
function rewrite(page: Page, path: string, change: (body: { response_body: unknown }) => void) {
  return page.route(`**${path}*`, async (route: Route) => {
    const response = await route.fetch({
      url: route
        .request()
        .url()
        .replace(/:\/\/[a-z]+\.localhost/, '://127.0.0.1'),
    });
    const body = await response.json();
    change(body);
    await route.fulfill({ response, json: body });
  });
}

/** Fails the test on any alert (hostile text that ran). */
function noDialogs(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return dialogs;
}

test.describe('signed-in devices', () => {
  test('two devices, this one marked; signing the other out leaves one and ends its session', async ({
    page,
  }) => {
    const other = await signedInShopper(storefront.sandboxUrl(), 'demo');
    const origin = await signInInBrowser(page, storefront.origin('demo'));
    await page.goto(`${origin}/loginSessions`);
    await expect(page.getByRole('heading', { name: 'Signed-in devices', level: 1 })).toBeVisible();
    const devices = page.getByTestId('device');
    await expect(devices).toHaveCount(2);
    await expect(devices.first()).toContainText('This device');
    await expect(devices.nth(1)).not.toContainText('This device');
    // Only the other device can be signed out from here; this one uses the account menu.
    await expect(devices.first().getByRole('button', { name: /^Sign out/ })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    await devices
      .nth(1)
      .getByRole('button', { name: /^Sign out/ })
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(/was signed out$/)).toBeVisible();
    await expect(devices).toHaveCount(1);
    await expect(devices.first()).toContainText('This device');
    await expect(page.getByText('No other device is signed in.')).toBeVisible();

    // The other device's next call is refused and its refresh fails: its session is over.
    expect(await stillSignedIn(other)).toBe(false);
    expect(other.tokens.get()).toBeNull();
    // This one is still signed in, on the other path of the same screen too.
    await page.goto(`${origin}/activeSessions`);
    await expect(page.getByTestId('device')).toHaveCount(1);
  });

  test('"sign out all other devices" keeps this one and ends the others', async ({ page }) => {
    const first = await signedInShopper(storefront.sandboxUrl(), 'demo');
    const second = await signedInShopper(storefront.sandboxUrl(), 'demo');
    const origin = await signInInBrowser(page, storefront.origin('demo'));
    await page.goto(`${origin}/loginSessions`);
    await expect(page.getByTestId('device')).toHaveCount(3);

    await page.getByRole('button', { name: 'Sign out all other devices' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('2 other devices will be signed out');
    await dialog.getByRole('button', { name: 'Sign out all other devices' }).click();
    await expect(page.getByText('2 other sessions were signed out')).toBeVisible();
    await expect(page.getByTestId('device')).toHaveCount(1);
    expect(await stillSignedIn(first)).toBe(false);
    expect(await stillSignedIn(second)).toBe(false);
    await page.reload();
    await expect(page.getByTestId('device')).toHaveCount(1);
  });

  test('"sign out everywhere" ends this session too and starts again at home as a guest', async ({
    page,
  }) => {
    const other = await signedInShopper(storefront.sandboxUrl(), 'demo');
    const origin = await signInInBrowser(page, storefront.origin('demo'));
    await page.goto(`${origin}/loginSessions`);
    await expect(page.getByTestId('device')).toHaveCount(2);
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page).toHaveURL(`${origin}/`);
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    expect(await stillSignedIn(other)).toBe(false);
    await page.goto(`${origin}/loginSessions`);
    await expect(page).toHaveURL(/\/signin/);
  });

  test('a refused sign-out shows the server’s words and changes nothing', async ({ page }) => {
    const other = await signedInShopper(storefront.sandboxUrl(), 'demo');
    const origin = await signInInBrowser(page, storefront.origin('demo'));
    await page.goto(`${origin}/loginSessions`);
    await expect(page.getByTestId('device')).toHaveCount(2);
    await fetch(`${storefront.sandboxUrl()}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        method: 'DELETE',
        path: '/ums/rest/v3/devices/*',
        status: 503,
        message: 'Devices are busy',
        times: 1,
      }),
    });
    await page
      .getByTestId('device')
      .nth(1)
      .getByRole('button', { name: /^Sign out/ })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page.getByText('Devices are busy')).toBeVisible();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('device')).toHaveCount(2);
    expect(await stillSignedIn(other)).toBe(true);
  });

  test('right to left, in Arabic: no serious axe violations', async ({ page }) => {
    await signedInShopper(storefront.sandboxUrl(), 'souq');
    const origin = await signInInBrowser(page, storefront.origin('souq'), 'ar');
    await page.goto(`${origin}/loginSessions`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { name: 'الأجهزة المسجَّل دخولها', level: 1 })).toBeVisible();
    await expect(page.getByTestId('device')).toHaveCount(2);
    await expect(page.getByTestId('device').first()).toContainText('هذا الجهاز');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'تسجيل الخروج من كل الأجهزة الأخرى' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('store policies and FAQs', () => {
  test('the list, one policy, the FAQs as a disclosure list, and an unknown policy', async ({ page }) => {
    const origin = storefront.origin('demo');
    await page.goto(`${origin}/policies`);
    await expect(page.getByRole('heading', { name: 'Policies', level: 1 })).toBeVisible();
    await expect(page.getByTestId('policy')).toHaveCount(4);

    // The store's questions: closed until asked, then the answer shows under its question.
    const faqs = page.getByTestId('faq');
    await expect(faqs).toHaveCount(5);
    const first = faqs.first();
    await expect(first.getByText(/2 working days/)).toBeHidden();
    await first.getByText('How long does delivery take?').click();
    await expect(first.getByText(/2 working days/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page
      .getByRole('main')
      .getByRole('link', { name: /Returns and refunds/ })
      .click();
    await expect(page).toHaveURL(`${origin}/policies/returns`);
    await expect(page.getByRole('heading', { name: 'Returns and refunds', level: 1 })).toBeVisible();
    // The server's <h2> sits under the page's heading as an h3.
    await expect(page.getByRole('heading', { name: 'Refunds', level: 3 })).toBeVisible();
    await expect(page.getByText(/within 14 days of delivery/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`${origin}/policies/no-such-policy`);
    await expect(page.getByRole('heading', { name: 'Policy not found', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'All policies' }).click();
    await expect(page).toHaveURL(`${origin}/policies`);
    await expect(page.getByTestId('policy')).toHaveCount(4);
  });

  test('[H1][H2] hostile policy HTML renders inert: no script runs, no javascript: link', async ({
    page,
  }) => {
    // The seed's policies are clean, so the server's answer is made hostile on its way to the page.
    await rewrite(page, '/pbs/rest/v3/policies/returns', (body) => {
      (body.response_body as { content_html: string }).content_html = [
        '<h2>Returns</h2><script>window.__ran = "script"; alert("script")</script>',
        '<p>Safe text</p><img src="x" onerror="window.__ran = \'img\'; alert(\'img\')">',
        "<a href=\"javascript:window.__ran = 'link'; alert('link')\">Click here</a>",
        '<a href=" JaVaScRiPt:alert(\'spaced\')">Spaced link</a>',
        '<p onmouseover="window.__ran = \'hover\'">Hover me</p>',
        '<iframe src="javascript:alert(\'frame\')"></iframe><svg onload="alert(\'svg\')"></svg>',
        '<form action="javascript:alert(\'form\')"><button>Send</button></form>',
        '<a href="/policies/privacy">Our privacy policy</a>',
      ].join('');
    });
    const dialogs = noDialogs(page);
    const origin = storefront.origin('demo');
    await page.goto(`${origin}/policies/returns`);
    await expect(page.getByText('Safe text')).toBeVisible();

    const content = page.locator('[data-slot="rich-text"]');
    await expect(content.locator('script, img, iframe, svg, form, button, [onmouseover]')).toHaveCount(0);
    // The unsafe links are text only; the safe one stays a link.
    await expect(content.getByRole('link', { name: 'Click here' })).toHaveCount(0);
    await expect(content.getByRole('link', { name: 'Spaced link' })).toHaveCount(0);
    await content.getByText('Click here').click();
    await content.getByText('Hover me').hover();
    await expect(content.getByRole('link', { name: 'Our privacy policy' })).toHaveAttribute(
      'href',
      '/policies/privacy',
    );
    expect(await page.evaluate(() => (window as unknown as { __ran?: string }).__ran)).toBeUndefined();
    expect(dialogs).toEqual([]);
    await expect(page).toHaveURL(`${origin}/policies/returns`);
  });

  test('right to left, in Arabic: no serious axe violations', async ({ page }) => {
    const origin = storefront.origin('souq');
    await page.goto(`${origin}/policies`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { name: 'السياسات', level: 1 })).toBeVisible();
    await expect(page.getByTestId('faq')).not.toHaveCount(0);
    await page.getByTestId('faq').first().locator('summary').click();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('policy').first().getByRole('link').click();
    await expect(page.getByRole('link', { name: 'كل السياسات' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('the AI assistant', () => {
  test('the page asks, answers in order as text, keeps a refused question, and links products', async ({
    page,
  }) => {
    const dialogs = noDialogs(page);
    const origin = await signInInBrowser(page, storefront.origin('demo'));
    await page.goto(`${origin}/ask-ai`);
    await expect(page.getByRole('heading', { name: 'Ask Mika', level: 1 })).toBeVisible();
    // Not on its own page.
    await expect(page.getByTestId('ai-widget')).toHaveCount(0);
    const field = page.getByLabel('Your question for Mika');
    const send = page.getByRole('button', { name: 'Send' });

    await send.click();
    await expect(page.getByText('Type a question.')).toBeVisible();

    // The answer repeats the question: HTML in it stays text.
    await field.fill('<img src=x onerror=alert(1)> skillet');
    await send.click();
    const exchanges = page.getByTestId('ai-exchange');
    await expect(exchanges).toHaveCount(1);
    await expect(exchanges.first()).toContainText(
      'Here is what I found for “<img src=x onerror=alert(1)> skillet”',
    );
    await expect(field).toHaveValue('');

    // A refused question: the server's words, and the question is still there to send again.
    await fetch(`${storefront.sandboxUrl()}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        path: '/dm_ml/rest/v3/ask-ai',
        status: 503,
        message: 'Mika is resting',
        times: 1,
      }),
    });
    await field.fill('Do you have earbuds?');
    await send.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Mika is resting' })).toBeVisible();
    await expect(field).toHaveValue('Do you have earbuds?');
    await expect(exchanges).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);

    await send.click();
    await expect(exchanges).toHaveCount(2);
    await expect(exchanges.nth(0)).toContainText('skillet');
    await expect(exchanges.nth(1)).toContainText('Pulse Wireless Earbuds');
    await expect(page.getByText('Mika is resting')).toHaveCount(0);
    await expect(field).toHaveValue('');
    expect(await seriousViolations(page)).toEqual([]);

    await exchanges.first().getByRole('link', { name: 'Cast Iron Skillet' }).click();
    await expect(page).toHaveURL(/\/ProductDetails\?productId=\d+$/);
    await expect(page.getByRole('heading', { name: 'Cast Iron Skillet', level: 1 })).toBeVisible();
    expect(dialogs).toEqual([]);
  });

  test('the widget loads its chat on the first click, opens, closes with Escape and gives focus back', async ({
    page,
  }) => {
    const chatCode: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/chat/.test(request.url())) chatCode.push(request.url());
    });
    const origin = await signInInBrowser(page, storefront.origin('demo'));
    const widget = page.getByTestId('ai-widget');
    await expect(widget).toHaveText('Ask Mika');
    await expect(widget).toHaveAttribute('aria-expanded', 'false');
    expect(chatCode).toEqual([]);

    await widget.click();
    const panel = page.getByRole('dialog', { name: 'Ask Mika' });
    await expect(panel).toBeVisible();
    expect(chatCode).not.toEqual([]);
    await expect(widget).toHaveAttribute('aria-expanded', 'true');
    // Focus moved into the panel.
    expect(await panel.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await panel.getByLabel('Your question for Mika').fill('skillet');
    await panel.getByRole('button', { name: 'Send' }).click();
    await expect(panel.getByTestId('ai-exchange')).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);

    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(widget).toBeFocused();
    await expect(widget).toHaveAttribute('aria-expanded', 'false');

    // The conversation is still there on the next opening; a product link closes the panel.
    await widget.click();
    await expect(panel.getByTestId('ai-exchange')).toHaveCount(1);
    await panel.getByRole('link', { name: 'Cast Iron Skillet' }).click();
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL(/\/ProductDetails\?productId=\d+$/);

    // The assistant's own page (moved to within the app) shows the same conversation, and no widget.
    await page.evaluate(() => {
      history.pushState(null, '', '/ask-ai');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByRole('heading', { name: 'Ask Mika', level: 1 })).toBeVisible();
    await expect(page.getByTestId('ai-exchange')).toHaveCount(1);
    await expect(widget).toHaveCount(0);
    // It is kept in memory only: a new page load starts a new conversation.
    await page.goto(`${origin}/ask-ai`);
    await expect(page.getByText('Ask Mika what you are looking for', { exact: false })).toBeVisible();
    await expect(page.getByTestId('ai-exchange')).toHaveCount(0);
  });

  test('no widget for a guest; /ask-ai is not found where the store has the assistant off', async ({
    page,
  }) => {
    await page.goto(storefront.origin('demo'));
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByTestId('ai-widget')).toHaveCount(0);

    const origin = await signInInBrowser(page, storefront.origin('souq'), 'ar');
    await page.goto(`${origin}/ask-ai`);
    await expect(page.getByRole('heading', { name: 'الصفحة غير موجودة' })).toBeVisible();
    await expect(page.getByTestId('ai-widget')).toHaveCount(0);
  });

  test('right to left, in Arabic: the page and the open widget have no serious axe violations', async ({
    page,
  }) => {
    // souq has the assistant off (and its server refuses questions): its configuration is switched on
    // in the browser only, to check the chat's layout in Arabic, right to left.
    await rewrite(page, '/cfs/rest/v3/ai-configuration', (body) => {
      const [configuration] = (body.response_body as { ai_configuration: { ask_ai: boolean }[] })
        .ai_configuration;
      if (configuration) configuration.ask_ai = true;
    });
    const origin = await signInInBrowser(page, storefront.origin('souq'), 'ar');
    await page.goto(`${origin}/ask-ai`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { name: 'اسأل Noor', level: 1 })).toBeVisible();
    const field = page.getByLabel('سؤالك إلى Noor');
    await field.fill('مصباح');
    await page.getByRole('button', { name: 'إرسال' }).click();
    // The store's server refuses: its words show and the question stays.
    await expect(page.getByRole('alert').filter({ hasText: 'not enabled' })).toBeVisible();
    await expect(field).toHaveValue('مصباح');
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(origin);
    const widget = page.getByTestId('ai-widget');
    await widget.click();
    const panel = page.getByRole('dialog', { name: 'اسأل Noor' });
    await expect(panel).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(widget).toBeFocused();
  });
});
