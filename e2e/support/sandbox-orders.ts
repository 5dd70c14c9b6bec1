/** Drives the sandbox like a storefront's server calls would, to get an order waiting for payment. */
export async function orderAwaitingPayment(
  servicesHost: string,
  options: { paymentMethodId: 2 | 3; productId: number; returnUrl: string },
) {
  const call = async <T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}) => {
    const response = await fetch(`${servicesHost}${path}`, {
      method: init.method ?? (init.body ? 'POST' : 'GET'),
      headers: {
        'Content-Type': 'application/json',
        ...(init.token ? { Authorization: `Bearer ${init.token}` } : { realmname: 'demo-customer' }),
      },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
    });
    const body = (await response.json()) as { response_body: T; response_message: string };
    if (!response.ok) throw new Error(`${path}: ${response.status} ${body.response_message}`);
    return body.response_body;
  };
  const { access_token: token } = await call<{ access_token: string }>('/ums/rest/v3/login', {
    body: { username: 'shopper@example.com', password: 'Password123' },
  });
  const address = await call<{ address_id: number }>('/cfs/rest/v3/customer-address', {
    token,
    body: {
      full_name: 'Asha Shopper',
      phone: '9876543210',
      extension: '+91',
      address_line_1: '1 Main Road',
      city: 'Johannesburg',
      state: 'Gauteng',
      country: 'South Africa',
      pincode: '2001',
      address_type: 'delivery',
    },
  });
  const checkout = await call<{ checkout_id: string }>('/flow-management/rest/v3/checkout-journey', {
    token,
    body: { source: 'buy_now', buy_now_item: { product_id: options.productId, quantity: 1 } },
  });
  const order = await call<{ order_id: number }>('/ofs/rest/v3/orders', {
    token,
    body: {
      checkout_id: checkout.checkout_id,
      delivery_address_id: address.address_id,
      billing_address_id: address.address_id,
      payment_method_ids: [options.paymentMethodId],
    },
  });
  const config = await call<Record<string, unknown>>('/ofs/rest/v3/payment-config', {
    token,
    body: {
      order_id: order.order_id,
      payment_method_id: options.paymentMethodId,
      return_url: options.returnUrl,
    },
  });
  const status = () =>
    call<{ message: string }>(`/cfs/rest/v3/check-order-status/${order.order_id}`, { method: 'PUT', token });
  return { orderId: order.order_id, config, status };
}
