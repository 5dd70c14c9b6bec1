import { unwrap } from '@marketkit/sdk';
import { ensureAddress, signedInShopper } from './shopper-client.ts';

/** Drives the sandbox like a storefront's server calls would, to get an order waiting for payment. */
export async function orderAwaitingPayment(
  servicesHost: string,
  options: { paymentMethodId: 2 | 3; productId: number; returnUrl: string },
) {
  const client = await signedInShopper(servicesHost, 'demo');
  const address = await ensureAddress(client);
  const checkout = await unwrap(
    client.POST('/flow-management/rest/v3/checkout-journey', {
      body: { source: 'buy_now', buy_now_item: { product_id: options.productId, quantity: 1 } },
    }),
  );
  const order = await unwrap(
    client.POST('/ofs/rest/v3/orders', {
      body: {
        checkout_id: checkout.checkout_id,
        delivery_address_id: address.address_id,
        billing_address_id: address.address_id,
        payment_method_ids: [options.paymentMethodId],
      },
    }),
  );
  const config = await unwrap(
    client.POST('/ofs/rest/v3/payment-config', {
      body: {
        order_id: order.order_id,
        payment_method_id: options.paymentMethodId,
        return_url: options.returnUrl,
      },
    }),
  );
  const status = () =>
    unwrap(
      client.PUT('/cfs/rest/v3/check-order-status/{orderId}', {
        params: { path: { orderId: order.order_id } },
      }),
    );
  return {
    orderId: order.order_id,
    /** The card gateway's signed form (payment method 2), as the storefront would post it. */
    gatewayForm: 'gateway_form' in config ? (config.gateway_form as Record<string, string | number>) : {},
    /** The second provider's hosted checkout page (payment method 3). */
    checkoutUrl: 'checkout_url' in config ? config.checkout_url : '',
    status,
  };
}
