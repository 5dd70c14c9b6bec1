/**
 * `@marketkit/sdk` — a typed client of the Marketkit services host. Its named calls
 * (`sdk.products.list(query)`) are in `@marketkit/sdk/calls`.
 *
 * @packageDocumentation
 */
export { ALL_PAGES } from './all-pages.ts';
export { resolveAssetUrl, resolveHostAssetUrls, splitAssetList } from './asset-url.ts';
export { createMarketClient, type MarketClient, type MarketClientOptions } from './client.ts';
export { type CookieAttributes, type CookieJar, readCookie, writeCookie } from './cookies.ts';
export {
  errorCodeOf,
  FIELD_ERROR_CODES,
  type FieldError,
  type FieldErrorCode,
  isMarketApiError,
  MARKET_ERROR_CODES,
  MarketApiError,
  type MarketApiErrorInit,
  type MarketApiErrorKind,
  type MarketErrorCode,
  ruleError,
} from './errors.ts';
export {
  ALL_PRODUCTS_PINCODE,
  acceptJson,
  authOrRealm,
  type DefaultMiddlewareOptions,
  defaultMiddleware,
  languageCode,
  onlyForOrigin,
  pinCode,
  type RequestDraft,
  type RequestMiddleware,
  xsrfToken,
} from './middleware.ts';
export { formatPrice, fromMinor, type PaidLine, paidPerLine, toMinor } from './money.ts';
export type { BroadcastChannelLike, LockManagerLike, RefreshOutcome, SessionEndReason } from './refresh.ts';
export {
  type DeviceVerification,
  type DeviceVerificationInput,
  displayNameOf,
  type MarketSession,
  type SignInCredentials,
  type SignInResult,
  type SignOutResult,
  type SignUpInput,
  tokenClaims,
} from './session.ts';
export {
  type CookieTokenStoreOptions,
  createCookieTokenStore,
  createMemoryTokenStore,
  type SessionTokens,
  type TokenGrant,
  type TokenStore,
} from './tokens.ts';
export type { HttpErrorEvent, ReplayFailedEvent } from './transport.ts';
export type {
  components,
  Envelope,
  operations,
  paths,
  RequestBody,
  ResponseBody,
  Schema,
} from './types.ts';
export { unwrap } from './unwrap.ts';
