import { isSavablePincode } from './pincode.ts';
import { safeReturnPath } from './return-path.ts';

/** The address's field a language choice sends when the browser submits it (no code on the page). */
export const LANGUAGE_PARAM = 'lang';
/** The address's field a pincode form sends when the browser submits it (no code on the page). */
export const PINCODE_PARAM = 'pincode';

/** A pincode the address asked for, trimmed, when it is well-formed (4 to 10 digits); else null. */
export function chosenPincode(given: string | null): string | null {
  const wanted = given?.trim() ?? '';
  return isSavablePincode(wanted) ? wanted : null;
}

/**
 * The same page without the given query fields (its other fields and their order kept), as a path of
 * this site: an address whose path would lead elsewhere (`//host`, `/\host`) becomes `/`.
 */
export function addressWithout(address: URL, names: readonly string[]): string {
  const params = new URLSearchParams(address.search);
  for (const name of names) params.delete(name);
  const rest = params.toString();
  return safeReturnPath(`${address.pathname}${rest ? `?${rest}` : ''}`, address.origin) ?? '/';
}
