import type { components } from './generated/openapi.ts';

/** What went wrong, so callers can decide to retry, show a message or end the session. */
export type MarketApiErrorKind =
  /** The server answered with an HTTP error status and a JSON envelope. */
  | 'http'
  /** The reply could not be used: invalid JSON, an HTML error page, an empty or wrongly shaped body. */
  | 'malformed'
  /** The request never got an answer (offline, DNS, connection dropped, aborted). */
  | 'network'
  /** No whole answer within the client's `timeoutMs`; the call was aborted (its connection freed). */
  | 'timeout'
  /** A 401 could not be recovered because the token endpoint was unreachable; the session is kept. */
  | 'refresh-unavailable'
  /**
   * Refused before any request was sent: a rule of the store or of the checkout was not met (no
   * billing address, a payment method the order does not allow, a product already in the cart…), or
   * the client was used wrongly (no provider, a services host that is not a URL). `status` is 0.
   */
  | 'rule';

/** Every {@link MarketErrorCode}, for apps to check they have a text for each. */
export const MARKET_ERROR_CODES = [
  'NETWORK_ERROR',
  'REQUEST_CANCELLED',
  'TIMEOUT',
  'MALFORMED_REPLY',
  'REFRESH_UNAVAILABLE',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'INVALID_CREDENTIALS',
  'ACCOUNT_LOCKED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'VALIDATION_FAILED',
  'RATE_LIMITED',
  'SERVER_ERROR',
  'HTTP_ERROR',
  'INVALID_SERVICES_HOST',
  'PROVIDER_MISSING',
  'CHECKOUT_NOT_LOADED',
  'BILLING_ADDRESS_REQUIRED',
  'SHIPPING_ADDRESS_REQUIRED',
  'PAYMENT_METHOD_UNAVAILABLE',
  'INVALID_PINCODE',
  'LANGUAGE_NOT_ACTIVE',
  'LANGUAGE_CONTROLLED',
  'PROFILE_IMAGE_REFUSED',
  'EMPTY_DOWNLOAD',
] as const;

/**
 * A stable, machine-readable name for every failure, for apps to branch on and translate: show a
 * shopper your own text for the code (and for each of `fieldErrors`, by `field` and its own `code`),
 * never `responseMessage` (the server's own text, which may be a validator's) nor `message` (the
 * SDK's English, for developers and logs).
 *
 * - Transport: `NETWORK_ERROR`, `REQUEST_CANCELLED`, `TIMEOUT`, `MALFORMED_REPLY`, `REFRESH_UNAVAILABLE`.
 * - HTTP status: `BAD_REQUEST` (400), `UNAUTHORIZED` (401), `FORBIDDEN` (403), `NOT_FOUND` (404),
 *   `CONFLICT` (409), `PAYLOAD_TOO_LARGE` (413), `UNSUPPORTED_MEDIA_TYPE` (415), `VALIDATION_FAILED`
 *   (422), `ACCOUNT_LOCKED` (423: too many failed sign-ins), `RATE_LIMITED` (429), `SERVER_ERROR`
 *   (500 and above), `HTTP_ERROR` (any other); `INVALID_CREDENTIALS` for a 401 of the password
 *   sign-in (`POST /ums/rest/v3/login`): a wrong identifier or password, never an ended session.
 * - Rules checked before a request (kind `rule`), raised by the SDK and `@marketkit/hooks`:
 *   `INVALID_SERVICES_HOST`, `PROVIDER_MISSING`, `CHECKOUT_NOT_LOADED`, `BILLING_ADDRESS_REQUIRED`,
 *   `SHIPPING_ADDRESS_REQUIRED`, `PAYMENT_METHOD_UNAVAILABLE`, `INVALID_PINCODE`,
 *   `LANGUAGE_NOT_ACTIVE`, `LANGUAGE_CONTROLLED`, `PROFILE_IMAGE_REFUSED`; and `BAD_REQUEST` with
 *   `details.field` for a value out of range (a cart quantity).
 * - `EMPTY_DOWNLOAD` (kind `malformed`): an invoice or download answered without a file.
 *
 * A product already in the cart is not a failure: `useCart().add` resolves with the code
 * `ALREADY_IN_CART` (or `ADDED`).
 */
export type MarketErrorCode = (typeof MARKET_ERROR_CODES)[number];

/** Every {@link FieldErrorCode}, for apps to check they have a text for each. */
export const FIELD_ERROR_CODES = [
  'REQUIRED',
  'TOO_SHORT',
  'TOO_LONG',
  'TOO_SMALL',
  'TOO_LARGE',
  'INVALID_FORMAT',
  'INVALID_TYPE',
  'NOT_ALLOWED',
  'UNKNOWN_FIELD',
  'INCORRECT',
  'ALREADY_USED',
  'INVALID',
] as const satisfies readonly components['schemas']['FieldErrorCode'][];

/**
 * Why the server refused a value: `REQUIRED` (missing), `TOO_SHORT`/`TOO_LONG` (fewer or more
 * characters or entries than `limit`), `TOO_SMALL`/`TOO_LARGE` (a number below or above `limit`),
 * `INVALID_FORMAT` (an e-mail address, a six-digit code… not in its form), `INVALID_TYPE`,
 * `NOT_ALLOWED` (not one of the values accepted), `UNKNOWN_FIELD`, `INCORRECT` (a code or password
 * that does not match), `ALREADY_USED` (taken by another account, or the value being replaced), and
 * `INVALID` for any other reason (or a code this SDK does not know).
 */
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

/**
 * One value the server refused (a validation 400's `errors`): `field` is the path of the value in the
 * request body, dot-separated (`address.pincode`, `items.0.quantity`; `body` for the body as a whole),
 * `code` says why, and `limit` is the bound a `TOO_SHORT`/`TOO_LONG`/`TOO_SMALL`/`TOO_LARGE` broke.
 * Show the shopper your own text for the field and `code`; `message` is the validator's text, for
 * developers (logs), never for a shopper.
 */
export interface FieldError {
  field: string;
  code: FieldErrorCode;
  limit?: number;
  message: string;
}

/** The server's own text, or '' when it sent none (nothing else stands in for it). */
export const serverText = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

const isFieldErrorCode = (value: unknown): value is FieldErrorCode =>
  (FIELD_ERROR_CODES as readonly unknown[]).includes(value);

/**
 * The `errors` of an error body as `FieldError`s: an entry without a field name is left out, one
 * without a known `code` gets `INVALID`, one without a text keeps its field with an empty `message`,
 * a `limit` that is not a finite number is left out; anything but a list gives none.
 */
export function fieldErrorsOf(value: unknown): FieldError[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    const { field, code, limit, message } = (entry ?? {}) as Record<string, unknown>;
    if (typeof field !== 'string' || field.trim() === '') return [];
    return [
      {
        field: field.trim(),
        code: isFieldErrorCode(code) ? code : 'INVALID',
        ...(typeof limit === 'number' && Number.isFinite(limit) ? { limit } : {}),
        message: serverText(message),
      },
    ];
  });
}

export interface MarketApiErrorInit {
  kind: MarketApiErrorKind;
  /** Defaults to the code that `kind` and `status` give (see {@link MarketErrorCode}). */
  code?: MarketErrorCode;
  /** HTTP status, or 0 when there was no answer. */
  status: number;
  /** The server's own `response_message`; empty (the default) when the server sent none. */
  responseMessage?: string;
  /**
   * What went wrong, for developers (it goes into `message`, never into `responseMessage`): the SDK's
   * own words where the server said nothing.
   */
  description?: string;
  method: string;
  url: string;
  /** Field-level problems the server reported, if any. */
  fieldErrors?: ReadonlyArray<FieldError>;
  /** Anything else the code carries (for `PROFILE_IMAGE_REFUSED`: why and the limits). */
  details?: Readonly<Record<string, unknown>>;
  cause?: unknown;
}

const STATUS_CODES: Readonly<Record<number, MarketErrorCode>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'VALIDATION_FAILED',
  423: 'ACCOUNT_LOCKED',
  429: 'RATE_LIMITED',
};

/** The password sign-in: no session is involved, so its 401 can only mean wrong credentials. */
const SIGN_IN_PATH = /\/ums\/rest\/v3\/login$/;

/**
 * The code a failure gets when none is given: from its kind, then from its HTTP status (and, for a
 * 401, from the path it answered: `url`).
 */
export function errorCodeOf(
  kind: MarketApiErrorKind,
  status: number,
  cancelled = false,
  url = '',
): MarketErrorCode {
  switch (kind) {
    case 'network':
      return cancelled ? 'REQUEST_CANCELLED' : 'NETWORK_ERROR';
    case 'timeout':
      return 'TIMEOUT';
    case 'malformed':
      return 'MALFORMED_REPLY';
    case 'refresh-unavailable':
      return 'REFRESH_UNAVAILABLE';
    case 'rule':
      return 'BAD_REQUEST';
    default:
      if (status === 401 && SIGN_IN_PATH.test(url.split(/[?#]/)[0] ?? '')) return 'INVALID_CREDENTIALS';
      return STATUS_CODES[status] ?? (status >= 500 ? 'SERVER_ERROR' : 'HTTP_ERROR');
  }
}

/**
 * The one error type of `@marketkit/sdk` and `@marketkit/hooks`: every failure of a call, of a hook
 * or of a rule checked before a call is one of these. Branch on `code` (and `fieldErrors` by field)
 * and show the shopper your own text for it: `responseMessage` is only what the server itself said
 * (empty when it said nothing, and possibly a validator's text), `message` is for developers.
 */
export class MarketApiError extends Error {
  override readonly name = 'MarketApiError';
  declare readonly kind: MarketApiErrorKind;
  declare readonly code: MarketErrorCode;
  declare readonly status: number;
  declare readonly responseMessage: string;
  declare readonly method: string;
  declare readonly url: string;
  declare readonly fieldErrors: ReadonlyArray<FieldError>;
  declare readonly details: Readonly<Record<string, unknown>>;

  constructor({ cause, code, description, responseMessage = '', ...fields }: MarketApiErrorInit) {
    const where = fields.method || fields.url ? `${fields.method} ${fields.url.split('?')[0]} → ` : '';
    const resolved = code ?? errorCodeOf(fields.kind, fields.status, false, fields.url);
    super(`${where}${fields.status || resolved}: ${responseMessage || description || ''}`.trim(), { cause });
    Object.assign(this, fields, {
      responseMessage,
      code: resolved,
      fieldErrors: fields.fieldErrors ?? [],
      details: fields.details ?? {},
    });
  }
}

/**
 * A `MarketApiError` of kind `rule`: refused before any request, with `code` saying why.
 * `message` (the `message` given here) is for developers and `responseMessage` is empty: apps show
 * their own text for the code.
 */
export function ruleError(
  code: MarketErrorCode,
  message: string,
  details?: Readonly<Record<string, unknown>>,
): MarketApiError {
  return new MarketApiError({
    kind: 'rule',
    code,
    status: 0,
    method: '',
    url: '',
    description: message,
    ...(details ? { details } : {}),
  });
}

/** Type guard that also works across package copies (checks the name, not the prototype). */
export function isMarketApiError(value: unknown): value is MarketApiError {
  return value instanceof MarketApiError || (value instanceof Error && value.name === 'MarketApiError');
}
