import type { components } from '@marketkit/sdk';
import { customerOf, type SandboxContext, storeOf } from '../core/context.ts';
import { hashPassword, randomId, verifyPassword } from '../core/crypto.ts';
import { badRequest, conflict, ensure, notFound, SandboxError, unauthorized } from '../core/errors.ts';
import type { ContractHandlers } from '../core/handler-types.ts';
import { revokeSession, rotateRefreshToken, sessionOfIdToken, startSession } from '../core/sessions.ts';
import type { CustomerRecord, OtpPurposeRecord, OtpRecord } from '../core/state.ts';
import type { SeedStore } from '../seed/model.ts';

type S<Name extends keyof components['schemas']> = components['schemas'][Name];

const OTP_TTL_SECONDS = 300;
const RESEND_AFTER_SECONDS = 30;
const MAX_OTP_ATTEMPTS = 5;
const MAX_FAILED_LOGINS = 5;
const VERIFICATION_TTL_SECONDS = 600;
const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

export function findCustomer(
  context: SandboxContext,
  store: SeedStore,
  type: S<'IdentifierType'>,
  identifier: string,
  extension?: string | null,
) {
  const wanted = identifier.trim().toLowerCase();
  return context.state.customers.find((customer) => {
    if (customer.store !== store.name) return false;
    if (type === 'email') return customer.email?.toLowerCase() === wanted;
    return customer.phone === wanted && (!extension || customer.extension === extension);
  });
}

const mask = (type: S<'IdentifierType'>, identifier: string, extension: string | null) => {
  if (type === 'email') {
    const [user = '', domain = ''] = identifier.split('@');
    return `${user.slice(0, 2)}${'*'.repeat(Math.max(1, user.length - 2))}@${domain}`;
  }
  return `${extension ?? ''} ${'*'.repeat(Math.max(0, identifier.length - 4))}${identifier.slice(-4)}`.trim();
};

const newCode = (context: SandboxContext) =>
  context.config.otp === 'random'
    ? String(crypto.getRandomValues(new Uint32Array(1))[0] ?? 0)
        .padStart(6, '0')
        .slice(-6)
    : context.config.otp;

function createOtp(
  context: SandboxContext,
  store: SeedStore,
  purpose: OtpPurposeRecord,
  type: S<'IdentifierType'>,
  identifier: string,
  extension: string | null,
  customerId: number | null,
): OtpRecord {
  const code = newCode(context);
  const record: OtpRecord = {
    reference: randomId(18),
    store: store.name,
    purpose,
    identifier_type: type,
    identifier: type === 'email' ? identifier.toLowerCase() : identifier,
    extension: type === 'phone' ? extension : null,
    code,
    expires_at: new Date(context.now.getTime() + OTP_TTL_SECONDS * 1000).toISOString(),
    resend_after_at: new Date(context.now.getTime() + RESEND_AFTER_SECONDS * 1000).toISOString(),
    attempts: 0,
    verified: false,
    customer_id: customerId,
  };
  context.state.otps = context.state.otps.filter(
    (otp) => new Date(otp.expires_at).getTime() > context.now.getTime() - 3_600_000,
  );
  context.state.otps.push(record);
  context.config.log(
    `[sandbox] OTP ${code} for ${record.extension ?? ''}${record.identifier} (${store.name}, ${purpose})`,
  );
  return record;
}

const challenge = (record: OtpRecord, now: Date): S<'OtpChallenge'> => ({
  otp_reference: record.reference,
  masked_destination: mask(record.identifier_type, record.identifier, record.extension),
  expires_in: Math.max(0, Math.round((new Date(record.expires_at).getTime() - now.getTime()) / 1000)),
  resend_after: Math.max(0, Math.round((new Date(record.resend_after_at).getTime() - now.getTime()) / 1000)),
});

function findOtp(context: SandboxContext, store: SeedStore, reference: string, purposes: OtpPurposeRecord[]) {
  const record = context.state.otps.find((otp) => otp.reference === reference && otp.store === store.name);
  if (!record || !purposes.includes(record.purpose))
    throw notFound('This code request was not found; ask for a new code');
  return record;
}

/** Checks a code: expired, too many attempts and wrong codes are refused with a clear message. */
function checkCode(context: SandboxContext, record: OtpRecord, code: string) {
  if (record.verified) throw badRequest('This code was already used; ask for a new code');
  if (new Date(record.expires_at) <= context.now)
    throw badRequest('This code has expired; ask for a new code');
  if (record.attempts >= MAX_OTP_ATTEMPTS)
    throw new SandboxError(429, 'Too many wrong codes; ask for a new code');
  if (record.code !== code) {
    record.attempts += 1;
    throw badRequest('The code is incorrect', [
      { field: 'otp', code: 'INCORRECT', message: 'The code is incorrect' },
    ]);
  }
  record.verified = true;
}

/** Validates an identifier and gives its phone extension (the store's default when none is sent). */
function checkedExtension(
  store: SeedStore,
  body: { identifier: string; identifier_type: S<'IdentifierType'>; extension?: string },
) {
  checkIdentifier(body.identifier_type, body.identifier);
  return body.identifier_type === 'phone'
    ? (body.extension ?? store.settings.default_phone_extension ?? '+91')
    : null;
}

function checkIdentifier(type: S<'IdentifierType'>, identifier: string) {
  if (type === 'email')
    ensure(/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(identifier), 'identifier', 'Enter a valid e-mail address');
  else ensure(/^[0-9]{6,15}$/.test(identifier), 'identifier', 'Enter a valid phone number (digits only)');
}

function useVerification(
  context: SandboxContext,
  store: SeedStore,
  token: string,
  purpose: OtpPurposeRecord,
) {
  const record = context.state.verifications.find((v) => v.token === token && v.store === store.name);
  if (!record || record.purpose !== purpose)
    throw badRequest('The verification is not valid; verify your code again');
  if (record.used) throw badRequest('This verification was already used');
  if (new Date(record.expires_at) <= context.now)
    throw badRequest('The verification has expired; verify your code again');
  record.used = true;
  return record;
}

/** The existing account a verification token proves (password reset, self-unlock). */
function verifiedCustomer(
  context: SandboxContext,
  store: SeedStore,
  token: string,
  purpose: OtpPurposeRecord,
) {
  const verification = useVerification(context, store, token, purpose);
  const customer = findCustomer(
    context,
    store,
    verification.identifier_type,
    verification.identifier,
    verification.extension,
  );
  if (!customer) throw notFound('No account uses these details');
  return customer;
}

function ensureUnlocked(customer: CustomerRecord) {
  if (customer.locked)
    throw new SandboxError(
      423,
      'Your account is locked after too many attempts. Unlock it with a one-time code.',
    );
}

async function signInOrVerifyDevice(
  context: SandboxContext,
  store: SeedStore,
  customer: CustomerRecord,
  device: { device_id?: string | undefined; device_name?: string | undefined },
) {
  if (
    customer.device_verification &&
    !(device.device_id && customer.trusted_devices.includes(device.device_id))
  ) {
    const type: S<'IdentifierType'> = customer.email ? 'email' : 'phone';
    const record = createOtp(
      context,
      store,
      'device',
      type,
      customer.email ?? customer.phone ?? '',
      customer.extension,
      customer.customer_id,
    );
    const body: S<'LoginDeviceVerificationRequired'> = {
      login_status: 'DEVICE_VERIFICATION_REQUIRED',
      ...challenge(record, context.now),
    };
    return { body, message: 'Confirm this device with the code we sent' };
  }
  const tokens = await startSession(context, store, customer, device);
  return { body: { login_status: 'SUCCESS' as const, ...tokens }, message: 'Signed in' };
}

function profileOf(customer: CustomerRecord): S<'CustomerProfile'> {
  return {
    customer_id: customer.customer_id,
    first_name: customer.first_name,
    last_name: customer.last_name,
    email: customer.email,
    phone: customer.phone,
    extension: customer.extension,
    email_verified: customer.email_verified,
    phone_verified: customer.phone_verified,
    gender: customer.gender,
    date_of_birth: customer.date_of_birth,
    profile_image_path: customer.profile_image_path,
    created_at: customer.created_at,
  };
}

const ack = (message: string) => ({ body: { success: true }, message });

export const umsHandlers = {
  validateStore: ({ query }, context) => {
    const realm = query['store-realmname'];
    const name = realm.endsWith('-customer') ? realm.slice(0, -'-customer'.length) : realm;
    const store = context.seed.storeByName(name);
    if (!store) throw notFound(`No store is called ${name}`);
    return {
      body: {
        name: store.name,
        store_display_name: store.display_name,
        store_status: store.status,
        store_id: store.store_id,
      },
      message: store.status ? 'Store is open' : 'Store is not available',
    };
  },

  refreshToken: async ({ body }, context) => ({
    body: await rotateRefreshToken(context, body.refresh_token, body.realm_name),
    message: 'Token refreshed',
  }),

  sessionLogout: async ({ body }, context) => {
    const session = await sessionOfIdToken(context.state, body.id_token_hint);
    if (!session) throw badRequest('The id token is not valid');
    revokeSession(session, context.now, 'logout');
    return ack('Signed out');
  },

  login: async ({ body }, context) => {
    const store = storeOf(context);
    const type: S<'IdentifierType'> = body.username.includes('@') ? 'email' : 'phone';
    const customer = findCustomer(
      context,
      store,
      type,
      body.username,
      body.extension ?? store.settings.default_phone_extension,
    );
    // 401 as the contract says: wrong credentials, not a malformed request.
    if (!customer) throw unauthorized('Incorrect e-mail, phone number or password');
    ensureUnlocked(customer);
    if (!(await verifyPassword(body.password, customer.password_hash))) {
      customer.failed_logins += 1;
      if (customer.failed_logins >= MAX_FAILED_LOGINS) {
        customer.locked = true;
        throw new SandboxError(
          423,
          'Too many wrong passwords: your account is locked. Unlock it with a one-time code.',
        );
      }
      throw unauthorized('Incorrect e-mail, phone number or password');
    }
    return signInOrVerifyDevice(context, store, customer, body);
  },

  loginWithOtp: async ({ body }, context) => {
    const store = storeOf(context);
    const record = findOtp(context, store, body.otp_reference, ['login']);
    checkCode(context, record, body.otp);
    const customer = findCustomer(
      context,
      store,
      record.identifier_type,
      record.identifier,
      record.extension,
    );
    if (!customer) throw notFound('No account was found for this code');
    ensureUnlocked(customer);
    return signInOrVerifyDevice(context, store, customer, body);
  },

  generateOtp: ({ body }, context) => {
    const store = storeOf(context);
    const extension = checkedExtension(store, body);
    const existing = findCustomer(context, store, body.identifier_type, body.identifier, extension);
    if (body.purpose === 'signup' && existing) {
      throw conflict(
        body.identifier_type === 'email'
          ? 'An account with this e-mail already exists; sign in instead'
          : 'An account with this phone number already exists; sign in instead',
      );
    }
    if (body.purpose !== 'signup' && !existing) {
      throw notFound(
        body.identifier_type === 'email'
          ? 'No account uses this e-mail address'
          : 'No account uses this phone number',
      );
    }
    const record = createOtp(
      context,
      store,
      body.purpose,
      body.identifier_type,
      body.identifier,
      extension,
      existing?.customer_id ?? null,
    );
    return { body: challenge(record, context.now), message: 'We sent you a code' };
  },

  regenerateOtp: ({ body }, context) => {
    const store = storeOf(context);
    const record = findOtp(context, store, body.otp_reference, [
      'signup',
      'login',
      'forgot_password',
      'self_unlock',
    ]);
    return { body: resend(context, record), message: 'We sent you a new code' };
  },

  validateOtp: ({ body }, context) => {
    const store = storeOf(context);
    const record = findOtp(context, store, body.otp_reference, [
      'signup',
      'login',
      'forgot_password',
      'self_unlock',
    ]);
    checkCode(context, record, body.otp);
    const token = randomId(32);
    context.state.verifications.push({
      token,
      store: store.name,
      purpose: record.purpose,
      identifier_type: record.identifier_type,
      identifier: record.identifier,
      extension: record.extension,
      expires_at: new Date(context.now.getTime() + VERIFICATION_TTL_SECONDS * 1000).toISOString(),
      used: false,
    });
    return {
      body: { verified: true as const, verification_token: token, expires_in: VERIFICATION_TTL_SECONDS },
      message: 'Code verified',
    };
  },

  signup: async ({ body }, context) => {
    const store = storeOf(context);
    // Checked before the verification is used: a shopper who missed a consent keeps their code.
    const accepted = new Map(body.consents.map((c) => [c.consent_id, c]));
    const missing = store.consents.filter(
      (c) => c.required && c.purpose !== 'marketing' && !accepted.get(c.consent_id)?.accepted,
    );
    if (missing.length > 0) {
      throw badRequest(
        `Please accept: ${missing.map((c) => c.title).join(', ')}`,
        missing.map((c) => ({
          field: `consents.${c.consent_id}`,
          code: 'REQUIRED' as const,
          message: 'Must be accepted',
        })),
      );
    }
    const verification = useVerification(context, store, body.verification_token, 'signup');
    if (
      findCustomer(
        context,
        store,
        verification.identifier_type,
        verification.identifier,
        verification.extension,
      )
    ) {
      throw conflict('An account with these details already exists; sign in instead');
    }
    const email =
      verification.identifier_type === 'email'
        ? verification.identifier
        : (body.email?.toLowerCase() ?? null);
    const phone = verification.identifier_type === 'phone' ? verification.identifier : (body.phone ?? null);
    if (email && verification.identifier_type === 'phone' && findCustomer(context, store, 'email', email)) {
      throw new SandboxError(409, 'An account with this e-mail already exists', [
        { field: 'email', code: 'ALREADY_USED', message: 'Already used by another account' },
      ]);
    }
    const nowIso = context.now.toISOString();
    const customer: CustomerRecord = {
      customer_id: context.nextId('customer', 5001),
      store: store.name,
      first_name: body.first_name,
      last_name: body.last_name,
      email,
      phone,
      extension: verification.extension ?? body.extension ?? store.settings.default_phone_extension ?? '+91',
      password_hash: body.password ? await hashPassword(body.password) : null,
      email_verified: verification.identifier_type === 'email',
      phone_verified: verification.identifier_type === 'phone',
      gender: null,
      date_of_birth: null,
      profile_image_path: null,
      created_at: nowIso,
      locked: false,
      failed_logins: 0,
      device_verification: false,
      trusted_devices: [],
      preferences: defaultPreferences(store),
      consents: body.consents.map((c) => ({
        consent_id: c.consent_id,
        accepted: c.accepted,
        version: c.version ?? store.consents.find((s) => s.consent_id === c.consent_id)?.version ?? '1',
        at: nowIso,
      })),
    };
    context.state.customers.push(customer);
    const tokens = await startSession(context, store, customer, {});
    return {
      body: { login_status: 'SUCCESS' as const, ...tokens },
      message: 'Welcome! Your account is ready',
    };
  },

  logoutEverywhere: ({ body }, context) => {
    const { customer, session } = customerOf(context);
    let revoked = 0;
    for (const other of context.state.sessions) {
      if (other.customer_id !== customer.customer_id) continue;
      if (body.scope === 'others' && other.session_id === session.session_id) continue;
      if (revokeSession(other, context.now, 'logout-everywhere')) revoked += 1;
    }
    return { body: { revoked_sessions: revoked }, message: `Signed out of ${revoked} session(s)` };
  },

  forgotPassword: ({ body }, context) => {
    const store = storeOf(context);
    const extension = checkedExtension(store, body);
    const customer = findCustomer(context, store, body.identifier_type, body.identifier, extension);
    if (!customer) throw notFound('No account uses these details');
    const record = createOtp(
      context,
      store,
      'forgot_password',
      body.identifier_type,
      body.identifier,
      extension,
      customer.customer_id,
    );
    return { body: challenge(record, context.now), message: 'We sent you a code to reset your password' };
  },

  resetPassword: async ({ body }, context) => {
    const store = storeOf(context);
    const customer = verifiedCustomer(context, store, body.verification_token, 'forgot_password');
    customer.password_hash = await hashPassword(body.new_password);
    customer.locked = false;
    customer.failed_logins = 0;
    for (const session of context.state.sessions) {
      if (session.customer_id === customer.customer_id) revokeSession(session, context.now, 'password-reset');
    }
    return ack('Your password was changed; sign in with the new one');
  },

  changePassword: async ({ body }, context) => {
    const { customer, session } = customerOf(context);
    if (!(await verifyPassword(body.current_password, customer.password_hash))) {
      throw badRequest('The current password is incorrect', [
        { field: 'current_password', code: 'INCORRECT', message: 'Incorrect password' },
      ]);
    }
    if (body.current_password === body.new_password) {
      throw badRequest('Choose a password you have not used here', [
        { field: 'new_password', code: 'ALREADY_USED', message: 'Same as the current password' },
      ]);
    }
    customer.password_hash = await hashPassword(body.new_password);
    for (const other of context.state.sessions) {
      if (other.customer_id === customer.customer_id && other.session_id !== session.session_id)
        revokeSession(other, context.now, 'password-change');
    }
    return ack('Password changed; other sessions were signed out');
  },

  listDevices: (_input, context) => {
    const { customer, session } = customerOf(context);
    const active = context.state.sessions.filter(
      (s) => s.customer_id === customer.customer_id && !s.revoked_at,
    );
    const byDevice = new Map<string, S<'Device'>>();
    for (const s of active) {
      const seen = byDevice.get(s.device_id);
      if (seen && seen.last_active_at >= s.last_active_at && !(s.session_id === session.session_id)) continue;
      byDevice.set(s.device_id, {
        device_id: s.device_id,
        device_name: s.device_name,
        ip_address: s.ip_address,
        user_agent: s.user_agent,
        signed_in_at: seen && seen.signed_in_at < s.signed_in_at ? seen.signed_in_at : s.signed_in_at,
        last_active_at: s.last_active_at,
        is_current: s.device_id === session.device_id,
        is_trusted: customer.trusted_devices.includes(s.device_id),
      });
    }
    return {
      body: { data: [...byDevice.values()].sort((a, b) => b.last_active_at.localeCompare(a.last_active_at)) },
    };
  },

  signOutDevice: ({ path }, context) => {
    const { customer } = customerOf(context);
    const sessions = context.state.sessions.filter(
      (s) => s.customer_id === customer.customer_id && s.device_id === path.deviceId && !s.revoked_at,
    );
    if (sessions.length === 0) throw notFound('No session is signed in on that device');
    for (const s of sessions) revokeSession(s, context.now, 'device-sign-out');
    customer.trusted_devices = customer.trusted_devices.filter((id) => id !== path.deviceId);
    return ack('The device was signed out');
  },

  generateDeviceOtp: ({ body }, context) => {
    const store = storeOf(context);
    const record = findOtp(context, store, body.otp_reference, ['device']);
    return { body: resend(context, record), message: 'We sent you a new code' };
  },

  validateDeviceOtp: async ({ body }, context) => {
    const store = storeOf(context);
    const record = findOtp(context, store, body.otp_reference, ['device']);
    checkCode(context, record, body.otp);
    const customer = context.state.customers.find((c) => c.customer_id === record.customer_id);
    if (!customer) throw notFound('No account was found for this code');
    ensureUnlocked(customer);
    if (body.trust_device && !customer.trusted_devices.includes(body.device_id))
      customer.trusted_devices.push(body.device_id);
    const tokens = await startSession(context, store, customer, body);
    return { body: { login_status: 'SUCCESS' as const, ...tokens }, message: 'Device confirmed; signed in' };
  },

  selfUnlock: ({ body }, context) => {
    const store = storeOf(context);
    const customer = verifiedCustomer(context, store, body.verification_token, 'self_unlock');
    customer.locked = false;
    customer.failed_logins = 0;
    return ack('Your account is unlocked; sign in again');
  },

  listConsents: ({ query }, context) => {
    const store = storeOf(context);
    return { body: { data: store.consents.filter((c) => !query.purpose || c.purpose === query.purpose) } };
  },

  recordConsents: ({ body }, context) => {
    const { customer, store } = customerOf(context);
    for (const decision of body.consents) {
      const consent = store.consents.find((c) => c.consent_id === decision.consent_id);
      if (!consent) throw notFound(`Consent ${decision.consent_id} does not exist`);
      customer.consents = customer.consents.filter((c) => c.consent_id !== decision.consent_id);
      customer.consents.push({
        consent_id: decision.consent_id,
        accepted: decision.accepted,
        version: decision.version ?? consent.version,
        at: context.now.toISOString(),
      });
    }
    return ack('Your choices were saved');
  },

  getRecaptchaConfiguration: (_input, context) => ({ body: storeOf(context).recaptcha }),

  getProfile: (_input, context) => ({ body: profileOf(customerOf(context).customer) }),

  updateProfile: ({ body }, context) => {
    const { customer } = customerOf(context);
    customer.first_name = body.first_name;
    customer.last_name = body.last_name;
    if (body.gender !== undefined) customer.gender = body.gender;
    if (body.date_of_birth !== undefined) {
      if (body.date_of_birth && new Date(body.date_of_birth) > context.now) {
        throw badRequest('The date of birth is in the future', [
          { field: 'date_of_birth', code: 'INVALID', message: 'Must be in the past' },
        ]);
      }
      customer.date_of_birth = body.date_of_birth;
    }
    return { body: profileOf(customer), message: 'Profile saved' };
  },

  uploadProfileImage: async ({ body }, context) => {
    const { customer } = customerOf(context);
    const file = body.get('file');
    if (!(file instanceof Blob))
      throw badRequest('Choose an image to upload', [
        { field: 'file', code: 'REQUIRED', message: 'Required' },
      ]);
    const types: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };
    const extension = types[file.type];
    // The contract's answer to another type: 415 Unsupported Media Type.
    if (!extension)
      throw new SandboxError(415, 'Upload a PNG, JPEG or WebP image', [
        { field: 'file', code: 'NOT_ALLOWED', message: `Unsupported type ${file.type || 'unknown'}` },
      ]);
    if (file.size > MAX_IMAGE_BYTES) {
      throw new SandboxError(413, `The image is ${(file.size / 1048576).toFixed(2)} MB; the limit is 2 MB`, [
        { field: 'file', code: 'TOO_LARGE', limit: MAX_IMAGE_BYTES, message: 'Larger than 2 MB' },
      ]);
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    const uploadId = randomId(12);
    context.state.uploads = context.state.uploads.filter(
      (u) => `/assets/uploads/${u.upload_id}` !== customer.profile_image_path?.replace(/\.[a-z]+$/, ''),
    );
    context.state.uploads.push({ upload_id: uploadId, content_type: file.type, data: btoa(binary) });
    customer.profile_image_path = `/assets/uploads/${uploadId}.${extension}`;
    return { body: { profile_image_path: customer.profile_image_path }, message: 'Profile image updated' };
  },

  deleteProfileImage: (_input, context) => {
    const { customer } = customerOf(context);
    if (!customer.profile_image_path) throw notFound('There is no profile image');
    const id = customer.profile_image_path.replace(/^\/assets\/uploads\//, '').replace(/\.[a-z]+$/, '');
    context.state.uploads = context.state.uploads.filter((u) => u.upload_id !== id);
    customer.profile_image_path = null;
    return ack('Profile image removed');
  },

  getPreferences: (_input, context) => ({ body: customerOf(context).customer.preferences }),

  updatePreferences: ({ body }, context) => {
    const { customer, store } = customerOf(context);
    const language = store.languages.find(
      (l) => l.status === 1 && l.language_code.toLowerCase() === body.language_code.toLowerCase(),
    );
    if (!language)
      throw badRequest('That language is not available in this store', [
        { field: 'language_code', code: 'NOT_ALLOWED', message: 'Not an active language' },
      ]);
    customer.preferences = { ...body, language_code: language.language_code };
    return { body: customer.preferences, message: 'Preferences saved' };
  },
} satisfies Partial<ContractHandlers>;

function resend(context: SandboxContext, record: OtpRecord) {
  if (record.verified) throw badRequest('This code was already used; start again');
  const wait = Math.ceil((new Date(record.resend_after_at).getTime() - context.now.getTime()) / 1000);
  if (wait > 0) throw new SandboxError(429, `Wait ${wait} seconds before asking for a new code`);
  record.code = newCode(context);
  record.attempts = 0;
  record.expires_at = new Date(context.now.getTime() + OTP_TTL_SECONDS * 1000).toISOString();
  record.resend_after_at = new Date(context.now.getTime() + RESEND_AFTER_SECONDS * 1000).toISOString();
  context.config.log(
    `[sandbox] OTP ${record.code} for ${record.extension ?? ''}${record.identifier} (${record.store}, ${record.purpose}, resent)`,
  );
  return challenge(record, context.now);
}

export function defaultPreferences(store: SeedStore): S<'Preferences'> {
  const language = store.languages.find((l) => l.is_default)?.language_code ?? 'en';
  return {
    language_code: language,
    communication: { email: true, sms: true, push: false, whatsapp: false },
    marketing_opt_in: false,
    order_updates: true,
  };
}
