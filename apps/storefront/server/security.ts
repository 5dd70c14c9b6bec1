// The storefront's response headers, set by helmet: a Content-Security-Policy whose scripts are the
// storefront's own files and the inline scripts of this response (by nonce), and the usual hardening
// headers. What is ours is the policy itself: which hosts a page may use, and when.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/** reCAPTCHA v3 (used only by stores that turn it on): its script and its invisible frame. */
const RECAPTCHA = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
/** Google Tag Manager (only for stores that set google_analytics_tag) and where it reports. */
const TAG_MANAGER = 'https://www.googletagmanager.com';
const ANALYTICS = ['https://*.google-analytics.com', 'https://*.analytics.google.com'];

/** What the policy is made from: the runtime configuration's hosts. */
export interface PolicyConfig {
  servicesHost: string;
  languageHost?: string;
  paymentOrigins?: readonly string[];
}

/** A page's features that widen its policy. */
export interface PageFeatures {
  /** Allow Google Tag Manager and analytics (a store that sets a tag, or whose settings are unknown). */
  tagManager?: boolean;
}

/** The http(s) origin of a URL (resolved against `base`), or null. */
export function originOf(value: string, base?: string): string | null {
  try {
    const url = new URL(value, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

// Each response's nonce, kept beside it (helmet's directive functions get the bare Node response).
const nonces = new WeakMap<ServerResponse, string>();

/** This response's script nonce (set by `securityHeaders`' first step). */
export function nonceOf(response: ServerResponse): string {
  const nonce = nonces.get(response);
  if (!nonce) throw new Error('No nonce: securityHeaders() must run before anything that renders');
  return nonce;
}

type Directive = string | ((request: IncomingMessage, response: ServerResponse) => string);

/**
 * The policy's directives. Scripts: the storefront's own files, the inline scripts React Router and
 * React write into this page (they carry the nonce; no 'unsafe-inline'), reCAPTCHA's (only stores
 * that turn it on load it) and, with `tagManager`, the tag manager's. Calls only to the storefront
 * itself, the services host, the language host and (with `tagManager`) analytics; form posts only to
 * itself and the configured payment origins. Inline styles stay allowed: the store's theme, the
 * toaster and the dialogs' scroll lock use them. Relative hosts (`/api`, `/locales`) are the
 * storefront's own origin and need no entry.
 */
export function policyDirectives(
  { servicesHost, languageHost = '/locales', paymentOrigins = [] }: PolicyConfig,
  { tagManager = false }: PageFeatures = {},
): Record<string, Directive[]> {
  const base = 'http://storefront.invalid';
  const others = (...values: readonly string[]) => [
    ...new Set(
      values.map((value) => originOf(value, base)).filter((o): o is string => o !== null && o !== base),
    ),
  ];
  const tags = (...hosts: string[]) => (tagManager ? hosts : []);
  return {
    'default-src': ["'self'"],
    'script-src': [
      "'self'",
      (_request, response) => `'nonce-${nonceOf(response)}'`,
      ...RECAPTCHA,
      ...tags(TAG_MANAGER),
    ],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...others(servicesHost), ...tags(TAG_MANAGER, ...ANALYTICS)],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...others(servicesHost, languageHost), ...tags(TAG_MANAGER, ...ANALYTICS)],
    'frame-src': [RECAPTCHA[0] as string],
    'form-action': ["'self'", ...others(...paymentOrigins)],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    'worker-src': ["'none'"],
    'manifest-src': ["'self'"],
  };
}

/** The policy as middleware: sets the header on the response it is given. */
function policy(config: PolicyConfig, features: PageFeatures): RequestHandler {
  return helmet.contentSecurityPolicy({ useDefaults: false, directives: policyDirectives(config, features) });
}

export interface SecurityHeaders {
  /** The headers of every answer, a fresh nonce first: the first step of the server. */
  headers: RequestHandler[];
  /** Replaces the answer's policy with a page's own, once it knows the store's settings. */
  setPagePolicy(request: Request, response: Response, features: PageFeatures): void;
}

/**
 * The storefront's security headers. Of helmet's headers only those the storefront has always sent
 * are on (its other defaults would change what production answers; each is one line to turn on).
 */
export function securityHeaders(config: PolicyConfig): SecurityHeaders {
  const plain = policy(config, {});
  const withTags = policy(config, { tagManager: true });
  const nonce: RequestHandler = (_request, response, next) => {
    nonces.set(response, randomBytes(16).toString('base64'));
    next();
  };
  const others = helmet({
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: false,
    originAgentCluster: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
    xContentTypeOptions: true,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: { action: 'deny' },
    xPermittedCrossDomainPolicies: false,
    xPoweredBy: false, // the app turns Express's off itself
    xXssProtection: false,
  });
  // Browsers keep to https for a year once they have seen it over https (never over http: a
  // development or plain-http deployment would lock itself out).
  const transport = helmet.strictTransportSecurity();
  const https: RequestHandler = (request, response, next) =>
    request.secure ? transport(request, response, next) : next();
  // Not one of helmet's headers.
  const permissions: RequestHandler = (_request, response, next) => {
    response.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    next();
  };
  const failed = (error?: unknown) => {
    if (error) throw error;
  };
  return {
    headers: [nonce, plain, others, https, permissions],
    setPagePolicy: (request, response, { tagManager = false }) =>
      (tagManager ? withTags : plain)(request, response, failed as NextFunction),
  };
}
