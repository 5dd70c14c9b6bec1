import { storeFromHost as coreStoreFromHost } from '@marketkit/hooks/core';
/** Runtime configuration served with the app (`/config.json`): nothing tenant-specific is compiled in. */
export interface RuntimeConfig {
  servicesHost: string;
  languageHost: string;
  /** A fixed store, or null to take it from the host name's first label. */
  store: string | null;
  /** The store for hosts without a store label (`localhost`, an IP address). */
  defaultStore: string;
  /** Store ids known ahead of validation: settings then load alongside it (one round trip saved). */
  storeIds: Record<string, number>;
  /**
   * Where this deployment may send a shopper to pay (origins of the card gateway and the second
   * provider). A payment configuration naming any other page is refused, whatever the server says.
   */
  paymentOrigins: string[];
}

const DEFAULTS: RuntimeConfig = {
  servicesHost: 'http://127.0.0.1:4010',
  languageHost: '/locales',
  store: null,
  defaultStore: 'demo',
  storeIds: {},
  paymentOrigins: [],
};

function storeIdsFrom(value: unknown): Record<string, number> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, number] => Number.isSafeInteger(entry[1]) && entry[1] > 0,
    ),
  );
}

/** Where the storefront's server puts the configuration in the page (`scripts/storefront-server.mjs`). */
export const INLINE_CONFIG_ID = 'marketkit-config';

/**
 * The configuration the page carries, else `/config.json` (a static host serves the file alone); a
 * missing, unreadable or odd one leaves the defaults in place.
 */
export async function loadConfig(): Promise<RuntimeConfig> {
  const inline = document.getElementById(INLINE_CONFIG_ID)?.textContent;
  if (inline) {
    try {
      return parseConfig(JSON.parse(inline), location.origin);
    } catch {
      // Not JSON (changed on its way): the file is asked for instead.
    }
  }
  try {
    const response = await fetch('/config.json', { credentials: 'same-origin' });
    return response.ok ? parseConfig(await response.json(), location.origin) : DEFAULTS;
  } catch {
    return DEFAULTS;
  }
}

/** An absolute services host; a path (`/api`, a same-origin proxy) is resolved against the page. */
function absoluteHost(value: unknown, origin: string): string {
  if (typeof value !== 'string' || value.trim() === '') return DEFAULTS.servicesHost;
  try {
    const url = new URL(value, origin);
    return ['http:', 'https:'].includes(url.protocol) ? url.href.replace(/\/+$/, '') : DEFAULTS.servicesHost;
  } catch {
    return DEFAULTS.servicesHost;
  }
}

/** Each setting is taken only when it has the right type; anything else keeps its default. */
export function parseConfig(input: unknown, origin: string): RuntimeConfig {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return DEFAULTS;
  const value = input as Partial<Record<keyof RuntimeConfig, unknown>>;
  return {
    servicesHost: absoluteHost(value.servicesHost, origin),
    languageHost: typeof value.languageHost === 'string' ? value.languageHost : DEFAULTS.languageHost,
    store: typeof value.store === 'string' && value.store ? value.store : null,
    defaultStore:
      typeof value.defaultStore === 'string' && value.defaultStore
        ? value.defaultStore
        : DEFAULTS.defaultStore,
    storeIds: storeIdsFrom(value.storeIds),
    paymentOrigins: Array.isArray(value.paymentOrigins)
      ? value.paymentOrigins.filter((origin): origin is string => typeof origin === 'string')
      : [],
  };
}

/** `demo.localhost` → `demo`; `localhost` or an IP address → the default store (the hooks' rule,
 * which the storefront's server asks too). */
export function storeFromHost(
  hostname: string,
  config: Pick<RuntimeConfig, 'store' | 'defaultStore'>,
): string {
  return coreStoreFromHost(hostname, config);
}
