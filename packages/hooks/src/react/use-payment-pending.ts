import { STORAGE_KEYS } from '../store/client-state.ts';
import { useStoredValue } from './stored-value.ts';

// A module of its own: an app asks this on every page, and the check's code (the order rules of
// use-payment-return.ts) loads only when it says yes.

/**
 * Whether a payment flag is stored (`payDone`), so the payment return check has something to do: an
 * app may load the check's code only then. False while a server-rendered page hydrates.
 */
export function usePaymentPending(): boolean {
  return useStoredValue(STORAGE_KEYS.payDone) !== null;
}
