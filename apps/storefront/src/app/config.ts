/** Runtime configuration served with the app (`/config.json`): nothing tenant-specific is compiled in. */
export interface RuntimeConfig {
  servicesHost: string;
  languageHost: string;
  /** A fixed store, or null to take it from the host name's first label. */
  store: string | null;
  /** The store for hosts without a store label (`localhost`, an IP address). */
  defaultStore: string;
}

const DEFAULTS: RuntimeConfig = {
  servicesHost: 'http://127.0.0.1:4010',
  languageHost: '/locales',
  store: null,
  defaultStore: 'demo',
};

export async function loadConfig(): Promise<RuntimeConfig> {
  try {
    const response = await fetch('/config.json', { credentials: 'same-origin' });
    if (!response.ok) return DEFAULTS;
    const value = (await response.json()) as Partial<RuntimeConfig>;
    return {
      servicesHost: typeof value.servicesHost === 'string' ? value.servicesHost : DEFAULTS.servicesHost,
      languageHost: typeof value.languageHost === 'string' ? value.languageHost : DEFAULTS.languageHost,
      store: typeof value.store === 'string' && value.store ? value.store : null,
      defaultStore:
        typeof value.defaultStore === 'string' && value.defaultStore
          ? value.defaultStore
          : DEFAULTS.defaultStore,
    };
  } catch {
    return DEFAULTS;
  }
}

/** `demo.localhost` → `demo`; `localhost` or an IP address → the default store. */
export function storeFromHost(
  hostname: string,
  config: Pick<RuntimeConfig, 'store' | 'defaultStore'>,
): string {
  if (config.store) return config.store;
  const labels = hostname.split('.');
  const first = labels[0] ?? '';
  const isIp = /^[0-9.]+$/.test(hostname) || hostname.includes(':');
  if (isIp || labels.length < 2 || !/^[a-z0-9-]+$/i.test(first)) return config.defaultStore;
  return first.toLowerCase();
}
