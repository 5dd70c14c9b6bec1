import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createMarketClient, createMemoryTokenStore, isMarketApiError, unwrap } from '../src/index.ts';
import { createFakeHost, createTestClient } from './fake-host.ts';

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (caught: unknown) => caught,
  );
  if (!isMarketApiError(error)) throw error;
  return error;
}

describe('[T5] a time limit on every call', () => {
  it('a call that never answers is aborted after timeoutMs and fails as a timeout', async () => {
    const host = createFakeHost();
    // Never answers: the limit holds whatever the fetch does with the signal.
    host.override('GET /pbs/rest/v3/languages', () => new Promise<Response>(() => {}));
    const client = createTestClient(host, { timeoutMs: 30 });
    const error = await failure(unwrap(client.GET('/pbs/rest/v3/languages')));
    expect([error.kind, error.status]).toEqual(['timeout', 0]);
    expect(error.message).toMatch(/took too long/);
    expect(error.responseMessage).toBe('');
  });

  it('the caller’s own abort is still a cancelled call, not a timeout', async () => {
    const host = createFakeHost();
    host.override('GET /pbs/rest/v3/languages', () => new Promise<Response>(() => {}));
    const client = createTestClient(host, { timeoutMs: 10_000 });
    const controller = new AbortController();
    const call = unwrap(client.GET('/pbs/rest/v3/languages', { signal: controller.signal }));
    controller.abort();
    const error = await failure(call);
    expect([error.kind, error.responseMessage]).toEqual(['network', '']);
    expect(error.message).toContain('Request cancelled.');
  });

  it('0 turns it off: a slow answer still arrives', async () => {
    const host = createFakeHost();
    host.override(
      'GET /pbs/rest/v3/languages',
      () =>
        new Promise<Response>((resolve) =>
          setTimeout(
            () => resolve(Response.json({ response_message: 'ok', response_body: [] }, { status: 200 })),
            60,
          ),
        ),
    );
    const client = createTestClient(host, { timeoutMs: 0 });
    await expect(unwrap(client.GET('/pbs/rest/v3/languages'))).resolves.toEqual([]);
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])(
    'refuses timeoutMs %s when the client is made',
    (value) => {
      expect(() => createTestClient(createFakeHost(), { timeoutMs: value })).toThrow(/timeoutMs/);
    },
  );

  describe('against a real services host', () => {
    let server: Server | undefined;
    afterEach(async () => {
      server?.closeAllConnections();
      await new Promise((resolve) => server?.close(resolve));
    });

    it('an answer that stalls after its headers is cut off too, and its connection closed', async () => {
      // The close is watched from the connection, not from the request: on a loaded machine the limit
      // can end the call before the server has parsed it, and a request listener would then wait forever.
      let socketClosed: () => void = () => {};
      const closed = new Promise<void>((resolve) => {
        socketClosed = resolve;
      });
      const host = createServer((_request, response) => {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.write('{"response_message":"ok","response_body":['); // and never the rest
      });
      host.once('connection', (socket) => socket.once('close', socketClosed));
      server = host;
      await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
      const { port } = host.address() as AddressInfo;
      const client = createMarketClient({
        servicesHost: `http://127.0.0.1:${port}`,
        store: 'demo',
        tokens: createMemoryTokenStore(),
        origin: null,
        cookies: null,
        locks: null,
        // Long enough that the headers arrive first on a loaded two-core machine, so the limit ends a
        // body that stalls (100 ms was sometimes over before the request reached the server).
        timeoutMs: 1_500,
      });
      const error = await failure(unwrap(client.GET('/pbs/rest/v3/languages')));
      expect(error.kind).toBe('timeout');
      await closed;
    });
  });
});
