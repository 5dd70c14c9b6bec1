import { useCart, useSession, useStartCheckout } from '@marketkit/hooks';
import { Button, EmptyState, ErrorState, QuantityStepper, Skeleton } from '@marketkit/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useFailureText } from '../failure.ts';
import { useMoney } from './money.ts';

/** The cart (on the device for guests, on the server once signed in: one API) and the way to checkout. */
export function CartPage() {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const money = useMoney();
  const cart = useCart();
  const session = useSession();
  const startCheckout = useStartCheckout();
  const navigate = useNavigate();
  const [failure, setFailure] = useState('');
  if (cart.state === 'loading') return <Skeleton className="h-40 w-full" />;
  if (cart.state === 'failed') return <ErrorState title={failureText(cart.error)} onRetry={cart.reload} />;
  if (cart.state === 'empty')
    return <EmptyState title={t('emptyCart')} action={<Link to="/">{t('products')}</Link>} />;
  const checkout = async () => {
    try {
      const journey = await startCheckout({ source: 'cart' });
      navigate(`/checkout/${journey.checkout_id}`);
    } catch (error) {
      setFailure(failureText(error));
    }
  };
  return (
    <section aria-labelledby="cart" className="flex flex-col gap-3">
      <h1 id="cart" className="font-bold text-2xl">
        {t('cartTitle')}
      </h1>
      <ul aria-label={t('cartTitle')} className="flex flex-col gap-2">
        {cart.lines.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center gap-3">
            <span className="grow">
              {item.product_name} × {item.cart_quantity}
            </span>
            {item.price_visible ? <span>{money(item.final_price * item.cart_quantity)}</span> : null}
            <QuantityStepper
              label={item.product_name}
              value={item.cart_quantity}
              onChange={(quantity) => void cart.setQuantity(item.id, quantity)}
            />
            <Button variant="ghost" size="sm" onClick={() => void cart.remove(item.id)}>
              {t('remove')}
            </Button>
            {item.error ? <em>{item.error}</em> : null}
          </li>
        ))}
      </ul>
      {cart.summary ? <p>{money(cart.summary.total)}</p> : null}
      {session.status === 'signed-in' ? (
        <Button className="self-start" onClick={() => void checkout()}>
          {t('checkout')}
        </Button>
      ) : (
        <Link to="/signin?next=/cart">{t('signInToCheckout')}</Link>
      )}
      {failure ? <p role="alert">{failure}</p> : null}
    </section>
  );
}
