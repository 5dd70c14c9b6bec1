/** The storefront's security headers (CSP with this response's script nonce, nosniff…). */
export function securityHeaders(
  config: { servicesHost: string; languageHost?: string; paymentOrigins?: readonly string[] },
  nonce?: string,
  /** `tagManager`: allow Google Tag Manager and analytics (a store that sets a tag). */
  features?: { tagManager?: boolean },
): Record<string, string>;
