// The first view: what a shopping screen shows first (the header, the home page's hero, a listing's
// first tiles, a product's picture), drawn by the storefront's server into the page. A shopper on a
// slow phone sees the store while the app's JavaScript is still on its way; the app then draws the
// same screen in the same place and removes this one (see docs/decisions/0006).
//
// It is drawn only when it will match what the app draws: a guest view in the store's default
// language when that is the page's starting language (English), with no saved pincode or language
// (the page's `mk_view` cookie, kept by the boot script), for a store that answers in time. Anything
// else gets the plain page and the app's own loading screen.
//
// The markup copies the classes of the screens it stands for (shell/header.tsx, pages/home.tsx,
// pages/listing.tsx, pages/product.tsx, ui's ProductCard); a browser test compares the boxes. It is
// made of <div>, <span> and <img> only: the reset styles draw headings, lists and landmarks as
// plain blocks, and the page keeps one header, one main and one h1 (the app's) for assistive
// technology and for anything that looks for them.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/**
 * The cookie that turns the first view off: the boot script sets it to `app` while the shopper has a
 * saved language or pincode; any value (`off` for a developer or a test) does the same.
 */
export const VIEW_COOKIE = 'mk_view';
/** How long a page waits for its first view before it goes out without one. */
export const FIRST_VIEW_TIMEOUT_MS = 250;
/** How long a drawn view (or the decision not to draw one) is reused for the same page. */
export const FIRST_VIEW_TTL_MS = 30_000;
const CACHE_LIMIT = 500;
/** The listing's eagerly loaded tiles (`EAGER_TILES` in boot/first-images.ts). */
const EAGER_TILES = 2;
/** Stands for the page's origin while asset paths are resolved (never in the markup). */
const PAGE_ORIGIN = 'http://storefront.invalid';

let libraries;
/** The built SDK and hooks (the same rules the app runs), loaded once (the server does it as it starts). */
export const load = () => {
  const module = (path) => import(pathToFileURL(join(ROOT, 'packages', path)).href);
  libraries ??= Promise.all([
    module('hooks/dist/core/index.js'),
    module('hooks/dist/prefetch/index.js'),
    module('sdk/dist/index.js'),
  ]).then(([core, prefetch, sdk]) => ({ core, prefetch, sdk }));
  return libraries;
};

/** Text and attribute values: nothing the services host sends can become markup. */
export const escapeHtml = (value) => String(value ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A theme colour as CSS: `#hex`, a colour name or `rgb()`/`hsl()` with numbers; else null. */
const SAFE_COLOUR = /^(#[0-9a-f]{3,8}|[a-z]{3,30}|(rgb|rgba|hsl|hsla)\([0-9.,%\s/]+\))$/i;
export const safeColour = (value) =>
  typeof value === 'string' && SAFE_COLOUR.test(value.trim()) ? value.trim() : null;

/** The screen a request shows, when it is one the server draws. */
export function firstViewScreen(pathname, search) {
  const params = new URLSearchParams(search);
  if (pathname === '/' && search === '') return { kind: 'home' };
  if (pathname === '/productListing' && search === '') return { kind: 'listing' };
  if (pathname === '/ProductDetails' && [...params.keys()].join() === 'productId') {
    const productId = Number(params.get('productId'));
    if (Number.isSafeInteger(productId) && productId > 0 && String(productId) === params.get('productId'))
      return { kind: 'product', productId };
  }
  return null;
}

/** The store a host name serves: the rule the app follows (`storeFromHost` of the hooks' core). */
export async function storeFromHost(hostname, config) {
  const { core } = await load();
  return core.storeFromHost(hostname, config);
}

const textCache = new Map();
/** The app's own texts (dist/locales), with `{{name}}` values and `_one`/`_other` plurals. */
function texts(root, language, namespace) {
  const file = join(root, 'locales', language, `${namespace}.json`);
  if (!textCache.has(file)) {
    try {
      textCache.set(file, JSON.parse(readFileSync(file, 'utf8')));
    } catch {
      textCache.set(file, {});
    }
  }
  const table = textCache.get(file);
  const plural = new Intl.PluralRules(language);
  return (key, values = {}) => {
    const name =
      typeof values.count === 'number' && typeof table[`${key}_${plural.select(values.count)}`] === 'string'
        ? `${key}_${plural.select(values.count)}`
        : key;
    const found = name
      .split('.')
      .reduce((value, part) => (value && typeof value === 'object' ? value[part] : undefined), table);
    const text = typeof found === 'string' ? found : '';
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, value) => String(values[value] ?? ''));
  };
}

const LOGO_HEIGHT = { small: 'h-7 sm:h-8', medium: 'h-8 sm:h-10', large: 'h-9 sm:h-12' };
const LINK_BOX = 'flex min-h-10 min-w-10 items-center justify-center gap-1 rounded-md px-2';
const ICON = '<span class="inline-block size-5"></span>';

function header({ logoUrl, logoSize, storeName, languages, t }) {
  const logo = logoUrl
    ? `<img src="${escapeHtml(logoUrl)}" alt="" width="160" height="40" fetchpriority="high" class="${Object.hasOwn(LOGO_HEIGHT, logoSize) ? LOGO_HEIGHT[logoSize] : LOGO_HEIGHT.medium} w-auto max-w-[7.5rem] object-contain sm:max-w-[11rem]">`
    : `<span class="truncate">${escapeHtml(storeName)}</span>`;
  const language =
    languages > 1
      ? '<span class="min-h-10 w-[6.5rem] rounded-md border border-current/30 sm:w-28"></span>'
      : '';
  return `<div class="border-b border-current/10 bg-header text-header-fg"><div class="mx-auto flex max-w-6xl flex-wrap items-center gap-x-1 gap-y-2 px-3 py-2 sm:gap-x-3 sm:px-4"><span class="${LINK_BOX}">${ICON}<span class="hidden lg:inline">${escapeHtml(t('categories'))}</span></span><span class="flex min-h-10 min-w-0 shrink items-center font-semibold">${logo}</span><div class="order-last basis-full md:order-none md:basis-auto md:flex-1"><div class="flex w-full min-w-0 items-center gap-2"><span class="min-h-10 w-full min-w-0 rounded-md border border-current/30"></span><span class="min-h-10 min-w-10 rounded-md bg-primary"></span></div></div><div class="ms-auto flex items-center gap-1 sm:gap-2">${language}<span class="${LINK_BOX}">${ICON}</span><span class="${LINK_BOX}">${ICON}<span class="sr-only sm:not-sr-only">${escapeHtml(t('sign_in'))}</span></span></div></div></div>`;
}

function home({ settings, heroUrl, t }) {
  const page = settings.store_home_settings ?? {};
  const title = page.hero_title || t('welcome', { store: settings.store_display_name ?? '' });
  const subtitle = page.hero_subtitle
    ? `<div class="opacity-80">${escapeHtml(page.hero_subtitle)}</div>`
    : '';
  const picture = heroUrl
    ? `<img src="${escapeHtml(heroUrl)}" alt="" width="960" height="480" fetchpriority="high" class="aspect-[2/1] w-full rounded-lg object-cover">`
    : '';
  return `<div class="mx-auto flex max-w-6xl flex-col gap-10 px-4 py-6"><div class="grid items-center gap-6 overflow-hidden rounded-xl bg-primary/10 p-6 md:grid-cols-2"><div class="flex flex-col gap-3"><div class="font-bold text-2xl sm:text-3xl">${escapeHtml(title)}</div>${subtitle}<span class="inline-flex min-h-10 w-fit items-center rounded-md bg-primary px-4 font-medium text-primary-fg">${escapeHtml(t('shop_now'))}</span></div>${picture}</div></div>`;
}

function tile({ product, image, priority, price }) {
  return `<div><div class="flex flex-col gap-2 rounded-lg border border-current/10 p-3"><span class="flex flex-col gap-2"><img src="${escapeHtml(image)}" alt="" width="300" height="300" loading="${priority ? 'eager' : 'lazy'}" fetchpriority="${priority ? 'high' : 'auto'}" decoding="async" class="aspect-square w-full rounded-md object-cover"><div class="line-clamp-2 font-medium">${escapeHtml(product.product_name)}</div></span><div class="flex flex-wrap items-center gap-2"><span class="inline-flex flex-wrap items-baseline gap-2"><span class="font-semibold">${escapeHtml(price)}</span></span></div></div></div>`;
}

function listing({ list, tiles, sorts, t }) {
  const total = Number.isSafeInteger(list.total_count) ? list.total_count : tiles.length;
  return `<div class="mx-auto grid max-w-6xl gap-6 px-4 py-6 lg:grid-cols-[16rem_1fr]"><div class="lg:order-first"><div class="rounded-lg border border-current/10 p-3"><span class="font-semibold">${escapeHtml(t('filters'))}</span></div></div><div class="flex min-w-0 flex-col gap-4"><div class="flex flex-wrap items-end justify-between gap-3"><div><div class="font-bold text-2xl">${escapeHtml(t('all_products_title'))}</div><div class="text-sm opacity-70">${escapeHtml(t('result_count', { count: total }))}</div></div><span class="flex gap-1 text-sm items-center gap-2"><span class="whitespace-nowrap font-medium">${escapeHtml(t('sort'))}</span><select disabled class="min-h-10 rounded-md border border-current/30 bg-transparent px-2 w-auto">${sorts.map((sort) => `<option>${escapeHtml(t(`sort_by.${sort}`))}</option>`).join('')}</select></span></div><div><div class="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">${tiles.join('')}</div></div></div></div>`;
}

function product({ item, image, t }) {
  const crumbs = (item.category_path ?? [])
    .map((c) => `<div class="before:me-1 before:content-['/']">${escapeHtml(c.category_name)}</div>`)
    .join('');
  return `<div class="mx-auto flex max-w-6xl flex-col gap-10 px-4 py-6"><div class="text-sm"><div class="flex flex-wrap gap-1 opacity-80"><div>${escapeHtml(t('home'))}</div>${crumbs}</div></div><div class="grid gap-8 md:grid-cols-2"><div class="flex flex-col gap-3"><img src="${escapeHtml(image)}" alt="" width="600" height="600" fetchpriority="high" class="aspect-square w-full rounded-lg border border-current/10 object-contain"></div><div class="flex flex-col gap-4"><div class="font-bold text-2xl sm:text-3xl">${escapeHtml(item.product_name)}</div></div></div></div>`;
}

/**
 * The first view's markup and the answers it was drawn from, or null when the page is better without
 * one. It is drawn in the language a page starts in without a saved one (the hooks'
 * `FALLBACK_LANGUAGE`), for a store whose default it is.
 * `servicesHost` is the one the page uses (`/api` behind the proxy); `upstream` where this server
 * asks. The server waits for this only so long (`FIRST_VIEW_TIMEOUT_MS`); a late answer serves the
 * next shoppers from the cache.
 */
export async function drawFirstView({ screen, store, storeId, servicesHost, upstream, root }) {
  if (!screen || storeId === undefined) return null;
  const { core, prefetch, sdk } = await load();
  // Relative asset URLs stay relative: the same request as the app's, whatever host the page has.
  const relative = servicesHost.startsWith('/');
  const asset = (path) => {
    const url = sdk.resolveAssetUrl(relative ? `${PAGE_ORIGIN}${servicesHost}` : servicesHost, path);
    if (!url || !relative || !url.startsWith(`${PAGE_ORIGIN}/`)) return url;
    // On the page's own origin: a root-relative path, never one a browser would read as a host.
    const local = url.slice(PAGE_ORIGIN.length);
    return local.startsWith('//') || local.startsWith('/\\') ? null : local;
  };
  const data =
    screen.kind === 'product'
      ? { kind: 'product', productId: screen.productId }
      : screen.kind === 'listing'
        ? { kind: 'products', query: core.productsQuery(core.DEFAULT_LISTING) }
        : null;
  const calls = prefetch.prefetchStore({
    servicesHost: upstream,
    store,
    storeId,
    storage: { getItem: () => null },
    screen: data ? [data] : [],
  });
  let result;
  try {
    result = await Promise.all([
      calls.validation,
      calls.settings?.result,
      calls.languages,
      calls.screen[0]?.result,
    ]);
  } catch {
    return null; // A call failed: the app shows what it shows for that.
  }
  const [validation, settingsBody, languagesBody, screenBody] = result;
  if (core.storeValidationState({ isLoading: false, data: validation }).status !== 'success') return null;
  const settings = settingsBody?.store_settings_data?.[0];
  if (!settings) return null;
  const languages = Array.isArray(languagesBody?.data) ? languagesBody.data : [];
  const language = core.FALLBACK_LANGUAGE;
  const resolved = core.resolveLanguage(null, languages);
  if (resolved.language !== language || resolved.direction !== 'LTR') return null;

  const t = (namespace) => texts(root, language, namespace);
  const theme = core.themeCssVariables(core.themeFromSettings(settingsBody.store_settings_data));
  const style = Object.entries(theme)
    .map(([name, value]) => [name, safeColour(value)])
    .filter(([, value]) => value)
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
  const top = header({
    logoUrl: asset(settings.store_logo_path),
    logoSize: settings.logo_size ?? 'medium',
    storeName: validation.store_display_name ?? '',
    languages: languages.filter((l) => l.status === 1).length,
    t: t('header'),
  });
  let main;
  if (screen.kind === 'home') {
    const heroUrl = asset(settings.store_home_settings?.hero_image_path);
    main = home({ settings, heroUrl, t: t('home') });
  } else if (screen.kind === 'listing') {
    const list = screenBody;
    const products = Array.isArray(list?.data) ? list.data : [];
    if (products.length === 0) return null; // An empty or odd list: the app says so itself.
    const currency = core.currencyFromSettings(settingsBody.store_settings_data);
    const common = t('common');
    // `PLACEHOLDER_IMAGE` of catalogue/links.ts, where a product has no picture (or an unsafe one).
    const images = products.map((p) => asset(core.productImages(p)[0]) ?? '/placeholder.svg');
    const tiles = products.map((p, index) =>
      tile({
        product: p,
        image: images[index],
        priority: index < EAGER_TILES,
        price: core.showsPrice(p)
          ? core.formatPrice(p.final_price, currency.isoCode, language)
          : common('price_on_request'),
      }),
    );
    main = listing({ list, tiles, sorts: core.SORTS, t: t('product_listing') });
  } else {
    const item = screenBody;
    if (!item || typeof item.product_name !== 'string') return null;
    const image = asset(core.productImages(item)[0]) ?? '/placeholder.svg';
    main = product({ item, image, t: t('common') });
  }
  return {
    // The answers it was drawn from: the page carries them, and the boot script uses them instead of
    // asking again (the same calls, as a guest in the same language; see boot/first-view.ts).
    answers: {
      store,
      storeId,
      language,
      // When the answers were had: the boot script asks again for old ones (a page from the cache).
      drawnAt: Date.now(),
      validation,
      settings: settingsBody,
      languages: languagesBody,
      screen: screen.kind === 'home' ? [] : [screenBody],
    },
    html: `<div id="first-view" aria-hidden="true" inert class="absolute inset-x-0 top-0 z-40 min-h-screen bg-page text-page-fg" style="${escapeHtml(style)}">${top}<div class="min-h-[100dvh]">${main}</div></div>`,
  };
}

/**
 * Each page's first view (or its absence) for a while: a popular page asks the services host once.
 * Gives the promise: a caller that stops waiting leaves the answer for the next shopper.
 */
export function firstViewCache({ ttlMs = FIRST_VIEW_TTL_MS, limit = CACHE_LIMIT, now = Date.now } = {}) {
  const entries = new Map();
  return (key, draw) => {
    const hit = entries.get(key);
    if (hit && hit.expires > now()) return hit.value;
    const value = draw().catch(() => null);
    entries.delete(key);
    entries.set(key, { value, expires: now() + ttlMs });
    while (entries.size > limit) entries.delete(entries.keys().next().value);
    return value;
  };
}

/** The promise's value, or null when it takes longer than `ms`. */
export function within(promise, ms) {
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
