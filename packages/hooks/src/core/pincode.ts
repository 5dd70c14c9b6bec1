/** Spec §5: a saved pincode of `allProducts` counts as no pincode (the SDK's ALL_PRODUCTS_PINCODE). */
export const ALL_PRODUCTS = 'allProducts';

/** The saved pincode record (spec §3): `pincode` + `addressId`. */
export interface SavedPincode {
  pincode: string;
  addressId: number | null;
}

/** A pincode the shopper may save: 4–10 digits, or `allProducts`. */
export const isSavablePincode = (value: unknown): value is string =>
  typeof value === 'string' && (value === ALL_PRODUCTS || /^[0-9]{4,10}$/.test(value));

/** The pincode that filters products, or null for none. */
export const activePincode = (record: SavedPincode | null) =>
  record && record.pincode !== ALL_PRODUCTS ? record.pincode : null;

export function sanitizeSavedPincode(value: unknown): SavedPincode | null {
  if (!value || typeof value !== 'object') return null;
  const record = value as Partial<SavedPincode>;
  if (!isSavablePincode(record.pincode)) return null;
  return {
    pincode: record.pincode,
    addressId: Number.isInteger(record.addressId) ? (record.addressId as number) : null,
  };
}
