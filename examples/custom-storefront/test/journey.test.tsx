import { createMemoryStorage } from '@marketkit/hooks';
import { createMarketClient, createMemoryTokenStore, type Schema, unwrap } from '@marketkit/sdk';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { App, routes } from '../src/app.tsx';

const HOST = inject('sandboxUrl');
const SHOPPER = { username: 'shopper@example.com', password: 'Password123' };

afterEach(async () => {
  cleanup();
  await fetch(`${HOST}/__sandbox/reset`, { method: 'POST' });
});

/** The app at `path` on a fresh device: memory storage and tokens, no retries. */
function open(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <App
      router={router}
      servicesHost={HOST}
      store="demo"
      storage={createMemoryStorage()}
      tokens={createMemoryTokenStore()}
      queryClient={queryClient}
    />,
  );
  return { router, user: userEvent.setup() };
}

/** The store's first page of products, asked through the SDK. */
async function firstPage(): Promise<Schema<'ProductSummary'>[]> {
  const client = createMarketClient({
    servicesHost: HOST,
    store: 'demo',
    tokens: createMemoryTokenStore(),
    locks: null,
  });
  const page = await unwrap(
    client.GET('/pbs/rest/v3/products', { params: { query: { page_number: 1, page_limit: 10 } } }),
  );
  return page.data;
}

/** A physical product of the first page that may be paid online or on delivery (either alone pays it). */
async function physicalProduct() {
  const product = (await firstPage()).find(
    (p) =>
      p.purchase_mode === 'checkout_based' &&
      p.item_type === 'standard_item' &&
      p.product_type_name === 'Physical Product' &&
      p.quantity > 0 &&
      p.pay_on_delivery &&
      p.online_payment,
  );
  if (!product) throw new Error('no physical product on the first page');
  return product;
}

/** The demo store's free product (an e-book plan): no payment step, nothing delivered. */
const FREE_PRODUCT = { id: 1051, name: 'Beginner Fitness Plan' };

/** The shopper's server cart as `{ productId: quantity }`, read by signing in through the SDK. */
async function serverCart(): Promise<Record<number, number>> {
  const tokens = createMemoryTokenStore();
  const client = createMarketClient({ servicesHost: HOST, store: 'demo', tokens, locks: null });
  // The SDK stores the grant in `tokens` itself.
  const login = await client.signIn(SHOPPER);
  if (login.status !== 'signed-in') throw new Error(`sign-in stopped at ${login.status}`);
  const cart = await unwrap(
    client.GET('/cfs/rest/v3/customer-cart', { params: { query: { page_number: -1 } } }),
  );
  return Object.fromEntries(cart.Products.map((line) => [line.product, line.cart_quantity]));
}

/**
 * A guest opens `start`, goes to the product's page, adds it, signs in from the cart (the merge),
 * starts the checkout and adds an address (the seeded shopper has none).
 */
async function toCheckout(product: { id: number; name: string }, start: string) {
  const { router, user } = open(start);
  if (start === '/') await user.click(await screen.findByRole('link', { name: product.name }));
  await screen.findByRole('heading', { level: 1, name: product.name });
  await user.click(await screen.findByRole('button', { name: 'Add to cart' }));
  expect((await screen.findByRole('status')).textContent).toBe('Added to cart');
  expect(screen.getByRole('link', { name: 'Cart (1)' })).toBeTruthy();
  expect(await serverCart()).toEqual({});

  await user.click(screen.getByRole('link', { name: 'Cart (1)' }));
  await user.click(await screen.findByRole('link', { name: 'Sign in to check out' }));
  await user.type(await screen.findByLabelText('Email'), SHOPPER.username);
  await user.type(screen.getByLabelText('Password'), SHOPPER.password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));

  // Back on the cart, signed in: the guest line is now a server line.
  await screen.findByRole('button', { name: 'Sign out' });
  await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
  expect(await serverCart()).toEqual({ [product.id]: 1 });
  await user.click(await screen.findByRole('button', { name: 'Checkout' }));
  await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/checkout\//));

  // The seeded shopper has no address: one is added and used for delivery and billing.
  for (const [label, value] of [
    ['Full name', 'Sam Shopper'],
    ['Street', '1 Main Road'],
    ['City', 'Johannesburg'],
    ['State', 'Gauteng'],
    ['Country', 'South Africa'],
    ['Pincode', '2001'],
    ['Phone', '9876543210'],
  ] as const)
    await user.type(await screen.findByLabelText(label), value);
  await user.click(screen.getByRole('button', { name: 'Use this address' }));
  await screen.findByRole('radio', { name: /^Sam Shopper, 1 Main Road/, checked: true });
  return { router, user };
}

describe('the custom storefront', () => {
  it('lists the store’s first page, each card linking to its product page', async () => {
    const expected = await firstPage();
    open('/');
    const list = await screen.findByRole('list', { name: 'Products' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(expected.length);
    for (const product of expected)
      expect(within(list).getByRole('link', { name: product.product_name }).getAttribute('href')).toBe(
        `/products/${product.product_id}`,
      );
  });

  it('guest cart → sign-in with merge → address → one way of paying (the card replaces cash on delivery) → hand-over to the card gateway', async () => {
    const product = await physicalProduct();
    const { user } = await toCheckout({ id: product.product_id, name: product.product_name }, '/');

    // The shopper pays one way: cash on delivery alone may place this order…
    await user.click(screen.getByRole('checkbox', { name: 'Cash on delivery' }));
    expect(screen.getByRole('button', { name: 'Place order' })).toHaveProperty('disabled', false);
    // …and choosing the card instead clears it.
    await user.click(screen.getByRole('checkbox', { name: 'Credit or debit card' }));
    expect(screen.getByRole('checkbox', { name: 'Cash on delivery' })).toHaveProperty('checked', false);
    await user.click(screen.getByRole('button', { name: 'Place order' }));

    const form = await screen.findByRole('form', { name: 'Continue to the payment page' });
    expect(new URL(form.getAttribute('action') ?? '').pathname).toBe('/__gateway/card/purchase');
    expect(form.querySelector('input[name="signature"]')).not.toBeNull();
  });

  it('a free product: no payment step, the order is placed and confirmed', async () => {
    const { router, user } = await toCheckout(FREE_PRODUCT, `/products/${FREE_PRODUCT.id}`);

    expect(screen.getByRole('heading', { name: 'Step 2 of 2' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Payment' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Place order' }));

    const heading = await screen.findByRole('heading', { name: /^Order #\d+ placed$/ });
    expect(router.state.location.pathname).toBe(`/orders/${heading.textContent?.match(/\d+/)?.[0]}`);
    expect(await serverCart()).toEqual({});
  });
});
