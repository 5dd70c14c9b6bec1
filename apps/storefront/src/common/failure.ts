import { isMarketApiError } from '@marketkit/sdk';

/** A translation function (`useTranslation().t` of any namespaces): keys tried in turn, else `defaultValue`. */
export type Translate = (
  keys: string[],
  options: Record<string, string | number> & { defaultValue: string },
) => string;

/**
 * What a failure may tell the shopper, as plain data: a route action hands it to the page it renders
 * (its texts are chosen there, in the page's language), the browser builds it from a thrown error.
 */
export interface Failure {
  code: string;
  /**
   * The server's own words for a refusal it answered (an HTTP error with a message and no field
   * errors: a validation refusal's words are a validator's); else null.
   */
  serverMessage: string | null;
  status: number;
  /** Texts and numbers of the error's `details` a translation may show. */
  details: Record<string, string | number>;
  /** The values the server refused, by the contract's field name and why (`code`, `limit`). */
  fieldErrors?: { field: string; code: string; limit?: number }[];
}

/** The shopper-facing part of a failure; null for anything that is not a `MarketApiError`. */
export function failureOf(error: unknown): Failure | null {
  if (!isMarketApiError(error)) return null;
  const details: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(error.details))
    if (typeof value === 'string' || typeof value === 'number') details[key] = value;
  return {
    code: error.code,
    // A refusal by field is a validator's: its words are never shown (the fields get their own text).
    serverMessage:
      error.kind === 'http' && error.responseMessage && error.fieldErrors.length === 0
        ? error.responseMessage
        : null,
    status: error.status,
    details,
    fieldErrors: error.fieldErrors.map(({ field, code, limit }) => ({
      field,
      code,
      ...(limit !== undefined ? { limit } : {}),
    })),
  };
}

/** The text of a failure (see `failureMessage`), for one already reduced to `Failure`. */
export function failureText(failure: Failure | null, fallback: string, t: Translate): string {
  if (!failure) return fallback;
  if (failure.serverMessage) return failure.serverMessage;
  const field = typeof failure.details.field === 'string' ? failure.details.field : null;
  // A refused value the page has words for (a wrong one-time code…) says what to fix.
  const refused = failure.fieldErrors?.[0];
  const keys = [
    ...(refused ? [`common:field_errors.${refused.code}_${refused.field}`] : []),
    ...(field ? [`common:errors.${failure.code}_${field}`] : []),
    `common:errors.${failure.code}`,
  ];
  const text = t(keys, {
    ...failure.details,
    ...(refused?.limit !== undefined ? { limit: refused.limit } : {}),
    defaultValue: fallback,
  });
  // i18next answers a missing key with the key itself when the fallback is empty: never show it.
  return keys.some((key) => key.endsWith(text)) ? fallback : text;
}

/**
 * What to tell the shopper about a failure: the server's own words for a refusal; for a
 * failure with no server words (a rule the hooks checked before sending, a lost connection…), the
 * text of its `code` in the shopper's language (`common:errors.{code}`, or `…{code}_{field}` when
 * its `details` name a field) when `t` has one; else `fallback`, the screen's own text.
 * The hooks' and the SDK's own English is never shown.
 */
export function failureMessage(error: unknown, fallback: string, t: Translate): string {
  return failureText(failureOf(error), fallback, t);
}
