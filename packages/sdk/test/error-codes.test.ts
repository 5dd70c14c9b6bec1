import { describe, expect, it } from 'vitest';
import { errorCodeOf, isMarketApiError, MarketApiError, ruleError, unwrap } from '../src/index.ts';
import { createFakeHost, createTestClient } from './fake-host.ts';

describe('every failure has a stable code', () => {
  it.each([
    ['http', 400, 'BAD_REQUEST'],
    ['http', 401, 'UNAUTHORIZED'],
    ['http', 403, 'FORBIDDEN'],
    ['http', 404, 'NOT_FOUND'],
    ['http', 409, 'CONFLICT'],
    ['http', 413, 'PAYLOAD_TOO_LARGE'],
    ['http', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['http', 422, 'VALIDATION_FAILED'],
    ['http', 423, 'ACCOUNT_LOCKED'],
    ['http', 429, 'RATE_LIMITED'],
    ['http', 500, 'SERVER_ERROR'],
    ['http', 503, 'SERVER_ERROR'],
    ['http', 418, 'HTTP_ERROR'],
    ['network', 0, 'NETWORK_ERROR'],
    ['timeout', 0, 'TIMEOUT'],
    ['malformed', 200, 'MALFORMED_REPLY'],
    ['refresh-unavailable', 0, 'REFRESH_UNAVAILABLE'],
  ] as const)('%s %i → %s', (kind, status, code) => {
    expect(errorCodeOf(kind, status)).toBe(code);
    expect(new MarketApiError({ kind, status, method: 'GET', url: '/x', responseMessage: 'm' }).code).toBe(
      code,
    );
  });

  it.each([
    ['http://host/ums/rest/v3/login', 'INVALID_CREDENTIALS'],
    ['https://shop.test/api/ums/rest/v3/login?language-code=fr', 'INVALID_CREDENTIALS'],
    ['http://host/ums/rest/v3/login-otp', 'UNAUTHORIZED'],
    ['http://host/cfs/rest/v3/customer-cart', 'UNAUTHORIZED'],
  ] as const)('a 401 from %s → %s (only the password sign-in means wrong credentials)', (url, code) => {
    expect(errorCodeOf('http', 401, false, url)).toBe(code);
    expect(
      new MarketApiError({ kind: 'http', status: 401, method: 'POST', url, responseMessage: 'm' }).code,
    ).toBe(code);
  });

  it('a rule error carries its code and details, no request', () => {
    const error = ruleError('BILLING_ADDRESS_REQUIRED', 'Choose a billing address first', {
      step: 'address',
    });
    expect(isMarketApiError(error)).toBe(true);
    expect(error).toMatchObject({
      kind: 'rule',
      code: 'BILLING_ADDRESS_REQUIRED',
      status: 0,
      details: { step: 'address' },
    });
    expect(error.message).toBe('BILLING_ADDRESS_REQUIRED: Choose a billing address first');
  });

  it('a server refusal read through unwrap has the status code and the server message', async () => {
    const host = createFakeHost();
    host.override('GET /pbs/rest/v3/languages', () =>
      Response.json({ response_message: 'Nope', response_body: null, status_code: 404 }, { status: 404 }),
    );
    const client = createTestClient(host);
    const error = await unwrap(client.GET('/pbs/rest/v3/languages')).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'NOT_FOUND', kind: 'http', responseMessage: 'Nope' });
  });

  it('an aborted call is REQUEST_CANCELLED, an unreachable host NETWORK_ERROR', async () => {
    const host = createFakeHost();
    host.override('GET /pbs/rest/v3/languages', () => Promise.reject(new TypeError('fetch failed')));
    const client = createTestClient(host);
    await expect(client.GET('/pbs/rest/v3/languages')).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    const controller = new AbortController();
    controller.abort();
    await expect(client.GET('/pbs/rest/v3/languages', { signal: controller.signal })).rejects.toMatchObject({
      code: 'REQUEST_CANCELLED',
    });
  });
});
