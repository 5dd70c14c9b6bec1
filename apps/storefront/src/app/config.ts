import { CONFIG_PATH, takeEarlyConfig } from '../early/first-calls.ts';

/** Runtime configuration: nothing tenant-specific is compiled in. */
export interface RuntimeConfig {
  /**
   * The services host: an absolute http(s) URL, or a path on the storefront's own origin (`/api`,
   * the storefront server's proxy), which keeps asset URLs the same on the server and in the browser.
   */
  servicesHost: string;
  /** Where `{language}/{namespace}.json` live: a path on this origin (`/locales`) or a URL. */
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

export const DEFAULT_CONFIG: RuntimeConfig = {
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

/** A path on this origin (`/api`): one slash, no backslash, no control characters. */
const isOwnPath = (value: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  value.startsWith('/') && !value.startsWith('//') && !/[\\\u0000-\u001f\u007f]/.test(value);

/** A services or language host: an http(s) URL without a trailing slash, or a path of this origin. */
function host(value: unknown, fallback: string): string {
  if (typeof value !== 'string' || value.trim() === '') return fallback;
  const text = value.trim();
  if (isOwnPath(text)) return text.replace(/\/+$/, '') || '/';
  try {
    const url = new URL(text);
    return ['http:', 'https:'].includes(url.protocol) ? url.href.replace(/\/+$/, '') : fallback;
  } catch {
    return fallback;
  }
}

/** Each setting is taken only when it has the right type; anything else keeps its default. */
export function parseConfig(input: unknown): RuntimeConfig {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return DEFAULT_CONFIG;
  const value = input as Partial<Record<keyof RuntimeConfig, unknown>>;
  return {
    servicesHost: host(value.servicesHost, DEFAULT_CONFIG.servicesHost),
    languageHost: host(value.languageHost, DEFAULT_CONFIG.languageHost),
    store: typeof value.store === 'string' && value.store ? value.store : null,
    defaultStore:
      typeof value.defaultStore === 'string' && value.defaultStore
        ? value.defaultStore
        : DEFAULT_CONFIG.defaultStore,
    storeIds: storeIdsFrom(value.storeIds),
    paymentOrigins: Array.isArray(value.paymentOrigins)
      ? value.paymentOrigins.filter((origin): origin is string => typeof origin === 'string')
      : [],
  };
}

let loading: Promise<RuntimeConfig> | null = null;

/**
 * The configuration a static host serves beside the app (`/config.json`), for the SPA build; a
 * missing, unreadable or odd file leaves the defaults in place. Asked once per page.
 */
export function loadConfig(): Promise<RuntimeConfig> {
  const ask = () =>
    fetch(CONFIG_PATH, { credentials: 'same-origin' }).then((response) =>
      response.ok ? response.json() : null,
    );
  // The early script's answer when it asked already (src/early/first-calls.ts); asked again if that failed.
  loading ??= (takeEarlyConfig()?.catch(ask) ?? ask()).then(parseConfig, () => DEFAULT_CONFIG);
  return loading;
}
