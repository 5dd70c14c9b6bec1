import { describe, expect, it, vi } from 'vitest';
import { isMarketApiError, MarketApiError, unwrap } from '../src/index.ts';
import { createFakeHost, createTestClient } from './fake-host.ts';

function setup() {
  const host = createFakeHost();
  const httpError = vi.fn();
  const client = createTestClient(host, { onHttpError: httpError });
  const reply = (status: number, body: string, contentType?: string) =>
    host.override('GET /pbs/rest/v3/languages', () => {
      const headers = new Headers();
      if (contentType) headers.set('Content-Type', contentType);
      return new Response(body, { status, headers });
    });
  return { host, client, reply, httpError, languages: () => client.GET('/pbs/rest/v3/languages') };
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );
}

describe('replies the SDK cannot trust', () => {
  it.each([
    ['[B1] invalid JSON', 200, '{"response_body": [1, 2', 'application/json', 'invalid JSON'],
    ['[B2] an empty 200', 200, '', 'application/json', 'empty reply'],
    ['[B2] an empty 200 without a content type', 200, '', undefined, 'empty reply'],
    [
      '[B1] an HTML page with status 200',
      200,
      '<!doctype html><h1>Welcome</h1>',
      'text/html',
      'invalid JSON',
    ],
    ['[B1] JSON that is not the envelope', 200, '[1,2,3]', 'application/json', 'unexpected shape'],
  ])('%s becomes a MarketApiError, never a SyntaxError', async (_case, status, body, type, message) => {
    const { reply, languages } = setup();
    reply(status, body, type);
    const error = await caught(languages());
    expect(error).toBeInstanceOf(MarketApiError);
    expect(isMarketApiError(error) && error.kind).toBe('malformed');
    // Said to developers only: the server said nothing a shopper could be shown.
    expect(isMarketApiError(error) && error.message).toContain(message);
    expect(isMarketApiError(error) && error.responseMessage).toBe('');
  });

  it('[B3] an HTML error page gives a typed error envelope with the status kept', async () => {
    const { reply, languages, httpError } = setup();
    reply(502, '<html><body>Bad gateway</body></html>', 'text/html');
    const result = await languages();
    expect(result.response.status).toBe(502);
    // No words of the SDK's stand in for the server's: the page's text is not passed on either.
    expect(result.error?.response_message).toBe('');
    expect(httpError).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ status: 502 }));

    const error = await caught(unwrap(languages()));
    expect(isMarketApiError(error) && [error.kind, error.status]).toEqual(['http', 502]);
  });

  it("a JSON error keeps the server's response_message and field errors", async () => {
    const { reply, languages } = setup();
    reply(
      422,
      JSON.stringify({
        response_message: 'Pincode is not serviceable',
        response_body: null,
        errors: [{ field: 'pincode', message: 'Enter 6 digits' }],
      }),
      'application/json',
    );
    const error = await caught(unwrap(languages()));
    expect(error).toMatchObject({
      name: 'MarketApiError',
      kind: 'http',
      status: 422,
      responseMessage: 'Pincode is not serviceable',
      fieldErrors: [{ field: 'pincode', message: 'Enter 6 digits' }],
    });
  });

  it('a dropped connection becomes a network MarketApiError with status 0', async () => {
    const { host, languages, httpError } = setup();
    host.override('GET /pbs/rest/v3/languages', () => {
      throw new TypeError('fetch failed');
    });
    const error = await caught(languages());
    expect(isMarketApiError(error) && [error.kind, error.status]).toEqual(['network', 0]);
    expect(httpError).not.toHaveBeenCalled();
  });

  it('unwrap gives the response_body of a good reply', async () => {
    const { reply, languages } = setup();
    reply(
      200,
      JSON.stringify({ response_message: 'ok', response_body: { data: [], total_count: 0 } }),
      'application/json',
    );
    await expect(unwrap(languages())).resolves.toEqual({ data: [], total_count: 0 });
  });

  it.each([
    ['an invoice PDF', 'application/pdf'],
    ['a spreadsheet', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['a CSV export', 'text/csv'],
    ['an SVG image', 'image/svg+xml'],
    ['a digital product', 'application/octet-stream'],
  ])('%s (%s) passes through untouched', async (_what, type) => {
    const { host, client } = setup();
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x3c, 0x3e]);
    host.override(
      'GET /ofs/rest/v3/orders/7/invoice',
      () => new Response(bytes, { headers: { 'Content-Type': type } }),
    );
    const result = await client.GET('/ofs/rest/v3/orders/{orderId}/invoice', {
      params: { path: { orderId: 7 } },
      parseAs: 'arrayBuffer',
    });
    expect(new Uint8Array(result.data as ArrayBuffer)).toEqual(bytes);
  });

  it('a HEAD error and a 304 never throw', async () => {
    const { host, client, httpError } = setup();
    host.override('HEAD /pbs/rest/v3/languages', () => new Response(null, { status: 404 }));
    const head = await client.request('head' as 'get', '/pbs/rest/v3/languages');
    expect(head.response.status).toBe(404);
    expect(httpError).toHaveBeenCalledWith(expect.objectContaining({ status: 404, method: 'HEAD' }));

    host.override('GET /pbs/rest/v3/languages', () => new Response(null, { status: 304 }));
    const notModified = await client.GET('/pbs/rest/v3/languages', { headers: { 'If-None-Match': '"v1"' } });
    expect(notModified.response.status).toBe(304);
  });

  it('keeps field errors of an error reply that has no response_message', async () => {
    const { reply, languages } = setup();
    reply(
      400,
      JSON.stringify({ errors: [{ field: 'email', message: 'Invalid e-mail' }] }),
      'application/json',
    );
    const error = await caught(unwrap(languages()));
    expect(error).toMatchObject({
      status: 400,
      fieldErrors: [{ field: 'email', message: 'Invalid e-mail' }],
    });
  });

  it("unwrap's error names the method and URL of the failed call", async () => {
    const { reply, languages } = setup();
    reply(
      404,
      JSON.stringify({ response_message: 'No such store', response_body: null }),
      'application/json',
    );
    const error = await caught(unwrap(languages()));
    expect(isMarketApiError(error) && error.method).toBe('GET');
    expect(isMarketApiError(error) && error.url).toContain('https://services.test/pbs/rest/v3/languages');
    expect((error as Error).message).toMatch(
      /^GET https:\/\/services\.test\/pbs\/rest\/v3\/languages → 404: No such store$/,
    );
  });

  it.each([400, 403, 404, 409, 422, 429, 500, 502, 503])(
    'reports HTTP %i through onHttpError',
    async (status) => {
      const { reply, languages, httpError } = setup();
      reply(
        status,
        JSON.stringify({ response_message: `Problem ${status}`, response_body: null }),
        'application/json',
      );
      await languages();
      expect(httpError).toHaveBeenCalledExactlyOnceWith({
        status,
        method: 'GET',
        url: expect.stringContaining('/pbs/rest/v3/languages'),
        responseMessage: `Problem ${status}`,
      });
    },
  );

  it('does not report a 401 it handled with a refresh', async () => {
    const { host, client, httpError } = setup();
    client.tokens.set(host.grant());
    host.expireAccessTokens();
    const result = await client.GET('/cfs/rest/v3/customer-cart');
    expect(result.response.status).toBe(200);
    expect(httpError).not.toHaveBeenCalled();
  });
});

describe('a good reply', () => {
  it('is checked as it is read: invalid JSON with a Content-Length is still a MarketApiError', async () => {
    const { host, languages } = setup();
    const body = '{"response_body": [1, 2';
    host.override(
      'GET /pbs/rest/v3/languages',
      () =>
        new Response(body, {
          headers: {
            'Content-Type': 'application/json; charset=utf-8',
            'Content-Length': String(body.length),
          },
        }),
    );
    const error = await caught(languages());
    expect(isMarketApiError(error) && [error.kind, error.responseMessage]).toEqual(['malformed', '']);
    expect(isMarketApiError(error) && error.message).toContain(
      'The server sent an unusable reply (invalid JSON).',
    );
  });

  it.each(['json', 'text', 'blob', 'arrayBuffer'] as const)(
    'is checked whichever way it is read (parseAs %s)',
    async (parseAs) => {
      const { reply, client } = setup();
      reply(200, '[1,2,3]', 'application/json');
      const error = await caught(client.GET('/pbs/rest/v3/languages', { parseAs }));
      expect(isMarketApiError(error) && error.message).toContain('unexpected shape');

      const body = JSON.stringify({ response_message: 'Success', response_body: ['en'] });
      reply(200, body, 'application/json');
      const { data } = await client.GET('/pbs/rest/v3/languages', { parseAs });
      const text =
        parseAs === 'json'
          ? JSON.stringify(data)
          : parseAs === 'text'
            ? data
            : parseAs === 'blob'
              ? await (data as Blob).text()
              : new TextDecoder().decode(data as ArrayBuffer);
      expect(text).toBe(body);
    },
  );

  it("is the server's own response, read once, with the method known to unwrap", async () => {
    const { client, host } = setup();
    const body = JSON.stringify({ response_message: 'Success', response_body: [] });
    host.override(
      'GET /pbs/rest/v3/languages',
      () =>
        new Response(body, {
          headers: {
            'Content-Type': 'application/json',
            'Content-Length': String(body.length),
            'X-Served-By': 'edge-1',
          },
        }),
    );
    const result = await client.GET('/pbs/rest/v3/languages');
    expect(result.data?.response_body).toEqual([]);
    expect(result.response.headers.get('X-Served-By')).toBe('edge-1');
    expect(result.response.bodyUsed).toBe(true);
    await expect(result.response.json()).rejects.toBeInstanceOf(TypeError);
  });

  it('refuses openapi-fetch middleware, which would see the light call requests, and names the option to use', () => {
    const { client } = setup();
    const use = (client as unknown as { use: (m: unknown) => void }).use;
    expect(() => use({ onRequest: () => undefined })).toThrow('`middleware` option of createMarketClient');
  });
});

describe('a 10 MB reply', () => {
  const TEN_MB = 10 * 1024 * 1024;
  /** `unit` repeated to at least 10 MB. */
  const tenMegabytesOf = (unit: string) => unit.repeat(Math.ceil(TEN_MB / unit.length));

  it('[B5] a valid 10 MB JSON body (a long product description) is read whole and returned', async () => {
    const { host, client } = setup();
    const description = `<p>${tenMegabytesOf('Hand-thrown stoneware. ')}</p>`;
    host.override(
      'GET /pbs/rest/v3/products/1',
      () =>
        new Response(
          JSON.stringify({
            response_message: 'Success',
            response_body: { product_id: 1, description_html: description },
          }),
          { headers: { 'Content-Type': 'application/json' } },
        ),
    );
    const product = await unwrap(
      client.GET('/pbs/rest/v3/products/{productId}', { params: { path: { productId: 1 } } }),
    );
    expect(product.product_id).toBe(1);
    expect(product.description_html.length).toBeGreaterThan(TEN_MB);
    expect(product.description_html).toBe(description);
  });

  it.each([
    [
      'an HTML error page',
      502,
      'text/html',
      `<!doctype html><title>Bad gateway</title>${tenMegabytesOf('<p>Bad gateway</p>')}`,
    ],
    ['a plain-text error page', 500, 'text/plain', tenMegabytesOf('Internal Server Error ')],
    ['an HTML page answered with 200', 200, 'text/html', `<html>${tenMegabytesOf('<div>Welcome</div>')}`],
    [
      'a JSON error without response_message',
      503,
      'application/json',
      JSON.stringify({ detail: tenMegabytesOf('Unavailable ') }),
    ],
  ])(
    '[B5] %s of 10 MB (HTTP %i) gives a MarketApiError whose message is short',
    async (_what, status, type, body) => {
      const { reply, languages, httpError } = setup();
      reply(status, body, type);
      const error = await caught(unwrap(languages()));
      expect(isMarketApiError(error) && [error.status, error.kind]).toEqual([
        status,
        status === 200 ? 'malformed' : 'http',
      ]);
      const { message, responseMessage } = error as MarketApiError;
      expect(message.length).toBeLessThanOrEqual(200);
      expect(responseMessage.length).toBeLessThanOrEqual(200);
      expect(message).not.toMatch(/Bad gateway|Internal Server Error|Welcome|Unavailable/);
      for (const [event] of httpError.mock.calls)
        expect(event.responseMessage.length).toBeLessThanOrEqual(200);
    },
  );
});
