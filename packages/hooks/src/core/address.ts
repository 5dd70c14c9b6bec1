import type { RequestBody, Schema } from '@marketkit/sdk';

/** The default phone extension. */
export const DEFAULT_PHONE_EXTENSION = '+91';

export type AddressInput = RequestBody<'createAddress'>;
export type AddressField = keyof AddressInput;
/** Why a field is refused; the storefront words it. */
export type AddressProblem = 'required' | 'too-long' | 'phone' | 'extension' | 'pincode' | 'type';

const LIMITS: Partial<Record<AddressField, number>> = {
  full_name: 120,
  address_line_1: 200,
  address_line_2: 200,
  landmark: 120,
  city: 120,
  state: 120,
  country: 120,
};
const REQUIRED: AddressField[] = ['full_name', 'address_line_1', 'city', 'state', 'country'];

/** An empty form for a new address. */
export const emptyAddress = (address_type: Schema<'AddressType'> = 'delivery'): AddressInput => ({
  full_name: '',
  phone: '',
  extension: DEFAULT_PHONE_EXTENSION,
  address_line_1: '',
  address_line_2: '',
  landmark: '',
  city: '',
  state: '',
  country: '',
  pincode: '',
  address_type,
  is_default: false,
});

/** The form's values for an existing address. */
export function addressInputOf(address: Schema<'Address'>): AddressInput {
  const { address_id: _id, ...input } = address;
  return { ...emptyAddress(address.address_type), ...input };
}

/**
 * Form rules: phone digits with an extension (default +91), pincode digits, required fields,
 * the contract's lengths. Values are trimmed first; the answer is what to send, or every problem.
 */
export function validateAddress(
  values: AddressInput,
):
  | { ok: true; value: AddressInput }
  | { ok: false; problems: Partial<Record<AddressField, AddressProblem>> } {
  const trimmed = Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]),
  ) as AddressInput;
  const problems: Partial<Record<AddressField, AddressProblem>> = {};
  for (const field of REQUIRED) if (!trimmed[field]) problems[field] = 'required';
  for (const [field, limit] of Object.entries(LIMITS) as [AddressField, number][]) {
    const value = trimmed[field];
    if (typeof value === 'string' && value.length > limit) problems[field] = 'too-long';
  }
  if (!trimmed.phone) problems.phone = 'required';
  else if (!/^[0-9]{6,15}$/.test(trimmed.phone)) problems.phone = 'phone';
  if (!/^\+[0-9]{1,4}$/.test(trimmed.extension)) problems.extension = 'extension';
  if (!trimmed.pincode) problems.pincode = 'required';
  else if (!/^[0-9]{4,10}$/.test(trimmed.pincode)) problems.pincode = 'pincode';
  if (trimmed.address_type !== 'delivery' && trimmed.address_type !== 'billing')
    problems.address_type = 'type';
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  // Optional fields left empty are not sent.
  const value: AddressInput = { ...trimmed };
  if (!value.address_line_2) delete value.address_line_2;
  if (!value.landmark) delete value.landmark;
  return { ok: true, value };
}

/** The addresses of one type, default first, and the one to pre-select (the default, else the first). */
export function addressesOfType(addresses: readonly Schema<'Address'>[], type: Schema<'AddressType'>) {
  const list = addresses
    .filter((address) => address.address_type === type)
    .sort((a, b) => Number(b.is_default) - Number(a.is_default));
  return { list, preferred: list[0]?.address_id ?? null };
}

/** One line for an address (lists, summaries). */
export const addressLine = (address: Schema<'Address'>) =>
  [
    address.address_line_1,
    address.address_line_2,
    address.landmark,
    address.city,
    address.state,
    address.pincode,
    address.country,
  ]
    .filter(Boolean)
    .join(', ');

export type CheckoutBlocker = 'delivery-address' | 'billing-address' | 'undeliverable' | 'not-open';

/**
 * What still stops a checkout from being ordered, from the server's journey: the addresses it needs,
 * an item the delivery pincode cannot get, or a journey that is no longer open.
 */
export function checkoutBlockers(
  checkout: Pick<Schema<'Checkout'>, 'address_details' | 'pincode_checkup' | 'status'>,
): CheckoutBlocker[] {
  const blockers: CheckoutBlocker[] = [];
  if (checkout.status !== 'open') blockers.push('not-open');
  const { address_details: addresses, pincode_checkup: pincode } = checkout;
  if (addresses.delivery_required && addresses.delivery_address_id === null)
    blockers.push('delivery-address');
  if (addresses.billing_address_id === null) blockers.push('billing-address');
  if (addresses.delivery_required && pincode.all_available === false) blockers.push('undeliverable');
  return blockers;
}
