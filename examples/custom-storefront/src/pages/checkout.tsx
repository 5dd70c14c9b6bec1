import { useAddresses, useCheckout, useOrderPaymentCheck } from '@marketkit/hooks';
import {
  addressLine,
  checkoutBlockers,
  emptyAddress,
  gatewayFormPlan,
  secondProviderPlan,
  validateAddress,
} from '@marketkit/hooks/core';
import { Button, ErrorState, Input, Skeleton } from '@marketkit/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useFailureText } from '../failure.ts';

type GatewayForm = { action: string; fields: [string, string][] };
const ADDRESS_FIELDS = [
  'full_name',
  'address_line_1',
  'city',
  'state',
  'country',
  'pincode',
  'phone',
] as const;
const LABELS = {
  full_name: 'fullName',
  address_line_1: 'street',
  city: 'city',
  state: 'state',
  country: 'country',
  pincode: 'pincode',
  phone: 'phone',
} as const;

/**
 * The checkout sequence: an address for delivery and billing (saved on the journey) → the steps the
 * journey has → payment methods the order allows → `placeOrder` → the confirmation, or the hand-over to
 * the payment provider (a signed form for the card gateway, a hosted page for the second provider).
 */
export function CheckoutPage() {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const { checkoutId = '' } = useParams();
  const flow = useCheckout(checkoutId);
  const book = useAddresses();
  const navigate = useNavigate();
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const [gateway, setGateway] = useState<GatewayForm | null>(null);
  if (flow.isLoading || book.isLoading) return <Skeleton className="h-64 w-full" />;
  const checkout = flow.checkout;
  if (!checkout) return <ErrorState title={failureText(flow.error)} />;
  const { numberOfSteps } = flow.steps;
  const blockers = checkoutBlockers(checkout);
  const details = checkout.address_details;
  const chooseAddress = (addressId: number) =>
    flow
      .update({
        billing_address_id: addressId,
        ...(details.delivery_required ? { delivery_address_id: addressId } : {}),
      })
      .catch((error: unknown) => setFailure(failureText(error)));
  const addAddress = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = { ...emptyAddress('delivery'), is_default: true };
    for (const field of ADDRESS_FIELDS) values[field] = String(form.get(field) ?? '');
    const checked = validateAddress(values);
    if (!checked.ok) return setFailure(t('failed', { reason: Object.keys(checked.problems).join(', ') }));
    try {
      await chooseAddress((await book.create(checked.value)).address_id);
    } catch (error) {
      setFailure(failureText(error));
    }
  };
  const place = async () => {
    setBusy(true);
    setFailure('');
    try {
      const order = await flow.placeOrder();
      const online = flow.payment.payments.find((method) => method.is_payment_gateway);
      if (order.next_action === 'none' || !online)
        return navigate(`/orders/${order.order_id}`, { replace: true });
      const back = `${location.origin}/orders/${order.order_id}`;
      const { config } = await flow.startPayment(order.order_id, online.id, back);
      const card = gatewayFormPlan(config);
      const hosted = secondProviderPlan(config);
      if (card.ok) setGateway(card);
      else if (hosted.ok) location.assign(hosted.url);
      else setFailure(t('failed', { reason: card.reason }));
    } catch (error) {
      setFailure(failureText(error));
    }
    setBusy(false);
  };
  return (
    <section className="flex flex-col gap-4" aria-labelledby="checkout">
      <h1 id="checkout" className="font-bold text-2xl">
        {t('checkout')}
      </h1>
      <h2>{t('step', { number: blockers.length > 0 ? 1 : numberOfSteps, count: numberOfSteps })}</h2>
      <fieldset className="flex flex-col gap-2">
        <legend>{t('address')}</legend>
        {book.addresses.map((address) => (
          <label key={address.address_id}>
            <input
              type="radio"
              name="address"
              checked={details.billing_address_id === address.address_id}
              onChange={() => void chooseAddress(address.address_id)}
            />{' '}
            {address.full_name}, {addressLine(address)}
          </label>
        ))}
      </fieldset>
      {book.addresses.length === 0 ? (
        <form onSubmit={(event) => void addAddress(event)} className="flex flex-col gap-2">
          {ADDRESS_FIELDS.map((field) => (
            <Input key={field} name={field} label={t(LABELS[field])} required />
          ))}
          <Button type="submit" className="self-start">
            {t('saveAddress')}
          </Button>
        </form>
      ) : null}
      {blockers.length === 0 && numberOfSteps === 3 ? (
        <fieldset className="flex flex-col gap-2">
          <legend>{t('payment')}</legend>
          {flow.paymentMethods.map((method) => (
            <label key={method.id}>
              <input
                type="checkbox"
                checked={flow.payment.payments.some((chosen) => chosen.id === method.id)}
                onChange={(event) =>
                  event.target.checked ? flow.selectPayment(method) : flow.removePayment(method.id)
                }
              />{' '}
              {method.display_name}
            </label>
          ))}
        </fieldset>
      ) : null}
      <Button
        className="self-start"
        disabled={
          busy || blockers.length > 0 || (numberOfSteps === 3 && !flow.payment.isPaymentSelectionSatisfied)
        }
        onClick={() => void place()}
      >
        {t('placeOrder')}
      </Button>
      {failure ? <p role="alert">{failure}</p> : null}
      {gateway ? (
        <form method="post" action={gateway.action} aria-label={t('paying')}>
          {gateway.fields.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Button type="submit">{t('paying')}</Button>
        </form>
      ) : null}
    </section>
  );
}

/** The confirmation: the order as placed; the services host says whether it is paid. */
export function OrderPage() {
  const { t } = useTranslation();
  const orderId = Number(useParams().orderId);
  const check = useOrderPaymentCheck(Number.isSafeInteger(orderId) && orderId > 0 ? orderId : null);
  return (
    <section className="flex flex-col gap-2">
      <h1 className="font-bold text-2xl">{t('placed', { id: orderId })}</h1>
      {check.paid === null ? null : <p>{check.paid ? t('paid') : t('notPaid')}</p>}
    </section>
  );
}
