import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/** The app's words (English; other languages fall back to it). The hooks give codes and data, never text. */
export const en = {
  loading: 'Loading…',
  unavailable: 'This store is not available.',
  products: 'Products',
  cart: 'Cart ({{count}})',
  cartTitle: 'Your cart',
  emptyCart: 'Your cart is empty.',
  add: 'Add to cart',
  goToCart: 'Go to cart',
  added: 'Added to cart',
  remove: 'Remove',
  priceOnRequest: 'Price on request',
  signIn: 'Sign in',
  signOut: 'Sign out',
  email: 'Email',
  password: 'Password',
  hello: 'Hello {{name}}',
  merging: 'Moving your cart…',
  signInFailed: 'Sign-in failed: {{reason}}',
  checkout: 'Checkout',
  signInToCheckout: 'Sign in to check out',
  address: 'Delivery and billing address',
  fullName: 'Full name',
  street: 'Street',
  city: 'City',
  state: 'State',
  country: 'Country',
  pincode: 'Pincode',
  phone: 'Phone',
  saveAddress: 'Use this address',
  step: 'Step {{number}} of {{count}}',
  payment: 'Payment',
  placeOrder: 'Place order',
  placed: 'Order #{{id}} placed',
  paying: 'Continue to the payment page',
  failed: 'Something went wrong: {{reason}}',
  paid: 'Paid',
  notPaid: 'Not paid yet',
  alreadyInCart: 'Already in your cart',
  errors: {
    unknown: 'Something went wrong. Please try again.',
    NETWORK_ERROR: 'You seem to be offline.',
    TIMEOUT: 'The store took too long to answer.',
    BAD_REQUEST: 'That did not work. Check what you entered.',
    UNAUTHORIZED: 'Please sign in again.',
    BILLING_ADDRESS_REQUIRED: 'Choose a billing address first.',
    SHIPPING_ADDRESS_REQUIRED: 'Choose a delivery address first.',
    PAYMENT_METHOD_UNAVAILABLE: 'Choose payment methods this order allows.',
    CHECKOUT_NOT_LOADED: 'The checkout is still loading.',
  },
};

/** i18next with the app's words; `changeLanguage` follows the store's language (see `Layout`). */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
});
