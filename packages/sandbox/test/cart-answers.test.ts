import { describe, expect, it } from 'vitest';
import { createSandbox, demoStore } from '../src/index.ts';
import { handleClient } from './support.ts';

const EBOOK = 1048; // The Home Chef E-book: digital, no stock to run out of.

describe('adding to the cart says what it did', () => {
  it('[C1] says when a quantity was capped at 999: the field, the quantity applied and the message', async () => {
    const api = handleClient(createSandbox({ log: () => {} }));
    const { auth } = await api.signIn();
    const add = async (quantity: number) => {
      const response = await api.send(
        'POST',
        '/cfs/rest/v3/customer-cart',
        { customer_cart: [{ product: EBOOK, cart_quantity: quantity }] },
        auth,
      );
      expect(response.status).toBe(200);
      return (await response.json()) as {
        response_message: string;
        response_body: { capped: { product: number; cart_quantity: number; response_message: string }[] };
      };
    };
    const within = await add(998);
    expect(within.response_message).toBe('Added to cart');
    expect(within.response_body.capped).toEqual([]);
    const past = await add(5);
    expect(past.response_message).toBe('Added to cart; quantity capped at 999 for 1 product');
    expect(past.response_body.capped).toEqual([
      {
        product: EBOOK,
        cart_quantity: 999,
        response_message: 'A cart line holds at most 999 of The Home Chef E-book; it holds 999',
      },
    ]);
    expect(await api.cart(auth)).toEqual({ [EBOOK]: 999 });
  });
});

describe('the seed is served as declared', () => {
  it('"Beginner Fitness Plan" is declared with no download limit, and served with none', async () => {
    const sandbox = createSandbox({ log: () => {} });
    const api = handleClient(sandbox);
    const plan = demoStore().products.find((p) => p.detail.product_name === 'Beginner Fitness Plan');
    expect(plan).toBeDefined();
    const response = await api.call(`/pbs/rest/v3/products/${plan?.detail.product_id}`, {
      headers: { realmname: 'demo-customer' },
    });
    expect(response.status).toBe(200);
    const { response_body } = (await response.json()) as {
      response_body: { type_details: { digital: { download_limit: number | null } } };
    };
    expect(response_body.type_details.digital.download_limit).toBeNull();
    // One that declares a limit keeps it, one that declares nothing gets the default.
    const limits = Object.fromEntries(
      demoStore()
        .products.filter((p) => p.detail.type_details.digital)
        .map((p) => [p.detail.product_name, p.detail.type_details.digital?.download_limit]),
    );
    expect(limits['TypeScript Video Course']).toBe(3);
    expect(limits['Budget Travel Guide']).toBe(5);
  });
});
