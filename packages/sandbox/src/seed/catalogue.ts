import type { components } from '@marketkit/sdk';
import { escapeHtml, round2, slugify } from '../core/text.ts';
import type { Localized, SeedCategory, SeedProduct } from './model.ts';
import { createRandom } from './random.ts';

type S<Name extends keyof components['schemas']> = components['schemas'][Name];
type TypeName = S<'ProductTypeName'>;
type Weekday = S<'WeekdayAbbreviation'>;

export const PRODUCT_TYPES = {
  physical: 'Physical Product',
  service: 'Service Product',
  digital: 'Digital Product',
  subscription: 'Subscription Product',
  bundled: 'Bundled Product',
  packaged: 'Packaged Service Product',
  api: 'API Product',
} as const satisfies Record<string, TypeName>;

export type ProductKind = keyof typeof PRODUCT_TYPES;

/** A compact product definition; everything else is derived with sensible, deterministic defaults. */
export interface ProductDefinition {
  name: Localized;
  /** Slug of the product's category. */
  category: string;
  type: ProductKind;
  price: number;
  /** Percentage off, or a flat amount off. */
  discount?: number | { flat: number };
  /** `request`: request-based purchase (request_item); `free`: a free item (final price 0). */
  kind?: 'request' | 'free';
  hidePrice?: boolean;
  deal?: boolean;
  stock?: number;
  cod?: boolean;
  online?: boolean;
  /** Pincode prefixes it is delivered to (physical goods); absent means everywhere. */
  zones?: string[];
  deliveryDays?: number;
  digital?: { format: string; megabytes: number; downloadLimit?: number | null };
  subscription?: { period: 'monthly' | 'quarterly' | 'yearly'; trialDays?: number };
  api?: { callsPerMonth: number; ratePerMinute: number; deliverables: string[] };
  service?: { minutes: number; days?: Weekday[]; location?: string };
  packaged?: { includes: [string, number][] };
  training?: { mode: 'online' | 'classroom'; sessions: string[]; trainer?: string | null; minutes?: number };
  /** English names of the products in a bundle (resolved to their ids). */
  bundle?: string[];
  summary?: string;
  /**
   * Description HTML exactly as given (not escaped): stands for a services host that sends unsafe
   * HTML, which storefronts must sanitize.
   */
  descriptionHtml?: string;
  /** Questions and answers (answer HTML as given) about this product. */
  faqs?: [string, string][];
  specs?: [string, string][];
  policy?: Partial<S<'ProductPolicy'>>;
  seller?: string;
}

export interface CatalogueOptions {
  store: string;
  firstProductId: number;
  categories: SeedCategory[];
  products: ProductDefinition[];
  defaultDeliveryDays: number;
  homePrefix: string;
  seed: number;
}

function policyFor(definition: ProductDefinition): S<'ProductPolicy'> {
  const base: S<'ProductPolicy'> = (() => {
    switch (definition.type) {
      case 'physical':
      case 'bundled':
        return {
          return_allowed: true,
          return_days: 14,
          replacement_allowed: true,
          replacement_days: 14,
          refund_cancellation_allowed: true,
          refund_cancellation_days: 2,
          cancellation_allowed: true,
          cancellation_charge: 0,
        };
      case 'service':
      case 'packaged':
        return {
          return_allowed: false,
          return_days: 0,
          replacement_allowed: false,
          replacement_days: 0,
          refund_cancellation_allowed: true,
          refund_cancellation_days: 1,
          cancellation_allowed: true,
          cancellation_charge: round2(Math.min(50, definition.price * 0.1)),
        };
      default:
        return {
          return_allowed: false,
          return_days: 0,
          replacement_allowed: false,
          replacement_days: 0,
          refund_cancellation_allowed: false,
          refund_cancellation_days: 0,
          cancellation_allowed: definition.type === 'subscription',
          cancellation_charge: 0,
        };
    }
  })();
  return { ...base, ...definition.policy };
}

function typeDetails(definition: ProductDefinition, defaultDays: number): S<'ProductTypeDetails'> {
  const details: S<'ProductTypeDetails'> = {};
  switch (definition.type) {
    case 'physical':
      details.physical = {
        estimated_delivery_days: definition.deliveryDays ?? defaultDays,
        weight_grams: 200 + Math.round(definition.price % 1800),
        dimensions: { length_cm: 30, width_cm: 20, height_cm: 10 },
      };
      break;
    case 'service':
      details.service = {
        duration_minutes: definition.service?.minutes ?? 60,
        service_days: definition.service?.days ?? ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'],
        slot_booking_required: true,
        location: definition.service?.location ?? null,
      };
      break;
    case 'packaged':
      details.packaged_service = {
        included_services: (definition.packaged?.includes ?? [['Session', 1]]).map(([name, sessions]) => ({
          name,
          sessions,
        })),
      };
      break;
    case 'digital':
      details.digital = {
        file_format: definition.digital?.format ?? 'PDF',
        file_size_bytes: Math.round((definition.digital?.megabytes ?? 1) * 1048576),
        // `null` declares no limit; only a product that says nothing gets the default of 5.
        download_limit:
          definition.digital?.downloadLimit === undefined ? 5 : definition.digital.downloadLimit,
      };
      break;
    case 'subscription':
      details.subscription = {
        billing_period: definition.subscription?.period ?? 'monthly',
        trial_days: definition.subscription?.trialDays ?? 0,
      };
      break;
    case 'api':
      details.api = {
        calls_per_month: definition.api?.callsPerMonth ?? 10000,
        rate_limit_per_minute: definition.api?.ratePerMinute ?? 60,
        deliverables: definition.api?.deliverables ?? ['API key', 'Documentation'],
      };
      break;
    case 'bundled':
      break;
  }
  if (definition.training) {
    details.training = {
      mode: definition.training.mode,
      sessions_count: definition.training.sessions.length,
    };
  }
  return details;
}

/** Builds a store's products from compact definitions (ids, prices, images, policies, type details). */
export function buildCatalogue(options: CatalogueOptions): SeedProduct[] {
  const random = createRandom(options.seed);
  const byName = new Map<string, number>();
  options.products.forEach((definition, index) => {
    byName.set(definition.name.en, options.firstProductId + index);
  });
  const categories = new Map(options.categories.map((category) => [category.category_slug, category]));
  const categoryPath = (slug: string) => {
    const path: S<'CategoryRef'>[] = [];
    let current = categories.get(slug);
    if (!current) throw new Error(`Unknown category ${slug} in the ${options.store} seed`);
    while (current) {
      path.unshift({ category_id: current.category_id, category_name: current.name.en });
      current =
        current.parent_id === null
          ? undefined
          : options.categories.find((c) => c.category_id === current?.parent_id);
    }
    return path;
  };

  return options.products.map((definition, index) => {
    const productId = options.firstProductId + index;
    const kind = definition.kind;
    const itemType: S<'ItemType'> =
      kind === 'request' ? 'request_item' : kind === 'free' ? 'free_item' : 'standard_item';
    const price = round2(definition.price);
    let finalPrice = price;
    let discountDetails: S<'DiscountDetails'> | null = null;
    if (kind === 'free') {
      finalPrice = 0;
    } else if (typeof definition.discount === 'number') {
      finalPrice = round2(price * (1 - definition.discount / 100));
      discountDetails = {
        discount_type: 'percentage',
        discount_value: definition.discount,
        discount_label: `${definition.discount}% off`,
      };
    } else if (definition.discount) {
      finalPrice = round2(Math.max(0, price - definition.discount.flat));
      discountDetails = {
        discount_type: 'flat',
        discount_value: definition.discount.flat,
        discount_label: `${definition.discount.flat} off`,
      };
    }
    const online = definition.online ?? true;
    const payOnDelivery =
      definition.cod ?? ['physical', 'service', 'packaged', 'bundled'].includes(definition.type);
    const imageCount = definition.type === 'physical' ? 3 : 2;
    const images = Array.from(
      { length: imageCount },
      (_, n) => `/assets/${options.store}/products/${productId}/${n + 1}.svg`,
    );
    const path = categoryPath(definition.category);
    const summaryText =
      definition.summary ??
      `${definition.name.en}: ${
        {
          physical: 'delivered to your door',
          service: 'booked for a time slot that suits you',
          digital: 'download it right after payment',
          subscription: 'renews automatically, cancel any time',
          bundled: 'several products for one price',
          packaged: 'a package of services at a better price',
          api: 'programmatic access for your own apps',
        }[definition.type]
      }.`;
    const bundled = (definition.bundle ?? []).map((name) => {
      const id = byName.get(name);
      if (id === undefined) throw new Error(`Bundle ${definition.name.en} names unknown product ${name}`);
      return {
        product_id: id,
        product_name: name,
        quantity: 1,
        product_image: `/assets/${options.store}/products/${id}/1.svg`,
      };
    });
    const summary: S<'ProductSummary'> = {
      product_id: productId,
      product_name: definition.name.en,
      product_slug: slugify(definition.name.en) || `product-${productId}`,
      product_price: price,
      final_price: finalPrice,
      discount_details: discountDetails,
      product_image: images.join(','),
      product_type_name: PRODUCT_TYPES[definition.type],
      item_type: itemType,
      purchase_mode: kind === 'request' ? 'request_based' : 'checkout_based',
      price_visibility: !definition.hidePrice,
      quantity:
        definition.stock ??
        (definition.type === 'physical' || definition.type === 'bundled' ? random.int(8, 140) : 999),
      rating: 0,
      rating_count: 0,
      is_subscribed: false,
      is_deal: definition.deal ?? false,
      category_id: path[path.length - 1]?.category_id,
      pay_on_delivery: payOnDelivery,
      online_payment: online,
      short_description: summaryText,
      ...(bundled.length > 0 ? { bundled_products: bundled } : {}),
    };
    const specs: S<'ProductDetail'>['specifications'] = (definition.specs ?? []).map(([label, value]) => ({
      label,
      value,
    }));
    if (specs.length === 0) {
      specs.push({ label: 'Type', value: PRODUCT_TYPES[definition.type] });
      if (definition.digital) specs.push({ label: 'Format', value: definition.digital.format });
      if (definition.service)
        specs.push({ label: 'Duration', value: `${definition.service.minutes} minutes` });
    }
    const description = [
      `<p>${escapeHtml(summaryText)}</p>`,
      '<ul>',
      ...specs.map(
        (spec) => `<li><strong>${escapeHtml(spec.label)}:</strong> ${escapeHtml(spec.value)}</li>`,
      ),
      '</ul>',
      '<p>See our <a href="/policies/returns">returns policy</a> for what happens after you buy.</p>',
    ].join('');
    const detail: S<'ProductDetail'> = {
      ...summary,
      category_path: path,
      description_html: definition.descriptionHtml ?? description,
      images,
      policy: policyFor(definition),
      seller_name: definition.seller ?? null,
      specifications: specs,
      type_details: typeDetails(definition, options.defaultDeliveryDays),
    };
    const product: SeedProduct = {
      detail,
      name: definition.name,
      serviceable_prefixes:
        definition.type === 'physical' || definition.type === 'bundled' ? (definition.zones ?? null) : null,
      home_prefix: options.homePrefix,
      created_rank: (index * 7919) % options.products.length,
    };
    if (definition.training) {
      product.training = {
        trainer_name: definition.training.trainer ?? null,
        sessions: definition.training.sessions.map((title) => ({
          title,
          duration_minutes: definition.training?.minutes ?? 90,
        })),
      };
    }
    return product;
  });
}
