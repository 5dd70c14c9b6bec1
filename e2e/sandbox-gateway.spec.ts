import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type SandboxServer, startSandboxServer } from '@marketkit/sandbox/node';
import type { Page } from '@playwright/test';
import { orderAwaitingPayment } from './support/sandbox-orders.ts';
import { expect, test } from './support/test.ts';

// The sandbox's payment pages in a real browser: the signed form POST, the shopper's choice, and the
// way back to the storefront's return URL (another origin, so the pages' CSP must allow it).
let sandbox: SandboxServer;
let storefront: Server;
let storefrontOrigin = '';

test.beforeAll(async () => {
  sandbox = await startSandboxServer({ port: 0, log: () => {} });
  // Stands in for the storefront: a blank page to post from and the return pages.
  storefront = createServer((request, response) => {
    response
      .writeHead(200, { 'Content-Type': 'text/html' })
      .end(
        `<!doctype html><title>storefront</title><p id="path">${new URL(request.url ?? '/', 'http://x').pathname}</p>`,
      );
  });
  await new Promise<void>((resolve) => storefront.listen(0, '127.0.0.1', resolve));
  storefrontOrigin = `http://127.0.0.1:${(storefront.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await sandbox.close();
  await new Promise((resolve) => storefront.close(resolve));
});

/** Posts the gateway form the way the storefront does: built with DOM APIs, submitted once. */
async function postGatewayForm(page: Page, form: Record<string, string | number>) {
  await page.goto(`${storefrontOrigin}/checkout`);
  await page.evaluate((fields) => {
    const element = document.createElement('form');
    element.method = 'POST';
    element.action = String(fields.payment_gateway_url);
    for (const [name, value] of Object.entries(fields)) {
      if (name === 'payment_gateway_url') continue;
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = String(value);
      element.append(input);
    }
    document.body.append(element);
    element.submit();
  }, form);
}

test('a card payment: signed form, pay on the gateway page, back to the return URL, order paid', async ({
  page,
}) => {
  const order = await orderAwaitingPayment(sandbox.url, {
    paymentMethodId: 2,
    productId: 1005,
    returnUrl: `${storefrontOrigin}/amazonPayment`,
  });
  const form = order.gatewayForm;
  await postGatewayForm(page, form);
  await expect(page.getByRole('heading', { name: 'Pay Marketkit Demo Store' })).toBeVisible();
  expect((await order.status()).message).not.toBe('Amount paid for that order');
  await page.getByRole('button', { name: 'Pay now' }).click();
  await page.waitForURL(`${storefrontOrigin}/amazonPayment?**`);
  const back = new URL(page.url());
  expect(back.searchParams.get('status')).toBe('14');
  expect(back.searchParams.get('order_id')).toBe(String(order.orderId));
  expect((await order.status()).message).toBe('Amount paid for that order');
});

test('a tampered card form is refused and nothing is paid', async ({ page }) => {
  const order = await orderAwaitingPayment(sandbox.url, {
    paymentMethodId: 2,
    productId: 1006,
    returnUrl: `${storefrontOrigin}/amazonPayment`,
  });
  const form = order.gatewayForm;
  await postGatewayForm(page, { ...form, amount: 100 });
  await expect(page.getByRole('heading', { name: 'Signature mismatch' })).toBeVisible();
  expect((await order.status()).message).not.toBe('Amount paid for that order');
});

test('a declined card payment returns with a failure and the order stays unpaid', async ({ page }) => {
  const order = await orderAwaitingPayment(sandbox.url, {
    paymentMethodId: 2,
    productId: 1007,
    returnUrl: `${storefrontOrigin}/amazonPayment`,
  });
  await postGatewayForm(page, order.gatewayForm);
  await page.getByRole('button', { name: 'Decline payment' }).click();
  await page.waitForURL(`${storefrontOrigin}/amazonPayment?**`);
  expect(new URL(page.url()).searchParams.get('status')).toBe('13');
  expect((await order.status()).message).not.toBe('Amount paid for that order');
});

test('the second provider: hosted page, pay, back to the return URL', async ({ page }) => {
  const order = await orderAwaitingPayment(sandbox.url, {
    paymentMethodId: 3,
    productId: 1048,
    returnUrl: `${storefrontOrigin}/cashfree`,
  });
  await page.goto(order.checkoutUrl);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await page.waitForURL(`${storefrontOrigin}/cashfree?**`);
  expect(new URL(page.url()).searchParams.get('payment_status')).toBe('PAID');
  expect((await order.status()).message).toBe('Amount paid for that order');
});
