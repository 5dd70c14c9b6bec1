// The named calls of the SDK (`withNamedCalls(client).products.list()`, from `@marketkit/sdk/calls`):
// the name of each operation of the contract, operationId → 'group.name', grouped by the resource the
// call acts on, and `namedCallsModule`, which generate.mjs runs to write src/generated/named-calls.ts.
// It fails when an operation has no name here, a name is given twice, a group is a member of
// MarketClient, or a name here matches no operation.
export const NAMED_CALLS = {
  // account
  getProfile: 'profile.get',
  updateProfile: 'profile.update',
  uploadProfileImage: 'profile.uploadImage',
  deleteProfileImage: 'profile.deleteImage',
  getPreferences: 'preferences.get',
  updatePreferences: 'preferences.update',
  listConsents: 'consents.list',
  recordConsents: 'consents.record',
  // addresses
  listAddresses: 'addresses.list',
  createAddress: 'addresses.create',
  updateAddress: 'addresses.update',
  deleteAddress: 'addresses.delete',
  checkPincodeForItems: 'addresses.checkPincode',
  // assistant
  getAiConfiguration: 'assistant.configuration',
  askAi: 'assistant.ask',
  // auth
  login: 'auth.login',
  loginWithOtp: 'auth.loginWithOtp',
  signup: 'auth.signup',
  refreshToken: 'auth.refreshToken',
  sessionLogout: 'auth.logout',
  logoutEverywhere: 'auth.logoutSessions',
  changePassword: 'auth.changePassword',
  forgotPassword: 'auth.forgotPassword',
  resetPassword: 'auth.resetPassword',
  selfUnlock: 'auth.selfUnlock',
  // bookings
  listBookings: 'bookings.list',
  rescheduleBooking: 'bookings.reschedule',
  cancelBooking: 'bookings.cancel',
  // cart
  getCustomerCart: 'cart.get',
  addToCustomerCart: 'cart.add',
  updateCustomerCartItem: 'cart.update',
  removeCustomerCartItem: 'cart.remove',
  clearCustomerCart: 'cart.clear',
  // catalog
  listProducts: 'products.list',
  getProduct: 'products.get',
  checkProductAvailability: 'products.availability',
  searchCatalog: 'products.search',
  listCategories: 'categories.list',
  listRatings: 'ratings.list',
  createRating: 'ratings.create',
  // checkout
  startCheckout: 'checkout.start',
  getCheckout: 'checkout.get',
  updateCheckout: 'checkout.update',
  // content
  listFaqs: 'faqs.list',
  listPolicies: 'policies.list',
  getPolicy: 'policies.get',
  // coupons
  listCoupons: 'coupons.list',
  validateCoupon: 'coupons.validate',
  // devices
  listDevices: 'devices.list',
  signOutDevice: 'devices.signOut',
  generateDeviceOtp: 'devices.sendOtp',
  validateDeviceOtp: 'devices.validateOtp',
  // digital
  listDigitalProducts: 'digitalProducts.list',
  downloadDigitalProduct: 'digitalProducts.download',
  // enquiries
  listEnquiries: 'enquiries.list',
  createEnquiry: 'enquiries.create',
  // orders
  listOrders: 'orders.list',
  getOrder: 'orders.get',
  createOrder: 'orders.create',
  cancelOrder: 'orders.cancel',
  returnOrReplace: 'orders.returnOrReplace',
  downloadInvoice: 'orders.invoice',
  checkOrderStatus: 'orders.checkPayment',
  // otp
  generateOtp: 'otp.send',
  regenerateOtp: 'otp.resend',
  validateOtp: 'otp.validate',
  // payments
  listPaymentTypes: 'payments.methods',
  getPaymentConfig: 'payments.config',
  // recommendations
  listRecommendations: 'recommendations.list',
  // slots
  listSlots: 'slots.list',
  // store (the group cannot be `store`: that is the client's store name)
  getContentSettings: 'settings.get',
  getLanguages: 'languages.list',
  getRecaptchaConfiguration: 'recaptcha.configuration',
  validateStore: 'stores.validate',
  // trainings
  getTrainingOverview: 'trainings.get',
  // wishlist
  getCustomerWishlist: 'wishlist.get',
  addToCustomerWishlist: 'wishlist.add',
  removeCustomerWishlistItem: 'wishlist.remove',
};

/** Members of `MarketClient` itself: no group may take their name. */
export const CLIENT_MEMBERS = [
  'GET',
  'PUT',
  'POST',
  'DELETE',
  'OPTIONS',
  'HEAD',
  'PATCH',
  'TRACE',
  'request',
  'use',
  'eject',
  'servicesHost',
  'store',
  'realm',
  'tokens',
  'assetUrl',
  'imageUrls',
  'signIn',
  'verifyDevice',
  'signOut',
  'session',
  'refreshSession',
];

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
/** Query parameters every call gets from the SDK's middleware: not a reason to take a query argument. */
const ADDED_BY_SDK = new Set(['language-code', 'pin-code']);

/**
 * The named-call module: `namedCallTable` (group → name → `METHOD /path`, plus the media type of a file
 * answer) and the `NamedCalls` interface typing and documenting each call. Path parameters are the
 * first arguments, in path order; then the body (operations with one) or the query; then the options.
 */
export function namedCallsModule(doc, names = NAMED_CALLS) {
  const operations = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      if (item[method]) operations.push(describeOperation(doc, path, method, item, item[method]));
    }
  }
  const problems = [];
  const byName = new Map();
  const ids = new Set(operations.map((operation) => operation.id));
  for (const id of Object.keys(names)) {
    if (!ids.has(id))
      problems.push(`scripts/named-calls.mjs names ${id}, which is no operation of the contract`);
  }
  for (const operation of operations) {
    const named = names[operation.id];
    if (!named) {
      problems.push(`operation ${operation.id} has no named call: give it one in scripts/named-calls.mjs`);
      continue;
    }
    const [group, name, extra] = named.split('.');
    if (!IDENTIFIER.test(group ?? '') || !IDENTIFIER.test(name ?? '') || extra !== undefined) {
      problems.push(`${operation.id}: '${named}' is not 'group.name' (two identifiers)`);
      continue;
    }
    if (CLIENT_MEMBERS.includes(group))
      problems.push(`${operation.id}: the group '${group}' is a member of MarketClient: choose another`);
    const clash = byName.get(named);
    if (clash) problems.push(`${named} is the name of both ${clash.id} and ${operation.id}: rename one`);
    byName.set(named, { ...operation, group, name });
    problems.push(...operation.problems);
  }
  if (problems.length > 0)
    throw new Error(
      `the named calls cannot be generated:\n${problems.map((text) => `✖ ${text}`).join('\n')}`,
    );

  const groups = new Map();
  for (const call of [...byName.values()].sort(
    (a, b) => a.group.localeCompare(b.group) || a.name.localeCompare(b.name),
  )) {
    if (!groups.has(call.group)) groups.set(call.group, []);
    groups.get(call.group).push(call);
  }
  const tagText = new Map((doc.tags ?? []).map((tag) => [tag.name, tag.description ?? tag.name]));
  const lines = [
    '/**',
    ' * Generated by packages/sdk/scripts/generate.mjs from /openapi (names: scripts/named-calls.mjs).',
    ' * Do not edit by hand: change the contract or the names and run `pnpm generate`. CI fails on drift.',
    ' */',
    "import type { CallBody, CallOptions, CallPath, CallQuery, ResponseBody } from '../types.ts';",
    '',
    '/** Each named call as `METHOD /path` (and the media type of a file answer), by group and name. */',
    'export const namedCallTable = {',
  ];
  for (const [group, calls] of groups) {
    lines.push(`  ${group}: {`);
    for (const call of calls) {
      const entry = [call.method.toUpperCase(), call.path, call.file].filter(Boolean).join(' ');
      lines.push(`    ${call.name}: '${entry}',`);
    }
    lines.push('  },');
  }
  lines.push('} as const;', '');
  lines.push(
    '/**',
    ' * The named calls `withNamedCalls` (`@marketkit/sdk/calls`) adds to a `MarketClient`',
    ' * (`sdk.products.list(query)`), one per operation of the contract: path parameters first, then the',
    " * body or the query, then `CallOptions`. Each resolves the answer's `response_body` (a file answer:",
    ' * the checked `Response`) or rejects with `MarketApiError`.',
    ' */',
    'export interface NamedCalls {',
  );
  for (const [group, calls] of groups) {
    const tags = [...new Set(calls.map((call) => call.tag))].map((tag) => tagText.get(tag) ?? tag);
    lines.push(...docComment(tags.join(' '), '  '), `  ${group}: {`);
    for (const call of calls) {
      const id = `'${call.id}'`;
      const args = call.pathParams.map((param) => `${param}: CallPath<${id}>['${param}']`);
      if (call.input === 'body')
        args.push(`body${call.inputRequired ? '' : '?'}: ${call.multipart ? 'FormData' : `CallBody<${id}>`}`);
      if (call.input === 'query') args.push(`query${call.inputRequired ? '' : '?'}: CallQuery<${id}>`);
      args.push(`options?: CallOptions<${id}>`);
      const result = call.file ? 'Response' : `ResponseBody<${id}>`;
      const text = [
        call.summary,
        call.description,
        `\`${call.method.toUpperCase()} ${call.path}\` (operation \`${call.id}\`).`,
      ]
        .filter(Boolean)
        .join('\n\n');
      lines.push(...docComment(text, '    '), `    ${call.name}(${args.join(', ')}): Promise<${result}>;`);
    }
    lines.push('  };');
  }
  lines.push('}', '');
  return lines.join('\n');
}

/** What a named call needs to know of an operation, and what keeps it from being one. */
function describeOperation(doc, path, method, item, operation) {
  const resolve = (value) =>
    value?.$ref
      ? value.$ref
          .slice(2)
          .split('/')
          .reduce((node, key) => node[key], doc)
      : value;
  const params = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map(resolve);
  const query = params.filter((param) => param.in === 'query' && !ADDED_BY_SDK.has(param.name));
  const pathParams = [...path.matchAll(/{([^}]+)}/g)].map((match) => match[1]);
  const body = resolve(operation.requestBody);
  const success = Object.entries(operation.responses ?? {}).find(([status]) => status.startsWith('2'))?.[1];
  const media = Object.keys(resolve(success)?.content ?? {});
  const id = operation.operationId;
  const problems = [];
  // The table says only "METHOD /path": the method alone must tell body from query.
  const takesBody = ['post', 'put', 'patch'].includes(method);
  if (body && !takesBody)
    problems.push(`${id}: a ${method.toUpperCase()} with a body (a named call sends it none)`);
  if (takesBody && query.length > 0)
    problems.push(`${id}: a ${method.toUpperCase()} with query parameters (a named call takes its body)`);
  for (const param of pathParams) {
    if (!IDENTIFIER.test(param)) problems.push(`${id}: path parameter {${param}} is no identifier`);
  }
  const json = media.some((type) => /\bjson\b/.test(type));
  return {
    id,
    path,
    method,
    tag: operation.tags?.[0],
    summary: operation.summary?.trim(),
    description: operation.description?.trim(),
    pathParams,
    input: body ? 'body' : query.length > 0 ? 'query' : null,
    inputRequired: body ? body.required === true : query.some((param) => param.required),
    multipart: Boolean(body?.content?.['multipart/form-data']),
    file: json || media.length === 0 ? null : media[0],
    problems,
  };
}

/** A TSDoc comment of `text`, indented. */
function docComment(text, indent) {
  const body = text.replaceAll('*/', '*\\/').split('\n');
  return [`${indent}/**`, ...body.map((line) => `${indent} *${line ? ` ${line}` : ''}`), `${indent} */`];
}
