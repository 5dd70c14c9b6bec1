import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type Checkout, call, money } from '../api.ts';
import { useCart, useSignedIn } from '../hooks.ts';

/** The cart (on the device for guests, on the server once signed in) and the way to checkout. */
export function CartPage() {
  const { t } = useTranslation();
  const cart = useCart();
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const [failure, setFailure] = useState('');
  if (cart.isLoading) return <p>{t('loading')}</p>;
  if (cart.error) return <p role="alert">{t('failed', { reason: cart.error.message })}</p>;
  if (cart.lines.length === 0)
    return (
      <p>
        {t('emptyCart')} <Link to="/">{t('products')}</Link>
      </p>
    );
  const checkout = async () => {
    try {
      const journey = await call<Checkout>('POST', '/flow-management/rest/v3/checkout-journey', {
        source: 'cart',
      });
      navigate(`/checkout/${journey.checkout_id}`);
    } catch (error) {
      setFailure(t('failed', { reason: error instanceof Error ? error.message : String(error) }));
    }
  };
  return (
    <section aria-labelledby="cart" className="flex flex-col gap-3">
      <h1 id="cart" className="font-bold text-2xl">
        {t('cartTitle')}
      </h1>
      <ul aria-label={t('cartTitle')} className="flex flex-col gap-2">
        {cart.lines.map((line) => (
          <li key={line.productId} className="flex flex-wrap items-center gap-3">
            <span className="grow">
              {line.name} × {line.quantity}
            </span>
            <span>{money(line.price * line.quantity)}</span>
          </li>
        ))}
      </ul>
      {cart.total === null ? null : <p>{money(cart.total)}</p>}
      {signedIn ? (
        <button type="button" onClick={() => void checkout()}>
          {t('checkout')}
        </button>
      ) : (
        <Link to="/signin?next=/cart">{t('signInToCheckout')}</Link>
      )}
      {failure ? <p role="alert">{failure}</p> : null}
    </section>
  );
}
