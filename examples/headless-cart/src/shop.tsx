// A product list with a cart that works for guests and signed-in shoppers alike, built only on the
// public packages. The guest cart merges into the server cart after sign-in.
import { useCart, useGuestCartMerge, useMarket, useSession, useStoreBootstrap } from '@marketkit/hooks';
import { discountPercent, formatPrice, showsPrice } from '@marketkit/hooks/core';
import { isMarketApiError, type Schema, unwrap } from '@marketkit/sdk';
import { useEffect, useState } from 'react';

/** The seeded shopper of the sandbox's stores. */
export const DEMO_SHOPPER = { username: 'shopper@example.com', password: 'Password123' };

function ProductRow({ product, currency }: { product: Schema<'ProductSummary'>; currency: string }) {
  const cart = useCart();
  const [message, setMessage] = useState('');
  const off = discountPercent(product.product_price, product.final_price);
  return (
    <li>
      <strong>{product.product_name}</strong>{' '}
      {showsPrice(product) ? formatPrice(product.final_price, currency) : 'Price on request'}
      {off > 0 ? ` (${off}% off)` : ''}{' '}
      {cart.isInCart(product.product_id) ? (
        <a href="#cart">Go to cart</a>
      ) : (
        <button
          type="button"
          aria-label={`Add ${product.product_name} to cart`}
          disabled={product.purchase_mode === 'request_based'}
          onClick={() =>
            cart.add(product).then(
              // The hooks give a code; the app writes its own text for it.
              (r) => setMessage(r.code === 'ADDED' ? 'Added to cart' : 'Already in your cart'),
              (error: Error) => setMessage(error.message),
            )
          }
        >
          Add to cart
        </button>
      )}
      <span role="status">{message}</span>
    </li>
  );
}

function Cart({ currency }: { currency: string }) {
  const cart = useCart();
  return (
    <section id="cart" aria-labelledby="cart-heading">
      <h2 id="cart-heading">
        Cart ({cart.count}, {cart.source})
      </h2>
      <ul>
        {cart.lines.map((item) => (
          <li key={item.id}>
            {item.product_name} × {item.cart_quantity} ={' '}
            {formatPrice(item.final_price * item.cart_quantity, currency)}
            <button type="button" onClick={() => cart.setQuantity(item.id, item.cart_quantity + 1)}>
              +
            </button>
            <button type="button" onClick={() => cart.remove(item.id)}>
              Remove
            </button>
            {item.error ? <em>{item.error}</em> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function SignIn() {
  const session = useSession();
  const merge = useGuestCartMerge();
  const [failure, setFailure] = useState('');
  if (session.status === 'signed-in') {
    return (
      <p>
        Hello {session.user?.displayName} {merge.status === 'merging' ? '(moving your cart…)' : ''}
        <button type="button" onClick={() => session.signOut()}>
          Sign out
        </button>
      </p>
    );
  }
  return (
    <p>
      <button
        type="button"
        // A code to branch on, never the SDK's or the server's English (INVALID_CREDENTIALS, ACCOUNT_LOCKED…).
        onClick={() =>
          session
            .signIn(DEMO_SHOPPER)
            .catch((error: unknown) =>
              setFailure(`Sign-in failed (${isMarketApiError(error) ? error.code : 'unexpected'})`),
            )
        }
      >
        Sign in as the demo shopper
      </button>
      {failure ? <span role="alert">{failure}</span> : null}
    </p>
  );
}

/** The page: the store's first ten products, a sign-in button and the cart. Render it inside `MarketProvider`. */
export function Shop() {
  const store = useStoreBootstrap();
  const { client } = useMarket();
  const [products, setProducts] = useState<Schema<'ProductSummary'>[]>([]);
  const [failure, setFailure] = useState('');
  useEffect(() => {
    unwrap(
      client.GET('/pbs/rest/v3/products', { params: { query: { page_number: 1, page_limit: 10 } } }),
    ).then(
      (page) => setProducts(page.data),
      (error: Error) => setFailure(error.message),
    );
  }, [client]);
  useEffect(() => {
    document.title = store.title;
  }, [store.title]);
  if (store.status === 'loading') return <p>Loading…</p>;
  if (store.status === 'unavailable') return <p>This store is not available.</p>;
  if (store.status === 'settings-error') return <p>The store settings could not be loaded.</p>;
  return (
    <main style={{ background: store.theme.pageBg, color: store.theme.pageFg }}>
      <SignIn />
      {failure ? <p role="alert">The products could not be loaded: {failure}</p> : null}
      <ul aria-label="Products">
        {products.map((product) => (
          <ProductRow key={product.product_id} product={product} currency={store.currency.isoCode} />
        ))}
      </ul>
      <Cart currency={store.currency.isoCode} />
    </main>
  );
}
