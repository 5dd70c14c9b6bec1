import type { MarketApiError } from './errors.ts';
import type { components } from './generated/openapi.ts';
import type { SessionTokens, TokenGrant } from './tokens.ts';
import type { RequestBody } from './types.ts';

/** Who is signed in, as the session's token says (read, not verified: the services host verifies). */
export interface MarketSession {
  /**
   * The token's claims (`sub`, `name`, `email`…): those of the access token, else of the id token
   * when the access token has expired; `{}` when neither reads as a JWT.
   */
  readonly claims: Readonly<Record<string, unknown>>;
  /** The first present of the `name`, `given_name` and `preferred_username` claims, else `''`. */
  readonly displayName: string;
}

/**
 * What `client.signIn` takes: a password (`username` is an e-mail address or phone digits, with
 * `extension` for phones) or a one-time code from `POST /ums/rest/v3/otp/generate` (purpose `login`).
 * `device_id`/`device_name` name this device, so that a trusted one skips device verification.
 */
export type SignInCredentials = RequestBody<'login'> | RequestBody<'loginWithOtp'>;

/** What `client.verifyDevice` takes: the code sent, the challenge's reference, and this device. */
export type DeviceVerificationInput = RequestBody<'validateDeviceOtp'>;

/** What `client.signUp` takes: the account's details and the token of a code checked for `signup`. */
export type SignUpInput = RequestBody<'signup'>;

/**
 * The challenge of a sign-in from a device the account does not trust: a code went to
 * `masked_destination`; finish with `client.verifyDevice({ otp, otp_reference, … })`.
 */
export type DeviceVerification = Omit<
  components['schemas']['LoginDeviceVerificationRequired'],
  'login_status'
>;

/** How a sign-in step ended (a failure throws `MarketApiError` instead). */
export type SignInResult =
  /** Signed in: the grant is in `client.tokens`, every later call is made as this shopper. */
  | { status: 'signed-in'; session: MarketSession }
  /** Nothing stored yet: the device must be verified first with the code sent. */
  | { status: 'device-verification-required'; verification: DeviceVerification };

/** How `client.signOut` ended. The token store is cleared in every case. */
export type SignOutResult =
  /** The services host ended the session. */
  | { confirmed: true }
  /**
   * Only this client's tokens were cleared: there was no session (or it had no id token) and nothing
   * was sent (`error: null`), or the logout call failed (`error`), and the session may live on at the
   * services host until its tokens expire.
   */
  | { confirmed: false; error: MarketApiError | null };

function decodeSegment(segment: string): unknown {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

/**
 * A JWT's payload, unverified (the services host verifies; a client only displays); `null` when the
 * token does not read as one. Pure: `@marketkit/hooks/core` reads tokens with it too.
 */
export function tokenClaims(token: string | null | undefined): Record<string, unknown> | null {
  const parts = token?.split('.');
  if (parts?.length !== 3 || !parts[1]) return null;
  try {
    const claims = decodeSegment(parts[1]);
    return claims && typeof claims === 'object' && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/** The shopper's name in a token's claims: the first present of `name`, `given_name`, `preferred_username`. */
export function displayNameOf(claims: Readonly<Record<string, unknown>>): string {
  return text(claims.name) ?? text(claims.given_name) ?? text(claims.preferred_username) ?? '';
}

/**
 * The session the tokens held stand for, or `null` for a guest (no access or refresh token). Pure:
 * reads the claims of the access token, else of the id token (a session whose access token expired is
 * still signed in until the refresh says otherwise).
 */
export function sessionOf(tokens: SessionTokens | null | undefined): MarketSession | null {
  if (!tokens || (!tokens.accessToken && !tokens.refreshToken)) return null;
  const claims = tokenClaims(tokens.accessToken) ?? tokenClaims(tokens.idToken) ?? {};
  return { claims, displayName: displayNameOf(claims) };
}

/**
 * The token grant of an answer (sign-in, refresh), or `null` when it carries no access token. A
 * lifetime that is missing or not above 0 becomes 300 s.
 */
export function grantOf(answer: unknown): TokenGrant | null {
  const grant = answer as TokenGrant | null | undefined;
  if (typeof grant?.access_token !== 'string' || !grant.access_token) return null;
  return { ...grant, expires_in: grant.expires_in > 0 ? grant.expires_in : 300 };
}
