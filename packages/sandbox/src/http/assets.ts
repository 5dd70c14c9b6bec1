import type { SeedIndex } from '../core/context.ts';
import type { SandboxState } from '../core/state.ts';
import type { SeedStore } from '../seed/model.ts';
import { escapeHtml } from './responses.ts';

const hue = (n: number) => (n * 137.508) % 360;

const svg = (width: number, height: number, inner: string, label: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeHtml(label)}">${inner}</svg>`;

const ICONS: Record<string, string> = {
  'Physical Product':
    '<rect x="-60" y="-45" width="120" height="90" rx="10" fill="none" stroke="currentColor" stroke-width="10"/><path d="M-60 -15h120" stroke="currentColor" stroke-width="10"/>',
  'Service Product':
    '<circle r="55" fill="none" stroke="currentColor" stroke-width="10"/><path d="M0 -30v32l22 14" stroke="currentColor" stroke-width="10" fill="none" stroke-linecap="round"/>',
  'Digital Product':
    '<path d="M0 -55v70M-30 -10l30 30 30-30M-55 40h110" stroke="currentColor" stroke-width="10" fill="none" stroke-linecap="round"/>',
  'Subscription Product':
    '<path d="M-45 0a45 45 0 1 1 13 32M-45 0l-15-18M-45 0l20-10" stroke="currentColor" stroke-width="10" fill="none" stroke-linecap="round"/>',
  'Bundled Product':
    '<rect x="-62" y="-20" width="60" height="60" rx="8" fill="none" stroke="currentColor" stroke-width="9"/><rect x="2" y="-20" width="60" height="60" rx="8" fill="none" stroke="currentColor" stroke-width="9"/><rect x="-30" y="-62" width="60" height="45" rx="8" fill="none" stroke="currentColor" stroke-width="9"/>',
  'Packaged Service Product':
    '<rect x="-55" y="-40" width="110" height="85" rx="10" fill="none" stroke="currentColor" stroke-width="10"/><path d="M-20 -40v-15h40v15M-25 5l18 18 32-32" stroke="currentColor" stroke-width="10" fill="none"/>',
  'API Product':
    '<path d="M-25 -40l-35 40 35 40M25 -40l35 40-35 40M10 -50l-20 100" stroke="currentColor" stroke-width="10" fill="none" stroke-linecap="round"/>',
};

function productImage(store: SeedStore, productId: number, index: number) {
  const product = store.products.find((p) => p.detail.product_id === productId);
  if (!product || index < 1 || index > product.detail.images.length) return undefined;
  const h = hue(productId + index * 3);
  const name = product.detail.product_name;
  const words = name.split(' ');
  const first = words.slice(0, Math.ceil(words.length / 2)).join(' ');
  const second = words.slice(Math.ceil(words.length / 2)).join(' ');
  return svg(
    600,
    600,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${h} 70% 88%)"/><stop offset="1" stop-color="hsl(${(h + 40) % 360} 65% 70%)"/></linearGradient></defs>` +
      `<rect width="600" height="600" fill="url(#g)"/><g transform="translate(300 250) scale(${1 + (index - 1) * 0.15})" color="hsl(${h} 45% 25%)">${ICONS[product.detail.product_type_name] ?? ''}</g>` +
      `<text x="300" y="430" text-anchor="middle" font-family="system-ui, sans-serif" font-size="34" font-weight="600" fill="hsl(${h} 40% 18%)">${escapeHtml(first)}</text>` +
      `<text x="300" y="475" text-anchor="middle" font-family="system-ui, sans-serif" font-size="34" font-weight="600" fill="hsl(${h} 40% 18%)">${escapeHtml(second)}</text>` +
      `<text x="300" y="560" text-anchor="middle" font-family="system-ui, sans-serif" font-size="20" fill="hsl(${h} 30% 30%)">${index} / ${product.detail.images.length}</text>`,
    name,
  );
}

function logo(store: SeedStore) {
  const initials = store.name.slice(0, 2).toUpperCase();
  return svg(
    320,
    80,
    `<rect width="80" height="80" rx="18" fill="${store.palette.accent}"/><text x="40" y="52" text-anchor="middle" font-family="system-ui, sans-serif" font-size="32" font-weight="700" fill="${store.palette.primary}">${escapeHtml(initials)}</text>` +
      `<text x="96" y="52" font-family="system-ui, sans-serif" font-size="28" font-weight="700" fill="currentColor">${escapeHtml(store.display_name)}</text>`,
    `${store.display_name} logo`,
  );
}

function hero(store: SeedStore) {
  const title = store.settings.store_home_settings?.hero_title ?? store.display_name;
  return svg(
    1600,
    500,
    `<defs><linearGradient id="h" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${store.palette.primary}"/><stop offset="1" stop-color="${store.palette.accent}"/></linearGradient></defs><rect width="1600" height="500" fill="url(#h)"/>` +
      Array.from(
        { length: 9 },
        (_, i) =>
          `<circle cx="${180 * i + 90}" cy="${i % 2 ? 120 : 380}" r="${40 + (i % 3) * 25}" fill="${store.palette.ink}" opacity="0.12"/>`,
      ).join('') +
      `<text x="800" y="270" text-anchor="middle" font-family="system-ui, sans-serif" font-size="64" font-weight="700" fill="${store.palette.ink}">${escapeHtml(title)}</text>`,
    title,
  );
}

function categoryImage(store: SeedStore, categoryId: number) {
  const category = store.categories.find((c) => c.category_id === categoryId);
  if (!category) return undefined;
  const h = hue(categoryId);
  return svg(
    400,
    300,
    `<rect width="400" height="300" fill="hsl(${h} 60% 85%)"/><circle cx="200" cy="120" r="60" fill="hsl(${h} 55% 60%)"/><text x="200" y="250" text-anchor="middle" font-family="system-ui, sans-serif" font-size="30" font-weight="600" fill="hsl(${h} 40% 20%)">${escapeHtml(category.name.en)}</text>`,
    category.name.en,
  );
}

const PLACEHOLDER = svg(
  600,
  600,
  '<rect width="600" height="600" fill="#e5e7eb"/><path d="M200 380l80-100 60 70 40-40 60 70z" fill="#9ca3af"/><circle cx="380" cy="230" r="30" fill="#9ca3af"/>',
  'No image',
);

const svgResponse = (text: string) =>
  new Response(text, {
    headers: {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
  });

/** Serves the generated images of the seed and uploaded profile images. */
export function serveAsset(pathname: string, seed: SeedIndex, state: SandboxState): Response | undefined {
  if (pathname === '/assets/placeholder.svg') return svgResponse(PLACEHOLDER);
  const upload = /^\/assets\/uploads\/([A-Za-z0-9_-]+)\.(png|jpg|webp)$/.exec(pathname);
  if (upload) {
    const record = state.uploads.find((u) => u.upload_id === upload[1]);
    if (!record) return undefined;
    const bytes = Uint8Array.from(atob(record.data), (c) => c.charCodeAt(0));
    return new Response(bytes, {
      headers: {
        'Content-Type': record.content_type,
        'Cache-Control': 'private, max-age=60',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  }
  const match = /^\/assets\/([a-z0-9-]+)\/(.+)$/.exec(pathname);
  const store = match ? seed.storeByName(match[1] ?? '') : undefined;
  if (!match || !store) return undefined;
  const rest = match[2] ?? '';
  if (rest === 'logo.svg') return svgResponse(logo(store));
  if (rest === 'hero.svg') return svgResponse(hero(store));
  const product = /^products\/(\d+)\/(\d+)\.svg$/.exec(rest);
  if (product) {
    const image = productImage(store, Number(product[1]), Number(product[2]));
    return image ? svgResponse(image) : undefined;
  }
  const category = /^categories\/(\d+)\.svg$/.exec(rest);
  if (category) {
    const image = categoryImage(store, Number(category[1]));
    return image ? svgResponse(image) : undefined;
  }
  return undefined;
}
