import { readPersisted } from './persisted.ts';

/** A saved pincode of `allProducts` counts as no pincode (the SDK's ALL_PRODUCTS_PINCODE). */
export const ALL_PRODUCTS = 'allProducts';

/** The saved pincode record: `pincode` + `addressId`. */
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

/** The version the saved pincode record is stored with (`{ version, data }` under `pincode`). */
export const SAVED_PINCODE_VERSION = 1;

/**
 * The active pincode of a stored `pincode` entry (its raw text), or null: none saved, `allProducts`,
 * or an entry that does not read as a saved pincode. What the SDK's `pin-code` query is made from.
 */
export function storedActivePincode(raw: string | null): string | null {
  const read = readPersisted<SavedPincode | null>(raw, {
    version: SAVED_PINCODE_VERSION,
    fallback: null,
    sanitize: (value) => ({ value: sanitizeSavedPincode(value), dropped: 0 }),
  });
  return activePincode(read.value);
}
