import { describe, expect, it } from 'vitest';
import { createSandbox } from '../src/index.ts';
import { handleClient } from './support.ts';

const EBOOK = 1048; // The Home Chef E-book: digital, no stock to run out of.

describe('adding to the cart says what it did', () => {
  it('says when a quantity was capped at 999: the field, the quantity applied and the message', async () => {
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
