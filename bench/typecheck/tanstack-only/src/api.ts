// The services host through fetch alone: the few shapes this app reads, typed by hand.
export interface Product {
  product_id: number;
  product_name: string;
  product_image: string;
  final_price: number;
  price_visibility: boolean;
  purchase_mode: 'checkout_based' | 'request_based';
  item_type: string;
  quantity: number;
  description_html?: string | null;
}
export interface CartLine {
  id: number;
  product: number;
  cart_quantity: number;
  product_detail: { product_name: string; final_price: number };
}
export interface Cart {
  Products: CartLine[];
  summary: { total: number };
}
export interface Address {
  address_id: number;
  full_name: string;
  address_line_1: string;
  city: string;
  pincode: string;
}
export interface PaymentMethod {
  id: number;
  display_name: string;
  is_payment_gateway: boolean;
}
export interface Checkout {
  checkout_id: string;
  status: string;
  checkout_items: { item_type: string; order_flow: string }[];
  address_details: {
    delivery_required: boolean;
    delivery_address_id: number | null;
    billing_address_id: number | null;
  };
  payment_type_restrictions: { online_payment: boolean; pay_on_delivery: boolean };
}
export interface Order {
  order_id: number;
  next_action: 'none' | 'card_gateway' | 'second_provider';
}
export type PaymentConfig =
  | {
      provider: 'card_gateway';
      gateway_form: Record<string, string | number> & { payment_gateway_url: string };
    }
  | { provider: 'second_provider'; checkout_url: string };

export const STORE = import.meta.env.VITE_STORE ?? 'demo';
export const HOST = import.meta.env.VITE_SERVICES_HOST ?? 'http://localhost:4010';

/** The session: the access token on this device. */
export const session = {
  get token(): string | null {
    return localStorage.getItem('access_token');
  },
  set(token: string | null) {
    if (token) localStorage.setItem('access_token', token);
    else localStorage.removeItem('access_token');
    window.dispatchEvent(new Event('session'));
  },
};

/** One call: the store's realm for guests, the token once signed in; the envelope's body or an Error. */
export async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (session.token) headers.Authorization = `Bearer ${session.token}`;
  else headers.realmname = `${STORE}-customer`;
  const response = await fetch(`${HOST}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { response_message: string; response_body: T };
  if (!response.ok) throw new Error(envelope.response_message);
  return envelope.response_body;
}

export const assetUrl = (paths: string) => {
  const first = paths.split(',')[0]?.trim() ?? '';
  return first ? `${HOST}${first.startsWith('/') ? '' : '/'}${first}` : '';
};
export const money = (amount: number) => `R ${amount.toFixed(2)}`;

/** The guest cart, on the device. */
export interface GuestLine {
  productId: number;
  name: string;
  price: number;
  quantity: number;
}
export const guestCart = {
  read(): GuestLine[] {
    try {
      return JSON.parse(localStorage.getItem('guest_cart') ?? '[]') as GuestLine[];
    } catch {
      return [];
    }
  },
  write(lines: GuestLine[]) {
    localStorage.setItem('guest_cart', JSON.stringify(lines));
  },
};
