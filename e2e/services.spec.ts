import { stat } from 'node:fs/promises';
import { type MarketClient, type Schema, unwrap } from '@marketkit/sdk';
import type { Page } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { useStorefront } from './support/servers.ts';
import { ensureAddress, placeBuyNowOrder, signedInShopper } from './support/shopper-client.ts';
import { signInInBrowser } from './support/sign-in.ts';
import { expect, test } from './support/test.ts';

// Trainings, bookings and downloads in the browser. Scenes are set through the SDK as the seeded
// shopper; the browser signs in as that shopper and uses the screens.
const storefront = useStorefront();
// Session times are instants shown in the browser's zone: pin it so the expected texts are fixed.
test.use({ timezoneId: 'UTC' });

const COD = 1;
const CARD = 2;
const DEMO = {
  yoga: 1040,
  photographyMasterclass: 1046, // packaged service, online training, online payment only
  baristaCourse: 1047, // service with a classroom training, booked by slot
  homeChefEbook: 1048, // digital, online payment only
};
type Store = 'demo' | 'souq';

/** `June 15, 2024` and `9:00 AM`, as the storefront writes dates and times. */
const dateText = (iso: string) =>
  new Intl.DateTimeFormat('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(iso));
const timeText = (hhmm: string) => {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
};

const formBody = (fields: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(fields).map(([name, value]) => [name, String(value)]));

/** The signed-in shopper of a store with an address: places buy-now orders and pays them. */
async function shopperScene(store: Store) {
  const host = storefront.sandboxUrl();
  const client: MarketClient = await signedInShopper(host, store);
  const address = await ensureAddress(client);
  const freeSlots = async (productId: number) =>
    (
      await unwrap(client.GET('/sos/rest/v3/slots', { params: { query: { product_id: productId } } }))
    ).data.filter((slot) => slot.booked < slot.capacity);
  const order = async (productId: number, paymentMethodId: number, slotId?: number) => {
    const detail = await placeBuyNowOrder(client, {
      productId,
      addressId: address.address_id,
      paymentMethodId,
      ...(slotId ? { slotId } : {}),
    });
    return { orderId: detail.order_id, orderItemId: detail.items[0]?.order_item_id as number };
  };
  /** Pays on the sandbox's card gateway page, as a shopper's browser would. */
  const payByCard = async (orderId: number) => {
    const config = await unwrap(
      client.POST('/ofs/rest/v3/payment-config', {
        body: {
          order_id: orderId,
          payment_method_id: CARD,
          return_url: `${storefront.origin(store)}/amazonPayment`,
        },
      }),
    );
    const { payment_gateway_url: url, ...fields } = (
      'gateway_form' in config ? config.gateway_form : {}
    ) as Record<string, string | number>;
    const page = await (await fetch(String(url), { method: 'POST', body: formBody(fields) })).text();
    const hidden = Object.fromEntries(
      [...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]),
    ) as Record<string, string>;
    const done = await fetch(`${host}/__gateway/card/complete`, {
      method: 'POST',
      redirect: 'manual',
      body: formBody({ ...hidden, outcome: 'paid' }),
    });
    expect(new URL(done.headers.get('location') ?? '').searchParams.get('status')).toBe('14');
  };
  const booking = async (orderId: number) => {
    const list = await unwrap(
      client.GET('/sos/rest/v3/manage-bookings', { params: { query: { page_limit: 100 } } }),
    );
    const found = list.data.find((b) => b.order_id === orderId);
    if (!found) throw new Error(`no booking for order ${orderId}`);
    return found;
  };
  /** The store's back office moves an order (the sandbox's control API). */
  const storeMoves = async (orderId: number, status: string) => {
    const response = await fetch(`${host}/__sandbox/orders/${orderId}/status`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ status }),
    });
    expect(response.ok).toBe(true);
  };
  const products = async () =>
    (
      await unwrap(
        client.GET('/pbs/rest/v3/products', {
          params: { query: { page_number: -1, 'language-code': store === 'souq' ? 'ar' : 'en' } },
        }),
      )
    ).data;
  return { client, freeSlots, order, payByCard, booking, storeMoves, products };
}

const signIn = (page: Page, store: Store) =>
  signInInBrowser(page, storefront.origin(store), store === 'souq' ? 'ar' : 'en');

/** Opens the orders page's Bookings or Downloads tab (the tab links, whatever the language). */
async function openTab(page: Page, store: Store, view: 'bookings' | 'downloads') {
  await page.goto(`${storefront.origin(store)}/userprofile/myOrder`);
  await page.locator(`nav a[href$="view=${view}"]`).click();
  await expect(page).toHaveURL(`${storefront.origin(store)}/userprofile/myOrder?view=${view}`);
}

test('a classroom training: details, sessions in order, progress, and a way back to the order', async ({
  page,
}) => {
  const scene = await shopperScene('demo');
  const [slot] = await scene.freeSlots(DEMO.baristaCourse);
  if (!slot) throw new Error('the course has no free slot');
  const { orderId, orderItemId } = await scene.order(DEMO.baristaCourse, COD, slot.slot_id);
  await signIn(page, 'demo');
  const origin = storefront.origin('demo');
  await page.goto(`${origin}/trainingOverview/${orderItemId}/${orderId}`);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Barista Training Course');
  await expect(page.getByText('To be assigned')).toBeVisible();
  await expect(page.getByText('Classroom')).toBeVisible();
  const progress = page.getByRole('progressbar', { name: 'Progress' });
  await expect(progress).toHaveAttribute('aria-valuenow', '0');
  await expect(page.getByText('0% complete')).toBeVisible();

  const sessions = page.getByTestId('training-session');
  await expect(sessions).toHaveCount(4);
  await expect(sessions.getByRole('heading', { level: 3 })).toHaveText([
    'Espresso',
    'Milk texturing',
    'Latte art',
    'Brew methods',
  ]);
  const first = sessions.first();
  await expect(first).toContainText(dateText(`${slot.slot_date}T12:00:00Z`));
  await expect(first).toContainText(timeText(slot.start_time));
  await expect(first).toContainText('3 hr');
  await expect(first).toContainText('Marketkit Academy, Johannesburg');
  await expect(first.getByTestId('session-status')).toHaveText('Status: Scheduled');
  // A classroom session has no join link.
  await expect(page.getByRole('link', { name: /Join session/ })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Back to the order' }).click();
  await expect(page).toHaveURL(`${origin}/userprofile/order?orderId=${orderId}`);
});

test('an online training shows join links that stay on the storefront', async ({ page }) => {
  const scene = await shopperScene('demo');
  const { orderId, orderItemId } = await scene.order(DEMO.photographyMasterclass, CARD);
  await signIn(page, 'demo');
  await page.goto(`${storefront.origin('demo')}/trainingOverview/${orderItemId}/${orderId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Photography Masterclass');
  await expect(page.getByText('Naledi Khumalo')).toBeVisible();
  await expect(page.getByText('Online', { exact: true })).toBeVisible();
  await expect(page.getByTestId('training-session')).toHaveCount(6);
  const joins = page.getByRole('link', { name: /^Join session/ });
  await expect(joins).toHaveCount(6);
  await expect(joins.first()).toHaveAccessibleName(/^Join session\s*: Camera basics$/);
  await expect(joins.first()).toHaveAttribute(
    'href',
    `/trainingOverview/${orderItemId}/${orderId}#session-1`,
  );
  await expect(joins.first()).not.toHaveAttribute('target', '_blank');
});

test('a training that is not the shopper’s, or a malformed address, shows "not found" with a way to the orders', async ({
  page,
}) => {
  const scene = await shopperScene('demo');
  const { orderId, orderItemId } = await scene.order(DEMO.baristaCourse, COD);
  await signIn(page, 'demo');
  const origin = storefront.origin('demo');
  for (const path of [
    `${orderItemId + 999}/${orderId}`,
    `${orderItemId}/${orderId + 999}`,
    'abc/12',
    '0/12',
  ]) {
    await page.goto(`${origin}/trainingOverview/${path}`);
    await expect(page.getByRole('heading', { name: 'We could not find this training' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Training overview');
  }
  await page.getByRole('link', { name: 'Go to my orders' }).click();
  await expect(page).toHaveURL(`${origin}/userprofile/myOrder`);
});

test('bookings: reschedule to a free slot, cancel, and the server’s refusal as a message', async ({
  page,
}) => {
  const scene = await shopperScene('demo');
  const [held, next] = await scene.freeSlots(DEMO.yoga);
  if (!held || !next) throw new Error('yoga needs two free slots');
  const { orderId } = await scene.order(DEMO.yoga, COD, held.slot_id);
  const refused = await scene.order(DEMO.yoga, COD, next.slot_id);
  await signIn(page, 'demo');
  await openTab(page, 'demo', 'bookings');

  await expect(page.getByRole('heading', { name: 'My bookings' })).toBeVisible();
  const booking = await scene.booking(orderId);
  const row = page
    .getByTestId('booking')
    .filter({ has: page.locator(`a[href="/userprofile/order?orderId=${orderId}"]`) });
  await expect(row).toContainText('Yoga Session (1 hour)');
  await expect(row.getByTestId('booking-slot')).toHaveText(
    `${dateText(`${held.slot_date}T12:00:00Z`)}, ${timeText(held.start_time)}–${timeText(held.end_time)}`,
  );
  await expect(row.getByTestId('booking-status')).toHaveText('Status: Booked');
  expect(await seriousViolations(page)).toEqual([]);

  // Reschedule: the held slot is not offered; a free one is chosen.
  await row.getByRole('button', { name: /^Reschedule\s*: Yoga Session \(1 hour\)$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose a new slot' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator(`input[value="${held.slot_id}"]`)).toHaveCount(0);
  const choice = dialog.locator('input[type="radio"]:not([disabled])').first();
  await expect(choice).toBeVisible();
  const chosenId = Number(await choice.getAttribute('value'));
  expect(await seriousViolations(page)).toEqual([]);
  await choice.check();
  await dialog.getByRole('button', { name: 'Move booking' }).click();
  await expect(
    page.locator('[data-slot="toast"]').filter({ hasText: 'Your booking was moved' }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('booking-status')).toHaveText('Status: Rescheduled');
  expect((await scene.booking(orderId)).slot.slot_id).toBe(chosenId);
  expect(chosenId).not.toBe(booking.slot.slot_id);

  // Cancel, after a confirmation.
  await row.getByRole('button', { name: /^Cancel booking\s*: Yoga Session \(1 hour\)$/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel this booking?' });
  await expect(confirm).toContainText('Yoga Session (1 hour)');
  await confirm.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(
    page.locator('[data-slot="toast"]').filter({ hasText: 'Your booking was cancelled' }),
  ).toBeVisible();
  await expect(row.getByTestId('booking-status')).toHaveText('Status: Cancelled');
  await expect(row.getByRole('button')).toHaveCount(0);
  expect((await scene.booking(orderId)).status).toBe('cancelled');

  // The other booking is cancelled elsewhere while its dialog is open: the server's reason shows.
  const other = page
    .getByTestId('booking')
    .filter({ has: page.locator(`a[href="/userprofile/order?orderId=${refused.orderId}"]`) });
  await other.getByRole('button', { name: /^Cancel booking/ }).click();
  const stale = (await scene.booking(refused.orderId)).booking_id;
  await unwrap(
    scene.client.DELETE('/sos/rest/v3/manage-bookings/{bookingId}', {
      params: { path: { bookingId: stale } },
    }),
  );
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(
    page.locator('[data-slot="toast"]').filter({ hasText: 'This booking can no longer be cancelled' }),
  ).toBeVisible();
});

test('downloads: a paid digital product downloads as a file; a refused one explains why', async ({
  page,
}) => {
  const scene = await shopperScene('demo');
  const paid = await scene.order(DEMO.homeChefEbook, CARD);
  const unpaid = await scene.order(DEMO.homeChefEbook, CARD);
  await scene.payByCard(paid.orderId);
  const later = await scene.order(DEMO.homeChefEbook, CARD);
  await scene.payByCard(later.orderId);
  await signIn(page, 'demo');
  await openTab(page, 'demo', 'downloads');

  await expect(page.getByRole('heading', { name: 'My downloads' })).toBeVisible();
  const rows = page.getByTestId('digital-product');
  const rowOf = (orderId: number) =>
    rows.filter({ has: page.locator(`a[href="/userprofile/order?orderId=${orderId}"]`) });
  // Only paid orders are listed.
  await expect(rows).toHaveCount(2);
  await expect(rowOf(unpaid.orderId)).toHaveCount(0);
  const row = rowOf(paid.orderId);
  await expect(row).toContainText('The Home Chef E-book');
  await expect(row).toContainText('PDF · 12.40 MB');
  await expect(row.getByTestId('downloads-left')).toHaveText('5 downloads left');
  expect(await seriousViolations(page)).toEqual([]);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: /^Download\s*: The Home Chef E-book$/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('the-home-chef-e-book.pdf');
  expect(await download.failure()).toBeNull();
  expect((await stat(await download.path())).size).toBe(Math.round(12.4 * 1048576));
  await expect(row.getByTestId('downloads-left')).toHaveText('4 downloads left');

  // The store cancels the other order after the list was loaded: the server refuses, the toast says why.
  await scene.storeMoves(later.orderId, 'Cancelled');
  await rowOf(later.orderId)
    .getByRole('button', { name: /^Download/ })
    .click();
  await expect(
    page
      .locator('[data-slot="toast"]')
      .filter({ hasText: 'The download is available once the order is paid' }),
  ).toBeVisible();
});

test('right to left (souq, Arabic): training, bookings and downloads have no serious axe violations', async ({
  page,
}) => {
  const scene = await shopperScene('souq');
  const products = await scene.products();
  const course = products.find((p) => p.product_type_name === 'Packaged Service Product');
  const service = products.find((p) => p.product_type_name === 'Service Product');
  const ebook = products.find((p) => p.product_type_name === 'Digital Product');
  if (!course || !service || !ebook) throw new Error('souq lacks a course, a service or an e-book');
  const training = await scene.order(course.product_id, COD);
  const [slot] = await scene.freeSlots(service.product_id);
  const booked = await scene.order(service.product_id, COD, (slot as Schema<'Slot'>).slot_id);
  const digital = await scene.order(ebook.product_id, CARD);
  await scene.payByCard(digital.orderId);
  // Order lines keep the name the product had when it was bought: read them as the screens do.
  const overview = await unwrap(
    scene.client.GET('/sos/rest/v3/trainings/{orderItemId}', {
      params: { path: { orderItemId: training.orderItemId }, query: { order_id: training.orderId } },
    }),
  );
  const booking = await scene.booking(booked.orderId);

  await signIn(page, 'souq');
  await page.goto(
    `${storefront.origin('souq')}/trainingOverview/${training.orderItemId}/${training.orderId}`,
  );
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(overview.product_name);
  await expect(page.getByText('Yousef Al-Amiri')).toBeVisible();
  await expect(page.getByText('حضوري')).toBeVisible();
  await expect(page.getByTestId('training-session')).toHaveCount(4);
  await expect(page.getByRole('progressbar', { name: 'التقدم' })).toHaveAttribute('aria-valuenow', '0');
  expect(await seriousViolations(page)).toEqual([]);

  await openTab(page, 'souq', 'bookings');
  await expect(page.getByRole('heading', { name: 'حجوزاتي' })).toBeVisible();
  const row = page
    .getByTestId('booking')
    .filter({ has: page.locator(`a[href="/userprofile/order?orderId=${booked.orderId}"]`) });
  await expect(row).toContainText(booking.product_name);
  await expect(row.getByTestId('booking-status')).toHaveText('الحالة: محجوز');
  expect(await seriousViolations(page)).toEqual([]);
  await row.getByRole('button', { name: /^إعادة الجدولة/ }).click();
  const dialog = page.getByRole('dialog', { name: 'اختر موعدًا جديدًا' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('input[type="radio"]').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // Focus goes back to the button that opened the dialog.
  await expect(row.getByRole('button', { name: /^إعادة الجدولة/ })).toBeFocused();

  await openTab(page, 'souq', 'downloads');
  await expect(page.getByRole('heading', { name: 'تنزيلاتي' })).toBeVisible();
  await expect(page.getByTestId('digital-product')).toHaveCount(1);
  await expect(page.getByTestId('downloads-left')).toHaveText('تبقّت 5 تنزيلات');
  expect(await seriousViolations(page)).toEqual([]);
  // No horizontal scroll on a small phone.
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});
