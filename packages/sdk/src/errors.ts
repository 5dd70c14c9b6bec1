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
  | 'refresh-unavailable';

export interface MarketApiErrorInit {
  kind: MarketApiErrorKind;
  /** HTTP status, or 0 when there was no answer. */
  status: number;
  /** The server's `response_message`, or a clear description when the server gave none. */
  responseMessage: string;
  method: string;
  url: string;
  /** Field-level problems the server reported, if any. */
  fieldErrors?: ReadonlyArray<{ field: string; message: string }>;
  cause?: unknown;
}

/**
 * The one error type of `@marketkit/sdk`. `responseMessage` is safe to show to a shopper (it is the
 * server's `response_message` when there was one).
 */
export class MarketApiError extends Error {
  override readonly name = 'MarketApiError';
  declare readonly kind: MarketApiErrorKind;
  declare readonly status: number;
  declare readonly responseMessage: string;
  declare readonly method: string;
  declare readonly url: string;
  declare readonly fieldErrors: ReadonlyArray<{ field: string; message: string }>;

  constructor({ cause, ...fields }: MarketApiErrorInit) {
    super(
      `${fields.method} ${fields.url.split('?')[0]} → ${fields.status || fields.kind}: ${fields.responseMessage}`.trim(),
      {
        cause,
      },
    );
    Object.assign(this, fields, { fieldErrors: fields.fieldErrors ?? [] });
  }
}

/** Type guard that also works across package copies (checks the name, not the prototype). */
export function isMarketApiError(value: unknown): value is MarketApiError {
  return value instanceof MarketApiError || (value instanceof Error && value.name === 'MarketApiError');
}
