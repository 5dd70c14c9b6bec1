import { isMarketApiError, type MarketApiError } from '@marketkit/sdk';

/** A translation function (`useTranslation().t` of any namespaces): keys tried in turn, else `defaultValue`. */
export type Translate = (
  keys: string[],
  options: Record<string, string | number> & { defaultValue: string },
) => string;

/** Values of a failure's `details` a translation may show (texts and numbers only). */
function shownDetails(error: MarketApiError): Record<string, string | number> {
  const shown: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(error.details))
    if (typeof value === 'string' || typeof value === 'number') shown[key] = value;
  return shown;
}

/**
 * What to tell the shopper about a failure: the server's own words for a refusal (spec §8); for a
 * failure with no server words (a rule the hooks checked before sending, a lost connection…), the
 * text of its `code` in the shopper's language (`common:errors.{code}`, or `…{code}_{field}` when
 * its `details` name a field) when `t` has one; else `fallback`, the screen's own text.
 * The hooks' and the SDK's own English is never shown.
 */
export function failureMessage(error: unknown, fallback: string, t: Translate): string {
  if (!isMarketApiError(error)) return fallback;
  if (error.kind === 'http' && error.responseMessage) return error.responseMessage;
  const field = typeof error.details.field === 'string' ? error.details.field : null;
  const keys = [...(field ? [`common:errors.${error.code}_${field}`] : []), `common:errors.${error.code}`];
  const text = t(keys, { ...shownDetails(error), defaultValue: fallback });
  // i18next answers a missing key with the key itself when the fallback is empty: never show it.
  return keys.some((key) => key.endsWith(text)) ? fallback : text;
}
