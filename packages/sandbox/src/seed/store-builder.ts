import type { components } from '@marketkit/sdk';
import { buildCatalogue, type ProductDefinition } from './catalogue.ts';
import type { Localized, SeedCategory, SeedCustomer, SeedStore } from './model.ts';
import { createRandom } from './random.ts';

type S<Name extends keyof components['schemas']> = components['schemas'][Name];

const REVIEWERS = [
  'Thandi M.',
  'Priya S.',
  'Omar K.',
  'Léa D.',
  'Sipho N.',
  'Aarav P.',
  'Fatima A.',
  'Jonas W.',
  'Mei L.',
  'Ravi T.',
];
const REVIEWS: [number, string, string][] = [
  [5, 'Excellent', 'Exactly as described and arrived quickly.'],
  [5, 'Love it', 'Great quality for the price. Would buy again.'],
  [4, 'Very good', 'Does the job well; packaging could be better.'],
  [4, 'Good value', 'Solid product, happy with the purchase.'],
  [3, 'Okay', 'Average. Not bad, not great.'],
  [2, 'Disappointing', 'Took longer than expected and felt cheap.'],
  [5, 'Five stars', 'The team was friendly and on time.'],
  [4, 'Recommended', 'Works as promised.'],
];

export interface StoreDefinition {
  store_id: number;
  name: string;
  display_name: string;
  status?: boolean;
  settings_unavailable?: boolean;
  currency: S<'StoreCurrency'> | null;
  /** ISO code used in price summaries when the settings give no currency. */
  currency_code: string;
  languages: {
    code: string;
    name: string;
    native: string;
    rtl?: boolean;
    active?: boolean;
    isDefault?: boolean;
  }[];
  colors: {
    page: [string, string];
    header: [string, string];
    footer: [string, string];
    primary: [string, string];
    secondary: [string, string];
    tertiary: [string, string];
  };
  palette: SeedStore['palette'];
  home: S<'StoreHomeSettings'>;
  footer_text: string;
  contact: S<'StoreContact'>;
  phone_extension: string;
  max_product_price?: number;
  estimated_delivery_days?: number;
  logo_size?: S<'StoreSettings'>['logo_size'];
  categories: [slug: string, name: Localized, parent: string | null][];
  products: ProductDefinition[];
  home_prefix: string;
  first_product_id: number;
  first_category_id: number;
  coupons: Omit<S<'Coupon'>, 'coupon_id'>[];
  ask_ai: boolean;
  assistant_name: string;
  customers: SeedCustomer[];
  delivery_fee: number;
  free_delivery_over: number;
  /** Names of extra store-wide FAQ entries: [question, answer HTML]. */
  faqs?: [string, string][];
}

const DEFAULT_FAQS: [string, string][] = [
  [
    'How long does delivery take?',
    '<p>Most orders arrive in <strong>2 working days</strong>. Enter your pincode on a product page to see the estimate for your area.</p>',
  ],
  [
    'Can I pay cash on delivery?',
    '<p>Yes, for products that allow it. The checkout shows which payment methods your order can use.</p>',
  ],
  [
    'How do I return an item?',
    '<p>Open <em>My orders</em>, choose the item and select <em>Return</em> within the return window. See the <a href="/policies/returns">returns policy</a>.</p>',
  ],
  [
    'Do I need an account to shop?',
    '<p>You can browse and fill your cart as a guest. Sign in to check out; your cart comes with you.</p>',
  ],
  [
    'How do I book a service slot?',
    '<ul><li>Open the service.</li><li>Pick a date and a free slot.</li><li>Add it to your cart and check out.</li></ul>',
  ],
];

function policies(displayName: string): S<'StorePolicyDetail'>[] {
  const updated = '2026-01-15T09:00:00.000Z';
  return [
    {
      slug: 'returns',
      title: 'Returns and refunds',
      updated_at: updated,
      content_html: `<h2>Returns</h2><p>Physical products can be returned within 14 days of delivery, unused and in their original packaging.</p><h2>Refunds</h2><p>Refunds go back to the original payment method within 5–7 working days. Cancellation charges, where a product has them, are shown before you cancel.</p><p>Questions? Contact ${displayName}.</p>`,
    },
    {
      slug: 'shipping',
      title: 'Shipping and delivery',
      updated_at: updated,
      content_html:
        '<h2>Delivery</h2><p>We deliver to the pincodes listed on each product page. Delivery is free above the store threshold.</p><ol><li>Order</li><li>Dispatch within 24 hours</li><li>Delivery in 2–4 days</li></ol>',
    },
    {
      slug: 'privacy',
      title: 'Privacy policy',
      updated_at: updated,
      content_html:
        '<h2>Your data</h2><p>We keep the details needed to deliver your orders and never sell them. You can ask for a copy or deletion at any time.</p>',
    },
    {
      slug: 'terms',
      title: 'Terms of service',
      updated_at: updated,
      content_html:
        '<h2>Terms</h2><p>Prices include tax. Orders are confirmed when payment succeeds or, for cash on delivery, when the order is placed.</p>',
    },
  ];
}

/** Builds one seeded store from a compact definition. */
export function buildStore(definition: StoreDefinition): SeedStore {
  const random = createRandom(definition.store_id * 7777);
  const categories: SeedCategory[] = [];
  definition.categories.forEach(([slug, name, parent], index) => {
    const parentId =
      parent === null ? null : (categories.find((c) => c.category_slug === parent)?.category_id ?? null);
    categories.push({
      category_id: definition.first_category_id + index,
      name,
      category_slug: slug,
      parent_id: parentId,
    });
  });
  const estimatedDelivery = definition.estimated_delivery_days ?? 2;
  const products = buildCatalogue({
    store: definition.name,
    firstProductId: definition.first_product_id,
    categories,
    products: definition.products,
    defaultDeliveryDays: estimatedDelivery,
    homePrefix: definition.home_prefix,
    seed: definition.store_id,
  });

  // Seeded reviews; product rating and count follow from them.
  const ratings: S<'ProductRating'>[] = [];
  let ratingId = definition.store_id * 100000;
  for (const product of products) {
    const count = random.int(0, 9);
    let sum = 0;
    for (let i = 0; i < count; i += 1) {
      const [stars, title, review] = random.pick(REVIEWS);
      ratingId += 1;
      sum += stars;
      ratings.push({
        rating_id: ratingId,
        product_id: product.detail.product_id,
        rating: stars,
        title,
        review,
        customer_name: random.pick(REVIEWERS),
        verified_purchase: random.chance(0.7),
        created_at: new Date(Date.UTC(2026, random.int(0, 9), random.int(1, 28), 10)).toISOString(),
      });
    }
    product.detail.rating = count === 0 ? 0 : Math.round((sum / count) * 10) / 10;
    product.detail.rating_count = count;
  }

  const faqs: S<'Faq'>[] = [...DEFAULT_FAQS, ...(definition.faqs ?? [])].map(([question, answer], index) => ({
    faq_id: definition.store_id * 1000 + index + 1,
    product_id: null,
    question,
    answer_html: answer,
    sort_order: index + 1,
  }));
  for (const [index, product] of products.entries())
    for (const [question, answer] of definition.products[index]?.faqs ?? [])
      faqs.push({
        faq_id: definition.store_id * 1000 + 100 + faqs.length,
        product_id: product.detail.product_id,
        question,
        answer_html: answer,
        sort_order: 1,
      });
  for (const product of products.filter((_, index) => index % 6 === 0)) {
    faqs.push({
      faq_id: definition.store_id * 1000 + 100 + faqs.length,
      product_id: product.detail.product_id,
      question: `Is ${product.detail.product_name} covered by a warranty?`,
      answer_html:
        '<p>Yes: <strong>12 months</strong> against manufacturing defects. Keep your invoice (you can download it from your order).</p>',
      sort_order: 1,
    });
  }

  const page = definition.colors;
  const settings: S<'StoreSettings'> = {
    store_id: definition.store_id,
    store_name: definition.name,
    store_display_name: definition.display_name,
    store_logo_path: `/assets/${definition.name}/logo.svg`,
    store_currency: definition.currency,
    store_page_settings: {
      bg_color: page.page[0],
      fg_color: page.page[1],
      btn_primary_bg_color: page.primary[0],
      btn_primary_fg_color: page.primary[1],
      btn_secondary_bg_color: page.secondary[0],
      btn_secondary_fg_color: page.secondary[1],
      btn_tertiary_bg_color: page.tertiary[0],
      btn_tertiary_fg_color: page.tertiary[1],
      google_analytics_tag: '',
    },
    store_header_settings: { bg_color: page.header[0], fg_color: page.header[1] },
    store_footer_settings: {
      bg_color: page.footer[0],
      fg_color: page.footer[1],
      footer_text: definition.footer_text,
      social_links: [],
    },
    store_home_settings: definition.home,
    store_contact: definition.contact,
    default_phone_extension: definition.phone_extension,
    estimated_delivery_days: estimatedDelivery,
    items_per_page: 10,
    logo_size: definition.logo_size ?? 'large',
    max_product_price: definition.max_product_price ?? 500000,
    signup_type: 'OTP',
  };

  const languages: S<'Language'>[] = definition.languages.map((language, index) => ({
    language_id: index + 1,
    language_code: language.code,
    language_name: language.name,
    native_name: language.native,
    is_default: language.isDefault ?? false,
    status: language.active === false ? 0 : 1,
    writing_script_direction: language.rtl ? 'RTL' : 'LTR',
  }));

  return {
    store_id: definition.store_id,
    name: definition.name,
    display_name: definition.display_name,
    status: definition.status ?? true,
    ...(definition.settings_unavailable ? { settings_unavailable: true } : {}),
    settings,
    palette: definition.palette,
    languages,
    categories,
    products,
    payment_methods: [
      { id: 1, payment_type: 'COD', display_name: 'Cash on delivery', is_payment_gateway: false },
      {
        id: 2,
        payment_type: 'CARD_GATEWAY',
        display_name: 'Credit or debit card',
        is_payment_gateway: true,
        provider: 'card_gateway',
      },
      {
        id: 3,
        payment_type: 'CASHFREE',
        display_name: 'UPI, wallets and net banking',
        is_payment_gateway: true,
        provider: 'second_provider',
      },
    ],
    coupons: definition.coupons.map((coupon, index) => ({
      ...coupon,
      coupon_id: definition.store_id * 100 + index + 1,
    })),
    faqs,
    policies: policies(definition.display_name),
    ratings,
    ai: {
      ask_ai: definition.ask_ai,
      assistant_name: definition.assistant_name,
      welcome_message: `Hi! I'm ${definition.assistant_name}. Ask me about products in ${definition.display_name}.`,
    },
    recaptcha: { enabled: false, site_key: null, version: null, min_score: null },
    consents: [
      {
        consent_id: definition.store_id * 10 + 1,
        title: 'Terms of service',
        description_html:
          '<p>I accept the <a href="/policies/terms">terms of service</a> and the <a href="/policies/privacy">privacy policy</a>.</p>',
        required: true,
        version: '2026-01',
        purpose: 'signup',
      },
      {
        consent_id: definition.store_id * 10 + 2,
        title: 'Offers and news',
        description_html: '<p>Send me offers and news (you can stop them at any time).</p>',
        required: false,
        version: '2026-01',
        purpose: 'marketing',
      },
    ],
    customers: definition.customers,
    gateway: {
      merchant_identifier: `mk-${definition.name}-merchant`,
      access_code: `mk-${definition.name}-access`,
      request_phrase: `sandbox-${definition.name}-request-phrase`,
      response_phrase: `sandbox-${definition.name}-response-phrase`,
    },
    delivery_fee: definition.delivery_fee,
    free_delivery_over: definition.free_delivery_over,
    currency_code: definition.currency_code,
  };
}
