import {
  addressWithout,
  chosenLanguage,
  chosenPincode,
  LANGUAGE_PARAM,
  PINCODE_PARAM,
} from '@marketkit/hooks/core';
import { storeQueries } from '@marketkit/hooks/prefetch';
import { redirect } from 'react-router';
import { LANGUAGE_COOKIE, PINCODE_COOKIE, preferenceCookieLine } from '../app/preferences.ts';
import type { RequestScope } from './request.server.ts';

/**
 * The same page without the chosen field, keeping the choice (when there is one) in the cookie the
 * app reads, so this page and the next render with it as they do once the code runs.
 */
function samePage(url: URL, field: string, kept: [cookie: string, value: string] | null): Response {
  // The shopper's own answer (it sets their cookie): never kept by a cache.
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  if (kept) headers.append('Set-Cookie', preferenceCookieLine(kept[0], kept[1], url.protocol === 'https:'));
  return redirect(addressWithout(url, [field]), { headers });
}

/**
 * A language asked for in the address (the header's list, submitted by the browser when the page has no
 * code): one of the store's active languages is kept; anything else is ignored. Null: nothing asked.
 */
export async function languageChoice(scope: RequestScope): Promise<Response | null> {
  if (!scope.url.searchParams.has(LANGUAGE_PARAM)) return null;
  const answer = await scope.fetch(storeQueries(scope.client).languages());
  const language = chosenLanguage(scope.url.searchParams.get(LANGUAGE_PARAM), answer?.data ?? []);
  return samePage(scope.url, LANGUAGE_PARAM, language === null ? null : [LANGUAGE_COOKIE, language]);
}

/**
 * A well-formed pincode asked for in the address (a list's pincode form submitted without code) is
 * saved as the app saves it; anything else stays in the address for the form to show its error.
 */
export function pincodeChoice(url: URL): Response | null {
  const pincode = chosenPincode(url.searchParams.get(PINCODE_PARAM));
  return pincode === null ? null : samePage(url, PINCODE_PARAM, [PINCODE_COOKIE, pincode]);
}
