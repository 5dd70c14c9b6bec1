import type { ProductDefinition } from './catalogue.ts';
import { buildStore } from './store-builder.ts';

const p = (
  name: string,
  category: string,
  type: ProductDefinition['type'],
  price: number,
  extra: Partial<ProductDefinition> = {},
): ProductDefinition => ({
  name: { en: name },
  category,
  type,
  price,
  ...extra,
});

const GAUTENG = ['0', '1', '2'];
const METROS = ['20', '21', '80', '40'];

/** 69 products: all seven types, all three item kinds, both purchase modes, and one with hostile text. */
const products: ProductDefinition[] = [
  // Phones & tablets
  p('Aurora X1 Smartphone', 'phones', 'physical', 8999, {
    discount: 10,
    deal: true,
    online: true,
    cod: false,
    specs: [
      ['Screen', '6.5" OLED'],
      ['Storage', '256 GB'],
    ],
  }),
  p('Aurora X1 Lite', 'phones', 'physical', 5499, { discount: { flat: 500 } }),
  p('Nimbus Tab 10', 'phones', 'physical', 6999, { cod: false }),
  p('Nimbus Tab Mini', 'phones', 'physical', 4299, { discount: 15, deal: true }),
  // Audio
  p('Pulse Wireless Earbuds', 'audio', 'physical', 1299, { discount: 20, deal: true }),
  p('Pulse Over-Ear Headphones', 'audio', 'physical', 2499),
  p('Echo Bluetooth Speaker', 'audio', 'physical', 1799, { discount: 25 }),
  p('Studio Condenser Microphone', 'audio', 'physical', 3299, { stock: 0 }),
  // Accessories
  p('Braided USB-C Cable', 'accessories', 'physical', 199),
  p('65W Fast Charger', 'accessories', 'physical', 549, { discount: 10 }),
  p('Power Bank 20000mAh', 'accessories', 'physical', 899, { deal: true, discount: 30 }),
  p('Laptop Sleeve 14"', 'accessories', 'physical', 399),
  p('Aluminium Phone Stand', 'accessories', 'physical', 149),
  p('Screen Protector (2-pack)', 'accessories', 'physical', 129, { stock: 3 }),
  p('Sticker Pack', 'accessories', 'physical', 0, {
    kind: 'free',
    summary: 'A free pack of Marketkit stickers with any order.',
  }),
  // Cookware
  p('Cast Iron Skillet', 'cookware', 'physical', 899, { discount: 10 }),
  p('Non-stick Frying Pan', 'cookware', 'physical', 649),
  p('Stainless Steel Pot Set', 'cookware', 'physical', 2199, { zones: GAUTENG, deliveryDays: 4 }),
  p("Chef's Knife 20cm", 'cookware', 'physical', 749, { discount: 15 }),
  p('Bamboo Cutting Board', 'cookware', 'physical', 299),
  p('Sample Coffee Beans 50g', 'cookware', 'physical', 0, { kind: 'free' }),
  // Decor
  p('Ceramic Table Lamp', 'decor', 'physical', 1199, { zones: GAUTENG, deliveryDays: 3 }),
  p('Linen Cushion Cover', 'decor', 'physical', 249, { discount: { flat: 50 } }),
  p('Nordic Wall Clock', 'decor', 'physical', 549),
  // Paid on delivery only (most physical products may be paid either way, some online only).
  p('Scented Candle Trio', 'decor', 'physical', 349, { deal: true, discount: 20, online: false }),
  p('Woven Storage Basket', 'decor', 'physical', 399, { online: false }),
  p('Custom Engraved Wall Art', 'decor', 'physical', 2500, {
    kind: 'request',
    summary: 'Made to order: tell us the text and we will send a quote.',
  }),
  // Clothing and footwear
  p('Organic Cotton T-Shirt', 'clothing', 'physical', 299, { discount: 10 }),
  p('Denim Jacket', 'clothing', 'physical', 1499),
  p('Merino Wool Scarf', 'clothing', 'physical', 599, { discount: 25, deal: true }),
  p('Rain Shell Jacket', 'clothing', 'physical', 1899),
  p('Trail Running Shoes', 'footwear', 'physical', 1999, { discount: 15 }),
  p('Canvas Sneakers', 'footwear', 'physical', 899),
  p('Leather Sandals', 'footwear', 'physical', 799),
  p('Office Chairs (bulk, 10+)', 'decor', 'physical', 15000, {
    kind: 'request',
    hidePrice: true,
    zones: METROS,
  }),
  p('Espresso Machine Pro', 'cookware', 'physical', 12999, { cod: false, discount: 5 }),
  // Services
  p('Home Deep Cleaning', 'home-services', 'service', 1499, { service: { minutes: 240 }, zones: METROS }),
  p('Air Conditioner Servicing', 'home-services', 'service', 699, { service: { minutes: 90 } }),
  p('Plumbing Visit', 'home-services', 'service', 399, {
    service: { minutes: 60 },
    online: false,
    cod: true,
  }),
  p('Yoga Session (1 hour)', 'wellness', 'service', 250, {
    service: { minutes: 60, days: ['mon', 'wed', 'fri', 'sat'] },
    discount: 20,
  }),
  p('Massage Therapy 60 min', 'wellness', 'service', 899, {
    service: { minutes: 60, days: ['tue', 'thu', 'sat', 'sun'] },
  }),
  p('Personal Training Session', 'wellness', 'service', 450, { service: { minutes: 45 } }),
  // Packaged services and trainings
  p('Home Care Annual Pack', 'home-services', 'packaged', 6999, {
    packaged: {
      includes: [
        ['Home Deep Cleaning', 4],
        ['Air Conditioner Servicing', 2],
      ],
    },
    discount: 10,
  }),
  p('Wellness Month Pack', 'wellness', 'packaged', 3499, {
    packaged: {
      includes: [
        ['Yoga Session', 8],
        ['Massage Therapy', 2],
      ],
    },
  }),
  p('Fitness Starter Pack', 'wellness', 'packaged', 1999, {
    packaged: { includes: [['Personal Training Session', 5]] },
  }),
  p('Photography Masterclass', 'courses', 'packaged', 2999, {
    packaged: { includes: [['Live online class', 6]] },
    training: {
      mode: 'online',
      trainer: 'Naledi Khumalo',
      sessions: [
        'Camera basics',
        'Light and exposure',
        'Composition',
        'Portraits',
        'Editing',
        'Portfolio review',
      ],
    },
    online: true,
    cod: false,
  }),
  p('Barista Training Course', 'courses', 'service', 3999, {
    service: { minutes: 180, days: ['sat'], location: 'Marketkit Academy, Johannesburg' },
    training: {
      mode: 'classroom',
      trainer: null,
      sessions: ['Espresso', 'Milk texturing', 'Latte art', 'Brew methods'],
      minutes: 180,
    },
  }),
  // Digital
  p('The Home Chef E-book', 'ebooks', 'digital', 149, {
    digital: { format: 'PDF', megabytes: 12.4 },
    deal: true,
    discount: 20,
  }),
  p('Budget Travel Guide', 'ebooks', 'digital', 99, { digital: { format: 'EPUB', megabytes: 3.2 } }),
  p('Photography Presets Pack', 'ebooks', 'digital', 249, { digital: { format: 'ZIP', megabytes: 48 } }),
  p('Beginner Fitness Plan', 'ebooks', 'digital', 0, {
    kind: 'free',
    digital: { format: 'PDF', megabytes: 1.5, downloadLimit: null },
  }),
  p('TypeScript Video Course', 'courses', 'digital', 799, {
    digital: { format: 'MP4', megabytes: 56.5, downloadLimit: 3 },
  }),
  p('Desktop Wallpapers Pack', 'ebooks', 'digital', 49, { digital: { format: 'ZIP', megabytes: 22 } }),
  p('Printable Recipe Cards', 'ebooks', 'digital', 79, { digital: { format: 'PDF', megabytes: 0.8 } }),
  p('Music Sample Library', 'ebooks', 'digital', 599, {
    digital: { format: 'WAV', megabytes: 35 },
    discount: 10,
  }),
  // Subscriptions
  p('Streaming Plus Monthly', 'subscriptions', 'subscription', 129, {
    subscription: { period: 'monthly', trialDays: 7 },
  }),
  p('Cloud Backup 100 GB', 'subscriptions', 'subscription', 49, { subscription: { period: 'monthly' } }),
  p('Design Magazine Yearly', 'subscriptions', 'subscription', 499, {
    subscription: { period: 'yearly' },
    discount: 20,
  }),
  p('Meal Kit Weekly Box', 'subscriptions', 'subscription', 1299, { subscription: { period: 'monthly' } }),
  p('Antivirus Pro Quarterly', 'subscriptions', 'subscription', 299, {
    subscription: { period: 'quarterly', trialDays: 30 },
  }),
  // Bundles
  p('Kitchen Starter Bundle', 'bundles', 'bundled', 1799, {
    bundle: ['Cast Iron Skillet', "Chef's Knife 20cm", 'Bamboo Cutting Board'],
    discount: 10,
  }),
  p('Work From Home Bundle', 'bundles', 'bundled', 999, {
    bundle: ['Aluminium Phone Stand', '65W Fast Charger', 'Laptop Sleeve 14"'],
  }),
  p('Audio Lover Bundle', 'bundles', 'bundled', 3399, {
    bundle: ['Pulse Wireless Earbuds', 'Echo Bluetooth Speaker'],
    deal: true,
    discount: 15,
  }),
  p('Travel Tech Bundle', 'bundles', 'bundled', 1199, {
    bundle: ['Power Bank 20000mAh', 'Braided USB-C Cable'],
  }),
  // APIs
  p('Geocoding API Starter', 'apis', 'api', 999, {
    api: {
      callsPerMonth: 100000,
      ratePerMinute: 600,
      deliverables: ['API key', 'Usage dashboard', 'Documentation'],
    },
  }),
  p('SMS Gateway API', 'apis', 'api', 1499, {
    api: { callsPerMonth: 50000, ratePerMinute: 120, deliverables: ['API key', 'Sender ID registration'] },
  }),
  p('Payments Sandbox API', 'apis', 'api', 0, {
    kind: 'free',
    api: { callsPerMonth: 5000, ratePerMinute: 30, deliverables: ['Test API key'] },
  }),
  p('Enterprise Search API', 'apis', 'api', 24999, {
    kind: 'request',
    api: {
      callsPerMonth: 5000000,
      ratePerMinute: 6000,
      deliverables: ['Dedicated cluster', 'SLA', 'Support'],
    },
  }),
  // Hostile text, as a careless or compromised catalogue could send it: storefronts must show it as
  // text and sanitize the HTML fields.
  p('Poster <img src=x onerror=alert(1)> "Art" & Co', 'decor', 'physical', 99, {
    summary: '<script>alert("summary")</script>A poster whose texts try to run script.',
    descriptionHtml:
      '<p>Printed on <strong>matte</strong> paper.</p><script>alert("description")</script>' +
      '<img src="x" onerror="alert(2)"><a href="javascript:alert(3)">Click here</a>' +
      '<p style="color:red" onclick="alert(4)">Ships rolled.</p><iframe src="https://evil.example"></iframe>',
    faqs: [
      [
        'Is it <b>framed</b>?',
        '<p>No.<img src=x onerror=alert(5)></p><a href="https://example.com/frames" onmouseover="alert(6)">Frames</a>',
      ],
    ],
  }),
];

/** The build default: store 14, rand (R), English, left to right, AI assistant on. */
export const demoStore = () =>
  buildStore({
    store_id: 14,
    name: 'demo',
    display_name: 'Marketkit Demo Store',
    currency: {
      id: 1,
      store_id: 14,
      iso_code: 'ZAR',
      symbol: 'R',
      fractional_unit: 'cent',
      number_to_basic: 100,
    },
    currency_code: 'ZAR',
    languages: [
      { code: 'en', name: 'English', native: 'English', isDefault: true },
      { code: 'hi', name: 'Hindi', native: 'हिन्दी' },
      { code: 'fr', name: 'French', native: 'Français' },
      { code: 'ar', name: 'Arabic', native: 'العربية', rtl: true, active: false },
    ],
    colors: {
      page: ['#ffffff', '#111928'],
      header: ['#023047', '#ffffff'],
      footer: ['#111928', '#f9fafb'],
      primary: ['#FFB703', '#111928'],
      secondary: ['#ffffff', '#023047'],
      tertiary: ['#219EBC', '#ffffff'],
    },
    palette: { primary: '#023047', accent: '#FFB703', ink: '#ffffff' },
    home: {
      hero_title: 'Everything for home, work and play',
      hero_subtitle: 'Free delivery on orders over R 500',
      hero_image_path: '/assets/demo/hero.svg',
      recommendations_enabled: true,
      show_deals: true,
      show_recently_viewed: true,
    },
    footer_text: '© 2026 Marketkit Demo Store. Prices in rand, VAT included.',
    contact: {
      email: 'help@demo.marketkit.test',
      phone: '+27 10 000 0000',
      address: '1 Demo Street, Johannesburg',
    },
    phone_extension: '+91',
    categories: [
      ['electronics', { en: 'Electronics' }, null],
      ['phones', { en: 'Phones & Tablets' }, 'electronics'],
      ['audio', { en: 'Audio' }, 'electronics'],
      ['accessories', { en: 'Accessories' }, 'electronics'],
      ['home-kitchen', { en: 'Home & Kitchen' }, null],
      ['cookware', { en: 'Cookware' }, 'home-kitchen'],
      ['decor', { en: 'Decor' }, 'home-kitchen'],
      ['fashion', { en: 'Fashion' }, null],
      ['clothing', { en: 'Clothing' }, 'fashion'],
      ['footwear', { en: 'Footwear' }, 'fashion'],
      ['services', { en: 'Services' }, null],
      ['home-services', { en: 'Home Services' }, 'services'],
      ['wellness', { en: 'Wellness' }, 'services'],
      ['learning', { en: 'Learning' }, null],
      ['courses', { en: 'Courses & Trainings' }, 'learning'],
      ['ebooks', { en: 'E-books & Downloads' }, 'learning'],
      ['software', { en: 'Software' }, null],
      ['subscriptions', { en: 'Subscriptions' }, 'software'],
      ['apis', { en: 'APIs' }, 'software'],
      ['bundles', { en: 'Bundles' }, null],
    ],
    products,
    home_prefix: '20',
    first_product_id: 1001,
    first_category_id: 101,
    coupons: [
      {
        coupon_code: 'SAVE10',
        title: '10% off',
        description: '10% off your order, up to R 500.',
        discount_type: 'percentage',
        discount_value: 10,
        max_discount: 500,
        min_order_value: 0,
        applicable_product_ids: null,
        valid_until: null,
      },
      {
        coupon_code: 'FLAT100',
        title: 'R 100 off',
        description: 'R 100 off orders of R 500 or more.',
        discount_type: 'flat',
        discount_value: 100,
        max_discount: null,
        min_order_value: 500,
        applicable_product_ids: null,
        valid_until: null,
      },
      {
        coupon_code: 'FREEORDER',
        title: 'On the house',
        description: 'Makes the whole order free (sandbox).',
        discount_type: 'free_order',
        discount_value: 0,
        max_discount: null,
        min_order_value: 0,
        applicable_product_ids: null,
        valid_until: null,
      },
      {
        coupon_code: 'AUDIO15',
        title: '15% off audio',
        description: '15% off earbuds, headphones and speakers.',
        discount_type: 'percentage',
        discount_value: 15,
        max_discount: null,
        min_order_value: 0,
        applicable_product_ids: [1005, 1006, 1007],
        valid_until: null,
      },
      {
        coupon_code: 'EXPIRED5',
        title: '5% off (expired)',
        description: 'An expired coupon.',
        discount_type: 'percentage',
        discount_value: 5,
        max_discount: null,
        min_order_value: 0,
        applicable_product_ids: null,
        valid_until: '2025-01-31T23:59:59.000Z',
      },
    ],
    ask_ai: true,
    assistant_name: 'Mika',
    customers: [
      {
        first_name: 'Asha',
        last_name: 'Shopper',
        email: 'shopper@example.com',
        phone: '9876543210',
        extension: '+91',
        password: 'Password123',
      },
      {
        first_name: 'Sam',
        last_name: 'Secure',
        email: 'secure@example.com',
        phone: '9876500001',
        extension: '+91',
        password: 'Password123',
        device_verification: true,
      },
      {
        first_name: 'Lee',
        last_name: 'Locked',
        email: 'locked@example.com',
        phone: '9876500002',
        extension: '+91',
        password: 'Password123',
        locked: true,
      },
    ],
    delivery_fee: 60,
    free_delivery_over: 500,
  });
