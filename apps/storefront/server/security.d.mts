/** The storefront's security headers (CSP with this response's script nonce, nosniff…). */
export function securityHeaders(
  config: { servicesHost: string; languageHost?: string; paymentOrigins?: readonly string[] },
  nonce?: string,
): Record<string, string>;
