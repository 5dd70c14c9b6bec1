import type { Schema } from '@marketkit/sdk';

type StoreSettings = Schema<'StoreSettings'>;

/**
 * Store validation. An error's `reason`: `closed` (the store said it is),
 * `failed` (the services host answered that it has no such store, or an answer of no use), or
 * `unreachable` (no answer: the network, a time limit, or the host itself failing with a 5xx or 429).
 */
export type StoreValidationState =
  | { status: 'loading' }
  | { status: 'success'; name: string; displayName: string; storeId: number }
  | { status: 'error'; reason: 'closed' | 'failed' | 'unreachable' };

/**
 * Why a call of the first screen failed: `unreachable` when the services host gave no answer of its
 * own (network, time limit, a refresh endpoint out of reach, a 5xx or a 429: it is down or busy, and
 * trying again later may work), else `failed` (it answered: no such store, a refusal).
 */
export function storeFailureReason(error: unknown): 'failed' | 'unreachable' {
  if (!error || typeof error !== 'object') return 'failed';
  const { kind, status } = error as { kind?: unknown; status?: unknown };
  if (kind === 'network' || kind === 'timeout' || kind === 'refresh-unavailable') return 'unreachable';
  if (kind === 'http' && typeof status === 'number' && (status >= 500 || status === 429))
    return 'unreachable';
  return 'failed';
}

/** The first screen's wait is called slow after this: the shopper is told it is taking longer. */
export const FIRST_SCREEN_SLOW_MS = 3000;

/**
 * Past this the first screen stops waiting and says the store cannot be reached (with a retry, and
 * checking again by itself): one call's time limit (15 s), by which a hung host has had its whole
 * call, and a host failing fast has had its retries for a blip (1 s, 2 s and 4 s).
 */
export const FIRST_SCREEN_GIVE_UP_MS = 15_000;

/** How long the first screen has waited, as what to show: still `waiting`, `slow`, or `overdue`. */
export function firstScreenWait(elapsedMs: number): 'waiting' | 'slow' | 'overdue' {
  if (!(elapsedMs >= FIRST_SCREEN_SLOW_MS)) return 'waiting';
  return elapsedMs >= FIRST_SCREEN_GIVE_UP_MS ? 'overdue' : 'slow';
}

/**
 * While the store is shown as unreachable it is checked again by itself after 2 s, 4 s, 8 s… and
 * never more than 30 s apart, so it comes back soon after the host does without hammering it.
 */
export const storeRecheckDelay = (attempt: number) =>
  Math.min(2000 * 2 ** Math.max(0, Math.floor(attempt)), 30_000);

export function storeValidationState(input: {
  isLoading: boolean;
  error?: unknown;
  data?: Schema<'StoreValidation'>;
}): StoreValidationState {
  if (input.isLoading) return { status: 'loading' };
  if (input.error) return { status: 'error', reason: storeFailureReason(input.error) };
  if (!input.data) return { status: 'error', reason: 'failed' };
  if (!input.data.store_status) return { status: 'error', reason: 'closed' };
  return {
    status: 'success',
    name: input.data.name,
    displayName: input.data.store_display_name,
    storeId: input.data.store_id,
  };
}

/**
 * The store id to load settings for: the validated one, or while validation runs a hint (the id seen
 * on the last visit, or one given in configuration) so settings load alongside validation instead of
 * after it. A wrong hint costs one wasted request: the validated id always wins.
 */
export function settingsStoreId(validation: StoreValidationState, hint: number | null): number | null {
  if (validation.status === 'success') return validation.storeId;
  if (validation.status === 'loading') return hint;
  return null;
}

/** How the last validated store id is remembered: `{realm}:{id}`, so another store's id never applies. */
export const storeIdHintValue = (realm: string, storeId: number) => `${realm}:${storeId}`;

/** The remembered id for this realm, or null when absent, for another realm or malformed. */
export function storeIdHint(stored: string | null | undefined, realm: string): number | null {
  if (!stored) return null;
  const separator = stored.lastIndexOf(':');
  if (separator <= 0 || stored.slice(0, separator) !== realm) return null;
  const id = Number(stored.slice(separator + 1));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Theme tokens; each becomes a CSS variable. */
export interface Theme {
  pageBg: string;
  pageFg: string;
  headerBg: string;
  headerFg: string;
  footerBg: string;
  footerFg: string;
  primaryBg: string;
  primaryFg: string;
  secondaryBg: string;
  secondaryFg: string;
  tertiaryBg: string;
  tertiaryFg: string;
  primaryColor: string;
}

/** The storefront's defaults. */
export const DEFAULT_THEME: Theme = {
  pageBg: '#ffffff',
  pageFg: '#000000',
  headerBg: '#ffffff',
  headerFg: '#000000',
  footerBg: '#ffffff',
  footerFg: '#000000',
  primaryBg: '#FFB703',
  primaryFg: '#111928',
  secondaryBg: '#ffffff',
  secondaryFg: '#023047',
  tertiaryBg: '#ffffff',
  tertiaryFg: '#000000',
  primaryColor: '#a3a3a3',
};

/** A store value wins only when it is a non-empty string. */
const pick = (value: string | null | undefined, fallback: string) =>
  typeof value === 'string' && value.trim() !== '' ? value : fallback;

/** A colour as CSS: `#hex`, a colour name or `rgb()`/`hsl()` with numbers only. */
const SAFE_COLOUR = /^(#[0-9a-f]{3,8}|[a-z]{3,30}|(rgb|rgba|hsl|hsla)\([0-9.,%\s/]+\))$/i;

/**
 * A store's colour when it is one (see `SAFE_COLOUR`), else null: `url(https://…)`, `var(…)`,
 * `expression(…)` or anything that could close a rule never reaches a style.
 */
export const safeColour = (value: unknown): string | null =>
  typeof value === 'string' && SAFE_COLOUR.test(value.trim()) ? value.trim() : null;

/** A store colour wins only when it is a colour (`safeColour`). */
const pickColour = (value: string | null | undefined, fallback: string) => safeColour(value) ?? fallback;

/** WCAG relative luminance of `#rgb` or `#rrggbb`; null for colours it cannot read (names, `rgb()`). */
export function luminance(color: string): number | null {
  const hex = color.trim().replace(/^#/, '');
  const full = /^[0-9a-f]{3}$/i.test(hex)
    ? [...hex].map((c) => c + c).join('')
    : /^[0-9a-f]{6}$/i.test(hex)
      ? hex
      : null;
  if (!full) return null;
  const channel = (index: number) => {
    const value = Number.parseInt(full.slice(index, index + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

/** WCAG contrast ratio of two colours (1 to 21), or null when either cannot be read. */
export function contrastRatio(a: string, b: string): number | null {
  const la = luminance(a);
  const lb = luminance(b);
  if (la === null || lb === null) return null;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** WCAG AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

/**
 * The store's text colour on a background when it reads (4.5:1), else black or white, whichever
 * reads better: a tenant's colour choice never makes a button or header illegible. Colours that
 * cannot be measured are kept as they are.
 */
export function readableText(background: string, text: string): string {
  const ratio = contrastRatio(background, text);
  if (ratio === null || ratio >= MIN_TEXT_CONTRAST) return text;
  const black = contrastRatio(background, '#000000') ?? 0;
  const white = contrastRatio(background, '#ffffff') ?? 0;
  return black >= white ? '#000000' : '#ffffff';
}

/** The theme from the first `store_settings_data` entry. */
export function themeFromSettings(settingsList: readonly StoreSettings[] | undefined): Theme {
  const settings = settingsList?.[0];
  if (!settings) return { ...DEFAULT_THEME };
  const page = settings.store_page_settings;
  const theme: Theme = {
    pageBg: pickColour(page?.bg_color, DEFAULT_THEME.pageBg),
    pageFg: pickColour(page?.fg_color, DEFAULT_THEME.pageFg),
    headerBg: pickColour(settings.store_header_settings?.bg_color, DEFAULT_THEME.headerBg),
    headerFg: pickColour(settings.store_header_settings?.fg_color, DEFAULT_THEME.headerFg),
    footerBg: pickColour(settings.store_footer_settings?.bg_color, DEFAULT_THEME.footerBg),
    footerFg: pickColour(settings.store_footer_settings?.fg_color, DEFAULT_THEME.footerFg),
    primaryBg: pickColour(page?.btn_primary_bg_color, DEFAULT_THEME.primaryBg),
    primaryFg: pickColour(page?.btn_primary_fg_color, DEFAULT_THEME.primaryFg),
    secondaryBg: pickColour(page?.btn_secondary_bg_color, DEFAULT_THEME.secondaryBg),
    secondaryFg: pickColour(page?.btn_secondary_fg_color, DEFAULT_THEME.secondaryFg),
    tertiaryBg: pickColour(page?.btn_tertiary_bg_color, DEFAULT_THEME.tertiaryBg),
    tertiaryFg: pickColour(page?.btn_tertiary_fg_color, DEFAULT_THEME.tertiaryFg),
    primaryColor: DEFAULT_THEME.primaryColor,
  };
  return {
    ...theme,
    pageFg: readableText(theme.pageBg, theme.pageFg),
    headerFg: readableText(theme.headerBg, theme.headerFg),
    footerFg: readableText(theme.footerBg, theme.footerFg),
    primaryFg: readableText(theme.primaryBg, theme.primaryFg),
    secondaryFg: readableText(theme.secondaryBg, theme.secondaryFg),
    tertiaryFg: readableText(theme.tertiaryBg, theme.tertiaryFg),
  };
}

/** CSS custom properties of a theme (`--mk-page-bg`…); a value that is no colour is left out. */
export function themeCssVariables(theme: Theme): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(theme)) {
    const colour = safeColour(value);
    if (colour) out[`--mk-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`] = colour;
  }
  return out;
}

/** The theme as one style sheet for the page's root (`:root{--mk-page-bg:#fff;…}`), safe to inline. */
export const themeStyleSheet = (theme: Theme) =>
  `:root{${Object.entries(themeCssVariables(theme))
    .map(([name, value]) => `${name}:${value}`)
    .join(';')}}`;

export interface Currency {
  isoCode: string;
  symbol: string;
  fractionalUnit: string;
  numberToBasic: number;
}

/** INR, rupee symbol, Paise, 100 when the settings give no currency. */
export const DEFAULT_CURRENCY: Currency = {
  isoCode: 'INR',
  symbol: '₹',
  fractionalUnit: 'Paise',
  numberToBasic: 100,
};

export function currencyFromSettings(settingsList: readonly StoreSettings[] | undefined): Currency {
  const currency = settingsList?.[0]?.store_currency;
  if (!currency) return { ...DEFAULT_CURRENCY };
  return {
    isoCode: pick(currency.iso_code, DEFAULT_CURRENCY.isoCode),
    symbol: pick(currency.symbol, DEFAULT_CURRENCY.symbol),
    fractionalUnit: pick(currency.fractional_unit, DEFAULT_CURRENCY.fractionalUnit),
    numberToBasic: currency.number_to_basic > 0 ? currency.number_to_basic : DEFAULT_CURRENCY.numberToBasic,
  };
}

/** `Online store | {store name}`. */
export const pageTitle = (storeName: string | null | undefined) =>
  `Online store | ${storeName ?? ''}`.trimEnd();

/**
 * The store a host name serves: a fixed one from configuration, else the host's first label
 * (`souq.example.com` → `souq`), else the default (`localhost`, an IP address, an odd label). The
 * storefront and its server both ask this, so they always agree.
 */
export function storeFromHost(
  hostname: string,
  config: { store: string | null; defaultStore: string },
): string {
  if (config.store) return config.store;
  const labels = hostname.split('.');
  const first = labels[0] ?? '';
  const isIp = /^[0-9.]+$/.test(hostname) || hostname.includes(':');
  if (isIp || labels.length < 2 || !/^[a-z0-9-]+$/i.test(first)) return config.defaultStore;
  return first.toLowerCase();
}
