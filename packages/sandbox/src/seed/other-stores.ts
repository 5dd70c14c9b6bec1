import type { ProductDefinition } from './catalogue.ts';
import type { Localized } from './model.ts';
import { buildStore } from './store-builder.ts';

const p = (
  name: Localized,
  category: string,
  type: ProductDefinition['type'],
  price: number,
  extra: Partial<ProductDefinition> = {},
): ProductDefinition => ({
  name,
  category,
  type,
  price,
  ...extra,
});

/** Right to left: Arabic by default, with English and French; dirham prices; AI assistant off. */
export const souqStore = () =>
  buildStore({
    store_id: 21,
    name: 'souq',
    display_name: 'سوق الواحة',
    currency: {
      id: 2,
      store_id: 21,
      iso_code: 'AED',
      symbol: 'د.إ',
      fractional_unit: 'fils',
      number_to_basic: 100,
    },
    currency_code: 'AED',
    languages: [
      { code: 'ar', name: 'Arabic', native: 'العربية', rtl: true, isDefault: true },
      { code: 'en', name: 'English', native: 'English' },
      { code: 'fr', name: 'French', native: 'Français' },
    ],
    colors: {
      page: ['#fffaf0', '#1f2937'],
      header: ['#7c2d12', '#fff7ed'],
      footer: ['#431407', '#fed7aa'],
      primary: ['#c2410c', '#ffffff'],
      secondary: ['#fff7ed', '#7c2d12'],
      tertiary: ['#0f766e', '#ffffff'],
    },
    palette: { primary: '#7c2d12', accent: '#f59e0b', ink: '#fff7ed' },
    home: {
      hero_title: 'أجود منتجات السوق إلى بابك',
      hero_subtitle: 'توصيل مجاني للطلبات فوق ٢٠٠ درهم',
      hero_image_path: '/assets/souq/hero.svg',
      recommendations_enabled: true,
      show_deals: true,
      show_recently_viewed: true,
    },
    footer_text: '© ٢٠٢٦ سوق الواحة',
    contact: { email: 'help@souq.marketkit.test', phone: '+971 4 000 0000' },
    phone_extension: '+971',
    logo_size: 'medium',
    categories: [
      ['food', { en: 'Food & Coffee', ar: 'الطعام والقهوة', fr: 'Épicerie et café' }, null],
      ['dates', { en: 'Dates', ar: 'التمور', fr: 'Dattes' }, 'food'],
      ['coffee', { en: 'Coffee & Spices', ar: 'القهوة والبهارات', fr: 'Café et épices' }, 'food'],
      ['home', { en: 'Home', ar: 'المنزل', fr: 'Maison' }, null],
      ['fragrance', { en: 'Fragrance', ar: 'العطور', fr: 'Parfums' }, null],
      ['fashion', { en: 'Fashion', ar: 'الأزياء', fr: 'Mode' }, null],
      ['services', { en: 'Services & Classes', ar: 'الخدمات والدورات', fr: 'Services et cours' }, null],
      ['digital', { en: 'Digital', ar: 'رقمي', fr: 'Numérique' }, null],
    ],
    products: [
      p(
        { en: 'Medjool Dates 1kg', ar: 'تمر مجدول ١ كغ', fr: 'Dattes Medjool 1 kg' },
        'dates',
        'physical',
        89,
        { discount: 10, deal: true },
      ),
      p(
        { en: 'Sukkari Dates Box', ar: 'علبة تمر سكري', fr: 'Boîte de dattes Sukkari' },
        'dates',
        'physical',
        65,
      ),
      p(
        { en: 'Stuffed Dates with Almonds', ar: 'تمر محشي باللوز', fr: 'Dattes fourrées aux amandes' },
        'dates',
        'physical',
        120,
        // Paid on delivery only; the others either way, or online only.
        { discount: 15, online: false },
      ),
      p(
        { en: 'Arabic Coffee with Cardamom', ar: 'قهوة عربية بالهيل', fr: 'Café arabe à la cardamome' },
        'coffee',
        'physical',
        45,
      ),
      p({ en: 'Saffron 5g', ar: 'زعفران ٥ غ', fr: 'Safran 5 g' }, 'coffee', 'physical', 75, {
        deal: true,
        discount: 20,
      }),
      p(
        { en: 'Spice Collection', ar: 'مجموعة البهارات', fr: 'Collection d’épices' },
        'coffee',
        'physical',
        99,
      ),
      p(
        { en: 'Brass Dallah Coffee Pot', ar: 'دلة قهوة نحاسية', fr: 'Cafetière dallah en laiton' },
        'home',
        'physical',
        240,
        { zones: ['1', '2'] },
      ),
      p({ en: 'Moroccan Lantern', ar: 'فانوس مغربي', fr: 'Lanterne marocaine' }, 'home', 'physical', 180, {
        discount: { flat: 30 },
      }),
      p({ en: 'Handwoven Rug', ar: 'سجادة منسوجة يدويًا', fr: 'Tapis tissé main' }, 'home', 'physical', 1450, {
        cod: false,
      }),
      p(
        { en: 'Oud Perfume 50ml', ar: 'عطر عود ٥٠ مل', fr: 'Parfum oud 50 ml' },
        'fragrance',
        'physical',
        350,
        { discount: 10, deal: true },
      ),
      p({ en: 'Bakhoor Incense', ar: 'بخور', fr: 'Encens bakhour' }, 'fragrance', 'physical', 60),
      p(
        { en: 'Rose Water Mist', ar: 'رذاذ ماء الورد', fr: 'Brume d’eau de rose' },
        'fragrance',
        'physical',
        0,
        { kind: 'free' },
      ),
      p({ en: 'Embroidered Kaftan', ar: 'قفطان مطرز', fr: 'Caftan brodé' }, 'fashion', 'physical', 420),
      p({ en: 'Silk Scarf', ar: 'وشاح حريري', fr: 'Foulard en soie' }, 'fashion', 'physical', 150, {
        discount: 25,
      }),
      p({ en: 'Tailored Abaya', ar: 'عباية مفصلة', fr: 'Abaya sur mesure' }, 'fashion', 'physical', 900, {
        kind: 'request',
      }),
      p(
        { en: 'Henna Artist Visit', ar: 'زيارة فنانة الحناء', fr: 'Visite d’une artiste henné' },
        'services',
        'service',
        200,
        { service: { minutes: 90, days: ['thu', 'fri', 'sat'] } },
      ),
      p(
        { en: 'Arabic Calligraphy Course', ar: 'دورة الخط العربي', fr: 'Cours de calligraphie arabe' },
        'services',
        'packaged',
        650,
        {
          packaged: { includes: [['Calligraphy class', 4]] },
          training: {
            mode: 'classroom',
            trainer: 'Yousef Al-Amiri',
            sessions: ['الأدوات', 'خط النسخ', 'خط الثلث', 'مشروع'],
          },
        },
      ),
      p(
        { en: 'Majlis Cleaning Service', ar: 'خدمة تنظيف المجلس', fr: 'Nettoyage du majlis' },
        'services',
        'service',
        300,
        { service: { minutes: 180 } },
      ),
      p(
        { en: 'Arabic Recipes E-book', ar: 'كتاب وصفات عربية إلكتروني', fr: 'Livre de recettes arabes' },
        'digital',
        'digital',
        35,
        { digital: { format: 'PDF', megabytes: 8.6 } },
      ),
      p(
        { en: 'Arabic Lessons Monthly', ar: 'دروس العربية شهريًا', fr: 'Cours d’arabe mensuels' },
        'digital',
        'subscription',
        79,
        { subscription: { period: 'monthly', trialDays: 7 } },
      ),
      p(
        { en: 'Coffee Ceremony Set', ar: 'طقم ضيافة القهوة', fr: 'Service à café traditionnel' },
        'home',
        'bundled',
        299,
        {
          bundle: ['Brass Dallah Coffee Pot', 'Arabic Coffee with Cardamom'],
          discount: 10,
        },
      ),
      p(
        { en: 'Currency Rates API', ar: 'واجهة أسعار العملات', fr: 'API des taux de change' },
        'digital',
        'api',
        199,
        { api: { callsPerMonth: 20000, ratePerMinute: 60, deliverables: ['API key'] } },
      ),
    ],
    home_prefix: '1',
    first_product_id: 2001,
    first_category_id: 201,
    coupons: [
      {
        coupon_code: 'RAMADAN20',
        title: 'خصم ٢٠٪',
        description: '20% off, up to 100 AED.',
        discount_type: 'percentage',
        discount_value: 20,
        max_discount: 100,
        min_order_value: 0,
        applicable_product_ids: null,
        valid_until: null,
      },
      {
        coupon_code: 'FREEORDER',
        title: 'Free order',
        description: 'Makes the whole order free (sandbox).',
        discount_type: 'free_order',
        discount_value: 0,
        max_discount: null,
        min_order_value: 0,
        applicable_product_ids: null,
        valid_until: null,
      },
    ],
    ask_ai: false,
    assistant_name: 'Noor',
    customers: [
      {
        first_name: 'Layla',
        last_name: 'Haddad',
        email: 'shopper@example.com',
        phone: '501234567',
        extension: '+971',
        password: 'Password123',
      },
    ],
    delivery_fee: 15,
    free_delivery_over: 200,
  });

/** No currency in its settings (the client's INR default applies); hidden prices and request-based items. */
export const bazaarStore = () =>
  buildStore({
    store_id: 32,
    name: 'bazaar',
    display_name: 'Bazaar India',
    currency: null,
    currency_code: 'INR',
    languages: [
      { code: 'en', name: 'English', native: 'English', isDefault: true },
      { code: 'hi', name: 'Hindi', native: 'हिन्दी' },
    ],
    colors: {
      page: ['', ''],
      header: ['#14532d', '#f0fdf4'],
      footer: ['', ''],
      primary: ['#16a34a', '#ffffff'],
      secondary: ['', ''],
      tertiary: ['#ea580c', '#ffffff'],
    },
    palette: { primary: '#14532d', accent: '#f97316', ink: '#f0fdf4' },
    home: {
      hero_title: 'Handmade across India',
      hero_subtitle: 'Ask for a quote on made-to-order pieces',
      hero_image_path: '/assets/bazaar/hero.svg',
      recommendations_enabled: false,
      show_deals: true,
      show_recently_viewed: true,
    },
    footer_text: '© 2026 Bazaar India',
    contact: { email: 'namaste@bazaar.marketkit.test' },
    phone_extension: '+91',
    max_product_price: 200000,
    estimated_delivery_days: 5,
    logo_size: 'small',
    categories: [
      ['textiles', { en: 'Textiles', hi: 'वस्त्र' }, null],
      ['sarees', { en: 'Sarees', hi: 'साड़ियाँ' }, 'textiles'],
      ['handicrafts', { en: 'Handicrafts', hi: 'हस्तशिल्प' }, null],
      ['pantry', { en: 'Tea & Spices', hi: 'चाय और मसाले' }, null],
      ['services', { en: 'Services', hi: 'सेवाएँ' }, null],
      ['digital', { en: 'Digital', hi: 'डिजिटल' }, null],
    ],
    products: [
      p({ en: 'Handwoven Silk Saree (made to order)', hi: 'हथकरघा रेशमी साड़ी' }, 'sarees', 'physical', 45000, {
        kind: 'request',
        hidePrice: true,
        zones: ['11', '40', '56'],
      }),
      p({ en: 'Banarasi Saree', hi: 'बनारसी साड़ी' }, 'sarees', 'physical', 12500, {
        discount: 10,
        deal: true,
      }),
      // One physical product paid on delivery only, one online only; the others either way.
      p({ en: 'Cotton Kurta', hi: 'सूती कुर्ता' }, 'textiles', 'physical', 899, { discount: 20, online: false }),
      p({ en: 'Block Print Bedsheet', hi: 'ब्लॉक प्रिंट चादर' }, 'textiles', 'physical', 1499, { cod: false }),
      p({ en: 'Pashmina Shawl', hi: 'पश्मीना शॉल' }, 'textiles', 'physical', 8500, {
        hidePrice: true,
        kind: 'request',
      }),
      p({ en: 'Brass Diya Set', hi: 'पीतल दीया सेट' }, 'handicrafts', 'physical', 1299, {
        deal: true,
        discount: 15,
      }),
      p({ en: 'Terracotta Vase', hi: 'टेराकोटा फूलदान' }, 'handicrafts', 'physical', 650, {
        zones: ['11', '12', '40'],
      }),
      p({ en: 'Carved Wooden Elephant', hi: 'नक्काशीदार लकड़ी का हाथी' }, 'handicrafts', 'physical', 2200),
      p({ en: 'Madhubani Painting (commission)', hi: 'मधुबनी चित्र' }, 'handicrafts', 'physical', 15000, {
        kind: 'request',
        hidePrice: true,
      }),
      p({ en: 'Marble Inlay Coasters', hi: 'संगमरमर कोस्टर' }, 'handicrafts', 'physical', 999, { stock: 0 }),
      p({ en: 'Darjeeling First Flush Tea', hi: 'दार्जिलिंग चाय' }, 'pantry', 'physical', 749, {
        discount: 10,
      }),
      p({ en: 'Garam Masala 200g', hi: 'गरम मसाला' }, 'pantry', 'physical', 199),
      p({ en: 'Kashmiri Saffron 2g', hi: 'कश्मीरी केसर' }, 'pantry', 'physical', 699, {
        deal: true,
        discount: 20,
      }),
      p({ en: 'Masala Chai Sample', hi: 'मसाला चाय नमूना' }, 'pantry', 'physical', 0, { kind: 'free' }),
      p({ en: 'Home Puja Service', hi: 'गृह पूजा सेवा' }, 'services', 'service', 2100, {
        service: { minutes: 120 },
      }),
      p({ en: 'Bridal Mehendi', hi: 'दुल्हन मेहंदी' }, 'services', 'service', 5100, {
        kind: 'request',
        service: { minutes: 240 },
      }),
      p({ en: 'Wedding Photography Package', hi: 'शादी फोटोग्राफी पैकेज' }, 'services', 'packaged', 75000, {
        kind: 'request',
        hidePrice: true,
        packaged: {
          includes: [
            ['Photography day', 2],
            ['Album', 1],
          ],
        },
      }),
      p({ en: 'Classical Music Lessons', hi: 'शास्त्रीय संगीत कक्षाएँ' }, 'services', 'packaged', 4999, {
        packaged: { includes: [['Online lesson', 8]] },
        training: {
          mode: 'online',
          trainer: 'Pandit R. Sharma',
          sessions: [
            'Sargam',
            'Alankar',
            'Raag Yaman',
            'Raag Bhairav',
            'Taal',
            'Bandish',
            'Practice',
            'Recital',
          ],
        },
      }),
      p({ en: 'Indian Recipes E-book', hi: 'भारतीय व्यंजन ई-बुक' }, 'digital', 'digital', 199, {
        digital: { format: 'PDF', megabytes: 14.2 },
      }),
      p({ en: 'Yoga Classes Monthly', hi: 'योग कक्षाएँ मासिक' }, 'digital', 'subscription', 999, {
        subscription: { period: 'monthly', trialDays: 14 },
      }),
      p({ en: 'Festive Gift Hamper', hi: 'त्योहार उपहार हैंपर' }, 'handicrafts', 'bundled', 2999, {
        bundle: ['Brass Diya Set', 'Darjeeling First Flush Tea', 'Garam Masala 200g'],
        discount: 10,
      }),
      p({ en: 'Pincode Lookup API', hi: 'पिनकोड एपीआई' }, 'digital', 'api', 2499, {
        api: { callsPerMonth: 100000, ratePerMinute: 300, deliverables: ['API key', 'Documentation'] },
      }),
    ],
    home_prefix: '11',
    first_product_id: 3001,
    first_category_id: 301,
    coupons: [
      {
        coupon_code: 'DIWALI25',
        title: '25% off',
        description: '25% off, up to ₹1000.',
        discount_type: 'percentage',
        discount_value: 25,
        max_discount: 1000,
        min_order_value: 999,
        applicable_product_ids: null,
        valid_until: null,
      },
      {
        coupon_code: 'FREEORDER',
        title: 'Free order',
        description: 'Makes the whole order free (sandbox).',
        discount_type: 'free_order',
        discount_value: 0,
        max_discount: null,
        min_order_value: 0,
        applicable_product_ids: null,
        valid_until: null,
      },
    ],
    ask_ai: true,
    assistant_name: 'Sahayak',
    customers: [
      {
        first_name: 'Rohan',
        last_name: 'Mehta',
        email: 'shopper@example.com',
        phone: '9812345678',
        extension: '+91',
        password: 'Password123',
      },
    ],
    delivery_fee: 49,
    free_delivery_over: 999,
  });

/** `validate-store` answers store_status false: the storefront shows its "store unavailable" page. */
export const closedStore = () => ({
  ...bazaarLikeEmpty(40, 'closed', 'Closed for Renovation'),
  status: false,
});

/** `content-settings` fails: the storefront shows its settings error page. */
export const brokenStore = () => ({
  ...bazaarLikeEmpty(41, 'broken', 'Misconfigured Store'),
  settings_unavailable: true,
});

function bazaarLikeEmpty(storeId: number, name: string, displayName: string) {
  return buildStore({
    store_id: storeId,
    name,
    display_name: displayName,
    currency: {
      id: storeId,
      store_id: storeId,
      iso_code: 'ZAR',
      symbol: 'R',
      fractional_unit: 'cent',
      number_to_basic: 100,
    },
    currency_code: 'ZAR',
    languages: [{ code: 'en', name: 'English', native: 'English', isDefault: true }],
    colors: {
      page: ['', ''],
      header: ['', ''],
      footer: ['', ''],
      primary: ['', ''],
      secondary: ['', ''],
      tertiary: ['', ''],
    },
    palette: { primary: '#374151', accent: '#9ca3af', ink: '#ffffff' },
    home: { recommendations_enabled: false, show_deals: false, show_recently_viewed: false },
    footer_text: '',
    contact: {},
    phone_extension: '+91',
    categories: [['general', { en: 'General' }, null]],
    products: [p({ en: 'Placeholder Item' }, 'general', 'physical', 100)],
    home_prefix: '1',
    first_product_id: storeId * 100 + 1,
    first_category_id: storeId * 10 + 1,
    coupons: [],
    ask_ai: false,
    assistant_name: 'Assistant',
    customers: [],
    delivery_fee: 0,
    free_delivery_over: 0,
  });
}
