// A shopper's visit in plain TypeScript on @marketkit/sdk, with no React and no browser: read the
// store and its catalogue as a guest, sign in, put a product in the server cart and read the total.
import {
  ALL_PAGES,
  createMarketClient,
  createMemoryTokenStore,
  type DeviceVerification,
  type MarketClient,
  type MarketSession,
  type Schema,
} from '@marketkit/sdk';
import { withNamedCalls } from '@marketkit/sdk/calls';

export interface JourneyOptions {
  /** Origin of the services host, e.g. `http://127.0.0.1:4010`. */
  servicesHost: string;
  /** The store's short name (its realm is `{store}-customer`). */
  store: string;
  username: string;
  password: string;
  /** How many units of the first product that can be bought to put in the cart. Default 1. */
  quantity?: number;
  /**
   * Asked for the code when the account wants this device verified (an OTP went to
   * `verification.masked_destination`); without it such a sign-in fails, saying so.
   */
  askCode?: (verification: DeviceVerification) => Promise<string>;
  /** `fetch` to use; defaults to the global one. */
  fetch?: (request: Request) => Promise<Response>;
}

export interface CategorySummary {
  name: string;
  products: number;
  children: CategorySummary[];
}

export interface CartLineSummary {
  productId: number;
  name: string;
  quantity: number;
  lineTotal: number;
}

export interface JourneyReport {
  store: { name: string; displayName: string; id: number };
  categories: CategorySummary[];
  /** The first page of the catalogue. */
  products: { id: number; name: string; price: number; purchaseMode: string }[];
  /** The signed-in shopper, from the access token's `name` claim. */
  shopper: string;
  added: { productId: number; name: string; quantity: number };
  cart: { lines: CartLineSummary[]; total: number; currency: string };
  /** Whether the services host confirmed the sign-out (the client's tokens are cleared either way). */
  signedOut: boolean;
}

const categorySummary = (category: Schema<'Category'>): CategorySummary => ({
  name: category.category_name,
  products: category.product_count,
  children: category.children.map(categorySummary),
});

/** This script, as the services host's device list shows it (a trusted device skips verification). */
const DEVICE = { device_id: 'node-sdk-example', device_name: 'Node.js example' };

/** Signs in with the bare SDK: the grant lands in `client.tokens`, every later call is the shopper's. */
async function signIn(client: MarketClient, options: JourneyOptions): Promise<MarketSession> {
  const result = await client.signIn({ username: options.username, password: options.password, ...DEVICE });
  if (result.status === 'signed-in') return result.session;
  const { verification } = result;
  if (!options.askCode)
    throw new Error(`Sign-in needs a device verification (code sent to ${verification.masked_destination})`);
  const verified = await client.verifyDevice({
    otp: await options.askCode(verification),
    otp_reference: verification.otp_reference,
    trust_device: false,
    ...DEVICE,
  });
  if (verified.status !== 'signed-in') throw new Error('The device verification did not sign in');
  return verified.session;
}

/** Runs the visit against a services host and reports what the shopper saw. */
export async function runShopperJourney(options: JourneyOptions): Promise<JourneyReport> {
  // The client with its named calls (client.products.list…), from their own entry point.
  const client = withNamedCalls(
    createMarketClient({
      servicesHost: options.servicesHost,
      store: options.store,
      // In Node.js the session lives in memory; the SDK's other defaults need nothing of a browser.
      tokens: createMemoryTokenStore(),
      ...(options.fetch ? { fetch: options.fetch } : {}),
    }),
  );

  const store = await client.stores.validate({ 'store-realmname': client.realm });
  if (!store.store_status) throw new Error(`The store ${options.store} is not open`);

  const [categories, page] = await Promise.all([
    client.categories.list({ page_number: ALL_PAGES }),
    client.products.list({ page_number: 1, page_limit: 10 }),
  ]);

  const { displayName: shopper } = await signIn(client, options);

  const product = page.data.find((p) => p.purchase_mode === 'checkout_based' && p.quantity > 0);
  if (!product) throw new Error('No product on the first page can be bought');
  const quantity = options.quantity ?? 1;
  const added = await client.cart.add({
    customer_cart: [{ product: product.product_id, cart_quantity: quantity }],
  });
  const refused = added.rejected.find((line) => line.product === product.product_id);
  if (refused) throw new Error(`The cart refused ${product.product_name}: ${refused.response_message}`);

  const cart = await client.cart.get({ page_number: ALL_PAGES });
  // Ends the session at the services host and clears client.tokens (cleared even if the call fails).
  const signedOut = await client.signOut();

  return {
    store: { name: store.name, displayName: store.store_display_name, id: store.store_id },
    categories: categories.data.map(categorySummary),
    products: page.data.map((p) => ({
      id: p.product_id,
      name: p.product_name,
      price: p.final_price,
      purchaseMode: p.purchase_mode,
    })),
    shopper,
    added: { productId: product.product_id, name: product.product_name, quantity },
    cart: {
      lines: cart.Products.map((line) => ({
        productId: line.product,
        name: line.product_detail.product_name,
        quantity: line.cart_quantity,
        lineTotal: line.line_total,
      })),
      total: cart.summary.total,
      currency: cart.summary.currency_code,
    },
    signedOut: signedOut.confirmed,
  };
}

const money = (amount: number, currency: string) => `${currency} ${amount.toFixed(2)}`;

/** The report as the command prints it. */
export function formatReport(report: JourneyReport): string {
  const lines = [
    `Store: ${report.store.displayName} (${report.store.name}, id ${report.store.id})`,
    'Categories:',
  ];
  const walk = (categories: CategorySummary[], depth: number) => {
    for (const category of categories) {
      lines.push(`${'  '.repeat(depth)}- ${category.name} (${category.products} products)`);
      walk(category.children, depth + 1);
    }
  };
  walk(report.categories, 1);
  lines.push(`Products (first ${report.products.length}):`);
  for (const p of report.products)
    lines.push(`  - #${p.id} ${p.name}: ${money(p.price, report.cart.currency)}`);
  lines.push(`Signed in as ${report.shopper}`);
  lines.push(`Added ${report.added.quantity} × ${report.added.name} to the cart`);
  lines.push('Cart:');
  for (const line of report.cart.lines)
    lines.push(`  - ${line.quantity} × ${line.name}: ${money(line.lineTotal, report.cart.currency)}`);
  lines.push(`Cart total: ${money(report.cart.total, report.cart.currency)}`);
  lines.push(report.signedOut ? 'Signed out' : 'Signed out here (the services host did not confirm)');
  return lines.join('\n');
}
