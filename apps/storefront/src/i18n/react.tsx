import { createContext, type ReactNode, useCallback, useContext, useSyncExternalStore } from 'react';
import type { TranslationValues } from './catalog.ts';
import type { I18n, Namespace } from './i18n.ts';

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useT needs an <I18nProvider> above it');
  return i18n;
}

/**
 * Texts of the given namespaces in the current language: `t('key')` reads the first namespace that
 * has it, `t('cart:added')` one namespace. `ready` is false until they have loaded (or failed for good).
 */
export function useT(namespaces: Namespace | readonly Namespace[]) {
  const i18n = useI18n();
  const list: readonly Namespace[] = typeof namespaces === 'string' ? [namespaces] : namespaces;
  const names = list.join(',');
  const version = useSyncExternalStore(i18n.subscribe, i18n.getVersion, i18n.getVersion);
  // Idempotent: starting the fetch while rendering saves a commit before the request goes out.
  i18n.load(list);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `t` when texts or the language change
  const t = useCallback(
    (key: string, values?: TranslationValues) => i18n.t(names.split(',') as Namespace[], key, values),
    [i18n, names, version],
  );
  return { t, ready: i18n.isSettled(list), language: i18n.language };
}
