import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import {
  type Address,
  type Checkout,
  call,
  HOST,
  type Order,
  type PaymentConfig,
  type PaymentMethod,
} from '../api.ts';

type GatewayForm = { action: string; fields: [string, string][] };
const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
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

/** The checkout sequence: address → steps → payment methods → order → confirmation or the hand-over. */
export function CheckoutPage() {
  const { t } = useTranslation();
  const { checkoutId = '' } = useParams();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const journey = useQuery({
    queryKey: ['checkout', checkoutId],
    queryFn: () => call<Checkout>('GET', `/flow-management/rest/v3/checkout-journey/${checkoutId}`),
  });
  const book = useQuery({
    queryKey: ['addresses'],
    queryFn: () => call<{ data: Address[] }>('GET', '/cfs/rest/v3/customer-address'),
  });
  const methods = useQuery({
    queryKey: ['payment-types', checkoutId],
    queryFn: () =>
      call<{ data: PaymentMethod[] }>('GET', `/ofs/rest/v3/payment-types?checkout_id=${checkoutId}`),
  });
  const [chosen, setChosen] = useState<PaymentMethod[]>([]);
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const [gateway, setGateway] = useState<GatewayForm | null>(null);
  if (journey.isLoading || book.isLoading) return <p>{t('loading')}</p>;
  const checkout = journey.data;
  if (!checkout) return <p role="alert">{t('failed', { reason: reasonOf(journey.error) })}</p>;
  const addresses = book.data?.data ?? [];
  const details = checkout.address_details;
  const steps = checkout.checkout_items.every((item) => item.item_type === 'free_item') ? 2 : 3;
  const blocked =
    (details.delivery_required && details.delivery_address_id === null) ||
    details.billing_address_id === null;
  const { online_payment: online, pay_on_delivery: onDelivery } = checkout.payment_type_restrictions;
  const satisfied =
    chosen.some((m) => m.is_payment_gateway) === online &&
    chosen.some((m) => !m.is_payment_gateway) === onDelivery;
  const chooseAddress = async (addressId: number) => {
    try {
      const next = await call<Checkout>('PUT', `/flow-management/rest/v3/checkout-journey/${checkoutId}`, {
        billing_address_id: addressId,
        ...(details.delivery_required ? { delivery_address_id: addressId } : {}),
      });
      queryClient.setQueryData(['checkout', checkoutId], next);
    } catch (error) {
      setFailure(t('failed', { reason: reasonOf(error) }));
    }
  };
  const addAddress = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values: Record<string, string | boolean> = {
      extension: '+91',
      address_type: 'delivery',
      is_default: true,
    };
    for (const field of ADDRESS_FIELDS) values[field] = String(form.get(field) ?? '').trim();
    try {
      const created = await call<Address>('POST', '/cfs/rest/v3/customer-address', values);
      await queryClient.invalidateQueries({ queryKey: ['addresses'] });
      await chooseAddress(created.address_id);
    } catch (error) {
      setFailure(t('failed', { reason: reasonOf(error) }));
    }
  };
  const place = async () => {
    setBusy(true);
    setFailure('');
    try {
      const order = await call<Order>('POST', '/ofs/rest/v3/orders', {
        checkout_id: checkoutId,
        delivery_address_id: details.delivery_address_id,
        billing_address_id: details.billing_address_id,
        payment_method_ids: steps === 3 ? chosen.map((m) => m.id) : [],
      });
      await queryClient.invalidateQueries({ queryKey: ['cart'] });
      const gatewayMethod = chosen.find((m) => m.is_payment_gateway);
      if (order.next_action === 'none' || !gatewayMethod)
        return navigate(`/orders/${order.order_id}`, { replace: true });
      const config = await call<PaymentConfig>('POST', '/ofs/rest/v3/payment-config', {
        order_id: order.order_id,
        payment_method_id: gatewayMethod.id,
        return_url: `${location.origin}/orders/${order.order_id}`,
      });
      if (config.provider === 'second_provider') return location.assign(config.checkout_url);
      const { payment_gateway_url: action, ...fields } = config.gateway_form;
      if (!action.startsWith(HOST) && !action.startsWith('https://')) throw new Error('not-allowed');
      setGateway({ action, fields: Object.entries(fields).map(([name, value]) => [name, String(value)]) });
    } catch (error) {
      setFailure(t('failed', { reason: reasonOf(error) }));
    }
    setBusy(false);
  };
  return (
    <section className="flex flex-col gap-4" aria-labelledby="checkout">
      <h1 id="checkout" className="font-bold text-2xl">
        {t('checkout')}
      </h1>
      <h2>{t('step', { number: blocked ? 1 : steps, count: steps })}</h2>
      <fieldset className="flex flex-col gap-2">
        <legend>{t('address')}</legend>
        {addresses.map((address) => (
          <label key={address.address_id}>
            <input
              type="radio"
              name="address"
              checked={details.billing_address_id === address.address_id}
              onChange={() => void chooseAddress(address.address_id)}
            />{' '}
            {address.full_name}, {address.address_line_1}, {address.city}, {address.pincode}
          </label>
        ))}
      </fieldset>
      {addresses.length === 0 ? (
        <form onSubmit={(event) => void addAddress(event)} className="flex flex-col gap-2">
          {ADDRESS_FIELDS.map((field) => (
            <label key={field}>
              {t(LABELS[field])} <input name={field} required />
            </label>
          ))}
          <button type="submit">{t('saveAddress')}</button>
        </form>
      ) : null}
      {!blocked && steps === 3 ? (
        <fieldset className="flex flex-col gap-2">
          <legend>{t('payment')}</legend>
          {(methods.data?.data ?? []).map((method) => (
            <label key={method.id}>
              <input
                type="checkbox"
                checked={chosen.some((m) => m.id === method.id)}
                onChange={(event) =>
                  setChosen((list) =>
                    event.target.checked
                      ? [...list.filter((m) => !(method.is_payment_gateway && m.is_payment_gateway)), method]
                      : list.filter((m) => m.id !== method.id),
                  )
                }
              />{' '}
              {method.display_name}
            </label>
          ))}
        </fieldset>
      ) : null}
      <button
        type="button"
        disabled={busy || blocked || (steps === 3 && !satisfied)}
        onClick={() => void place()}
      >
        {t('placeOrder')}
      </button>
      {failure ? <p role="alert">{failure}</p> : null}
      {gateway ? (
        <form method="post" action={gateway.action} aria-label={t('paying')}>
          {gateway.fields.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit">{t('paying')}</button>
        </form>
      ) : null}
    </section>
  );
}

/** The confirmation: the order as placed; the services host says whether it is paid. */
export function OrderPage() {
  const { t } = useTranslation();
  const orderId = Number(useParams().orderId);
  const check = useQuery({
    queryKey: ['order-paid', orderId],
    queryFn: () => call<{ message: string }>('PUT', `/cfs/rest/v3/check-order-status/${orderId}`),
    enabled: Number.isSafeInteger(orderId) && orderId > 0,
  });
  return (
    <section className="flex flex-col gap-2">
      <h1 className="font-bold text-2xl">{t('placed', { id: orderId })}</h1>
      {check.data ? (
        <p>{check.data.message === 'Amount paid for that order' ? t('paid') : t('notPaid')}</p>
      ) : null}
    </section>
  );
}
