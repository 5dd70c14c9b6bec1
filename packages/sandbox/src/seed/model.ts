import type { components } from '@marketkit/sdk';

type S<Name extends keyof components['schemas']> = components['schemas'][Name];

/** Text in several languages; `en` is the fallback. */
export type Localized = { en: string } & Partial<Record<string, string>>;

export interface SeedCategory {
  category_id: number;
  name: Localized;
  category_slug: string;
  parent_id: number | null;
}

/** A product as the sandbox holds it: the contract's detail plus what only the server knows. */
export interface SeedProduct {
  detail: S<'ProductDetail'>;
  name: Localized;
  /** Pincode prefixes it is delivered to; null means everywhere (physical goods only). */
  serviceable_prefixes: string[] | null;
  /** Pincode prefix of the warehouse: deliveries there take the base estimate, elsewhere two days more. */
  home_prefix: string;
  /** Higher is newer (sort=newest). */
  created_rank: number;
  /** Sessions of a training product. */
  training?: { sessions: { title: string; duration_minutes: number }[]; trainer_name: string | null };
}

export interface SeedCustomer {
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  extension: string;
  password: string | null;
  /** Sign-ins from an unknown device must be confirmed with a device OTP. */
  device_verification?: boolean;
  /** Starts locked (self-unlock with an OTP). */
  locked?: boolean;
}

/** Secrets of the sandbox card gateway for one store (SHA-256 "phrases", as card gateways use). */
export interface SeedGateway {
  merchant_identifier: string;
  access_code: string;
  request_phrase: string;
  response_phrase: string;
}

export interface SeedStore {
  store_id: number;
  /** Short name; the guest realm is `{name}-customer`. */
  name: string;
  display_name: string;
  /** `validate-store` answers this; false shows the "store unavailable" page. */
  status: boolean;
  /** When true, `content-settings` fails with a 500 (to show the settings error page). */
  settings_unavailable?: boolean;
  settings: S<'StoreSettings'>;
  /** Colours used to draw the store's generated images. */
  palette: { primary: string; accent: string; ink: string };
  languages: S<'Language'>[];
  categories: SeedCategory[];
  products: SeedProduct[];
  payment_methods: S<'PaymentMethod'>[];
  coupons: S<'Coupon'>[];
  faqs: S<'Faq'>[];
  policies: S<'StorePolicyDetail'>[];
  ratings: S<'ProductRating'>[];
  ai: S<'AiConfiguration'>;
  recaptcha: S<'RecaptchaConfiguration'>;
  consents: S<'Consent'>[];
  customers: SeedCustomer[];
  gateway: SeedGateway;
  /** Delivery fee below `free_delivery_over` (store currency). */
  delivery_fee: number;
  free_delivery_over: number;
  /** ISO code used when the settings give no currency (the client's default is INR). */
  currency_code: string;
}

/** Everything the sandbox starts from. Immutable: what shoppers change lives in the state. */
export interface SandboxSeed {
  stores: SeedStore[];
}
