import { type MarketClient, unwrap } from '@marketkit/sdk';
import type { Page } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { useStorefront } from './support/servers.ts';
import { ensureAddress, signedInShopper } from './support/shopper-client.ts';
import { signInInBrowser } from './support/sign-in.ts';
import { expect, test } from './support/test.ts';

// Order history and order details in Chromium against the sandbox: the list with its chips and filters,
// cancelling with a charge, a return after delivery, the invoice, ordering again, requests, and axe in
// a left-to-right and a right-to-left store.
const storefront = useStorefront();

const CABLE = 1009; // physical, cash on delivery, no cancellation charge
const AC_SERVICE = 1038; // service booked for a slot, cancellation charge 50
const WALL_ART = 1027; // request based
const COD = 1;

/** The seeded shopper in a store, with an address there; places orders the way the checkout does. */
async function shopper(store = 'demo') {
  const client = await signedInShopper(storefront.sandboxUrl(), store);
  const address = await ensureAddress(client);
  const firstFreeSlot = async (productId: number) => {
    const slots = await unwrap(
      client.GET('/sos/rest/v3/slots', { params: { query: { product_id: productId } } }),
    );
    return slots.data.find((slot) => slot.booked < slot.capacity)?.slot_id;
  };
  /** Places an order of these lines (through the cart when there are several) with these payment methods. */
  const order = async (
    lines: { product: number; quantity?: number; slot?: boolean }[],
    methods: number[],
  ) => {
    const items = [];
    for (const line of lines)
      items.push({
        product: line.product,
        cart_quantity: line.quantity ?? 1,
        ...(line.slot ? { slot_id: await firstFreeSlot(line.product) } : {}),
      });
    const [only] = items;
    let body:
      | { source: 'cart' }
      | { source: 'buy_now'; buy_now_item: { product_id: number; quantity: number; slot_id?: number } };
    if (items.length === 1 && only) {
      body = {
        source: 'buy_now',
        buy_now_item: {
          product_id: only.product,
          quantity: only.cart_quantity,
          ...(only.slot_id ? { slot_id: only.slot_id } : {}),
        },
      };
    } else {
      await unwrap(client.DELETE('/cfs/rest/v3/customer-cart'));
      await unwrap(client.POST('/cfs/rest/v3/customer-cart', { body: { customer_cart: items } }));
      body = { source: 'cart' };
    }
    const checkout = await unwrap(client.POST('/flow-management/rest/v3/checkout-journey', { body }));
    return unwrap(
      client.POST('/ofs/rest/v3/orders', {
        params: { header: { 'Idempotency-Key': `orders-e2e-${checkout.checkout_id}` } },
        body: {
          checkout_id: checkout.checkout_id,
          delivery_address_id: address.address_id,
          billing_address_id: address.address_id,
          payment_method_ids: methods,
        },
      }),
    );
  };
  return { client, order };
}

/** Moves an order as the store's back office does (the sandbox's control API). */
async function storeMoves(orderId: number, ...steps: Record<string, unknown>[]) {
  for (const step of steps) {
    const response = await fetch(`${storefront.sandboxUrl()}/__sandbox/orders/${orderId}/status`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(step),
    });
    expect(response.ok, await response.text()).toBe(true);
  }
}
const deliver = (orderId: number) =>
  storeMoves(orderId, { status: 'InProgress' }, { status: 'Fulfilled', delivered_days_ago: 1 });

const signIn = (page: Page, store = 'demo') =>
  signInInBrowser(page, storefront.origin(store), store === 'souq' ? 'ar' : 'en');

const card = (page: Page, orderNumber: string) =>
  page
    .getByTestId('order-card')
    .filter({ has: page.getByRole('link', { name: `Order ${orderNumber}`, exact: true }) });
const settled = (page: Page) => expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
const cartLines = async (client: MarketClient) =>
  (await unwrap(client.GET('/cfs/rest/v3/customer-cart', { params: { query: { page_number: -1 } } })))
    .Products;

test('the list shows chips and filters by status; an item is cancelled after seeing its charge', async ({
  page,
}) => {
  const { order } = await shopper();
  const placed = await order([{ product: CABLE }], [COD]);
  const mixed = await order([{ product: AC_SERVICE, slot: true }, { product: CABLE }], [COD]);
  const delivered = await order([{ product: CABLE, quantity: 2 }], [COD]);
  await deliver(delivered.order_id);

  const origin = await signIn(page);
  await page.goto(`${origin}/userprofile/myOrder`);
  await expect(page.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();
  await expect(card(page, placed.order_number).getByTestId('chip-order')).toHaveText('Order: Received');
  await expect(card(page, placed.order_number).getByTestId('chip-payment')).toHaveText(
    'Payment: Pay on delivery',
  );
  await expect(card(page, delivered.order_number).getByTestId('chip-order')).toHaveText('Order: Fulfilled');
  await expect(card(page, delivered.order_number).getByTestId('chip-payment')).toHaveText(
    'Payment: Completed',
  );
  await expect(card(page, mixed.order_number)).toContainText('and 1 more item');
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel('Order status').selectOption('Fulfilled');
  await expect(page).toHaveURL(/[?&]status=Fulfilled/);
  await expect(card(page, delivered.order_number)).toBeVisible();
  await expect(page.getByTestId('order-card').filter({ hasText: 'Order: Received' })).toHaveCount(0);
  await page.getByLabel('Order status').selectOption('');

  await card(page, mixed.order_number).getByRole('link').click();
  await expect(page).toHaveURL(`${origin}/userprofile/order?orderId=${mixed.order_id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${mixed.order_number}` })).toBeVisible();
  const service = page.getByTestId('order-item').filter({ hasText: 'Air Conditioner Servicing' });
  await expect(service.getByTestId('order-item-slot')).toContainText(
    /Booked for \w+ \d+, \d{4}, \d{1,2}:\d{2} [AP]M/,
  );
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);

  await service.getByRole('button', { name: 'Cancel Air Conditioner Servicing' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('cancellation-charge')).toHaveText('Cancellation charge: ZAR 50.00');
  await dialog.getByRole('button', { name: 'Cancel item' }).click();
  await expect(dialog.getByText('Tell us the reason.')).toBeVisible();
  await dialog.getByLabel('Why are you cancelling?').fill('Booked the wrong day');
  await dialog.getByRole('button', { name: 'Cancel item' }).click();
  await expect(dialog).toBeHidden();
  await expect(service.getByTestId('chip-order')).toHaveText('Status: Cancelled');
  // The other item is still on its way, and the history tells what happened.
  await expect(
    page.getByTestId('order-item').filter({ hasText: 'Braided USB-C Cable' }).getByTestId('chip-order'),
  ).toHaveText('Status: Received');
  await expect(page.getByTestId('order-history')).toContainText('Booked the wrong day');
});

test('an order made free by a coupon offers nothing back when cancelled, and gives nothing back', async ({
  page,
}) => {
  const { client } = await shopper();
  const address = await ensureAddress(client);
  const checkout = await unwrap(
    client.POST('/flow-management/rest/v3/checkout-journey', {
      body: { source: 'buy_now', buy_now_item: { product_id: CABLE, quantity: 1 } },
    }),
  );
  await unwrap(
    client.PUT('/flow-management/rest/v3/checkout-journey/{checkoutId}', {
      params: { path: { checkoutId: checkout.checkout_id } },
      body: { coupon_code: 'FREEORDER' },
    }),
  );
  const free = await unwrap(
    client.POST('/ofs/rest/v3/orders', {
      body: {
        checkout_id: checkout.checkout_id,
        delivery_address_id: address.address_id,
        billing_address_id: address.address_id,
        payment_method_ids: [],
        coupon_code: 'FREEORDER',
      },
    }),
  );
  expect(free).toMatchObject({ total: 0, payment_status: 'Completed' });

  const origin = await signIn(page);
  await page.goto(`${origin}/userprofile/order?orderId=${free.order_id}`);
  await page.getByRole('button', { name: 'Cancel Braided USB-C Cable' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('You will get back ZAR 0.00.')).toBeVisible();
  await expect(dialog).not.toContainText('ZAR 199.00');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await expect(dialog.getByText('You will get back ZAR 0.00.')).toBeVisible();
  await dialog.getByLabel('Why are you cancelling?').fill('Ordered by mistake');
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.locator('[data-slot="toast"]')).toHaveText(/The order was cancelled/);
  await expect(dialog).toBeHidden();
});

test('a delivered order: return an item, download the invoice, order it again', async ({ page }) => {
  const { client, order } = await shopper();
  const delivered = await order([{ product: CABLE, quantity: 2 }], [COD]);
  await deliver(delivered.order_id);
  await unwrap(client.DELETE('/cfs/rest/v3/customer-cart'));

  const origin = await signIn(page);
  await page.goto(`${origin}/userprofile/order?orderId=${delivered.order_id}`);
  const item = page.getByTestId('order-item');
  await expect(item.getByTestId('chip-order')).toHaveText('Status: Fulfilled');
  await expect(item).toContainText(/Return or replace by \w+ \d+, \d{4}/);

  await item.getByRole('button', { name: 'Return Braided USB-C Cable' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('How many (1 to 2)').fill('3');
  await dialog.getByLabel('Why are you returning it?').fill('Too short');
  await dialog.getByRole('button', { name: 'Request return' }).click();
  await expect(dialog.getByText('Enter a number from 1 to 2.')).toBeVisible();
  await dialog.getByLabel('How many (1 to 2)').fill('1');
  await dialog.getByRole('button', { name: 'Request return' }).click();
  await expect(dialog).toBeHidden();
  await expect(item.getByTestId('chip-order')).toHaveText('Status: Return');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download invoice' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`invoice-${delivered.order_number}.pdf`);

  await page.getByRole('button', { name: 'Order again' }).click();
  await expect(page.getByText('1 product was added to your cart.')).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  expect((await cartLines(client)).map((line) => [line.product, line.cart_quantity])).toEqual([[CABLE, 2]]);
  await page.getByRole('link', { name: 'Go to cart' }).click();
  await expect(page).toHaveURL(`${origin}/cart`);
});

test('the requests tab lists request orders; a bad order id goes back to the list', async ({ page }) => {
  const { order } = await shopper();
  const request = await order([{ product: WALL_ART }], []);
  const origin = await signIn(page);
  await page.goto(`${origin}/userprofile/order?orderId=abc`);
  await expect(page).toHaveURL(`${origin}/userprofile/myOrder`);
  await page
    .getByRole('navigation', { name: 'Order history' })
    .getByRole('link', { name: 'Requests' })
    .click();
  await expect(page).toHaveURL(`${origin}/userprofile/myOrder?view=requests`);
  await expect(card(page, request.order_number).getByTestId('chip-request')).toHaveText('Request: Open');
  await expect(page.getByLabel('Request status')).toBeVisible();
  await expect(page.getByLabel('Payment status')).toHaveCount(0);
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
});

test('right to left: the list and an order in Arabic pass axe', async ({ page }) => {
  const { order } = await shopper('souq');
  const placed = await order([{ product: 2001 }], [COD]);
  const origin = await signIn(page, 'souq');
  await page.goto(`${origin}/userprofile/myOrder`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'طلباتي' })).toBeVisible();
  await expect(page.getByTestId('order-card').first()).toBeVisible();
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto(`${origin}/userprofile/order?orderId=${placed.order_id}`);
  await expect(page.getByRole('heading', { level: 1, name: `الطلب ${placed.order_number}` })).toBeVisible();
  await expect(page.getByTestId('order-item')).toHaveCount(1);
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
  // No sideways scrolling on a phone.
  await page.setViewportSize({ width: 320, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
