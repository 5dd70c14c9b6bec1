import { request as httpRequest, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startCli, startTestServer, stopClis } from './support.ts';

afterEach(() => stopClis());

/** Reads a whole answer of `node:http`. */
function bodyOf(response: IncomingMessage) {
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    response.on('error', reject);
  });
}

describe('the control API', () => {
  it('is refused (403) unless the sandbox was started with it; the health check stays open', async () => {
    const { server } = await startTestServer();
    try {
      for (const [method, path] of [
        ['GET', '/__sandbox'],
        ['POST', '/__sandbox/reset'],
        ['GET', '/__sandbox/otp?destination=shopper%40example.com'],
        ['POST', '/__sandbox/faults'],
        ['DELETE', '/__sandbox/faults'],
        ['POST', '/__sandbox/expire-tokens'],
        ['GET', '/__sandbox/clock'],
        ['POST', '/__sandbox/clock'],
        ['POST', '/__sandbox/orders/500001/status'],
      ] as const) {
        const response = await fetch(`${server.url}${path}`, {
          method,
          ...(method === 'POST' ? { body: '{"path":"/pbs/*","status":503}' } : {}),
        });
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(((await response.json()) as { error: string }).error).toMatch(/--control-api/);
      }
      expect(server.sandbox.faults.list()).toEqual([]);
      expect((await fetch(`${server.url}/__sandbox/health`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('answers only its own host names, so a page that rebinds its DNS name to this machine cannot read it', async () => {
    const { server } = await startTestServer({ controlApi: true, controlHosts: ['services'] });
    const asHost = (host: string, path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const url = new URL(path, server.url);
        const call = httpRequest(
          { host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, headers: { host } },
          (response) => bodyOf(response).then((body) => resolve({ status: response.statusCode ?? 0, body })),
        );
        call.on('error', reject);
        call.end();
      });
    try {
      const otp = '/__sandbox/otp?destination=shopper%40example.com';
      const rebound = await asHost(`evil.example:${server.port}`, otp);
      expect(rebound.status).toBe(403);
      expect(rebound.body).toMatch(/own host names/);
      expect(rebound.body).not.toMatch(/"otp"/);
      expect((await asHost(`evil.example:${server.port}`, '/__sandbox')).status).toBe(403);
      for (const own of [`127.0.0.1:${server.port}`, `localhost:${server.port}`, `services:${server.port}`])
        expect((await asHost(own, '/__sandbox')).status, own).toBe(200);
      // The contract and the health check answer any name (a storefront may call it by any).
      expect((await asHost(`evil.example:${server.port}`, '/__sandbox/health')).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('answers no other origin, preflights included, while the contract still does', async () => {
    const { server } = await startTestServer({ controlApi: true, refreshReuseWindowSeconds: 12 });
    try {
      const evil = { Origin: 'http://evil.example' };
      const info = await fetch(`${server.url}/__sandbox`, { headers: evil });
      expect(info.status).toBe(200);
      expect(info.headers.get('access-control-allow-origin')).toBeNull();
      expect(await info.json()).toMatchObject({ control_api: true, refresh_reuse_window_seconds: 12 });
      const preflight = await fetch(`${server.url}/__sandbox/reset`, {
        method: 'OPTIONS',
        headers: { ...evil, 'Access-Control-Request-Method': 'POST' },
      });
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
      expect(preflight.headers.get('access-control-allow-methods')).toBeNull();
      // A form-like POST from another site is sent without a preflight: it is refused, not run.
      const forged = await fetch(`${server.url}/__sandbox/expire-tokens`, { method: 'POST', headers: evil });
      expect(forged.status).toBe(403);
      const own = await fetch(`${server.url}/__sandbox/expire-tokens`, {
        method: 'POST',
        headers: { Origin: new URL(server.url).origin },
      });
      expect(own.ok).toBe(true);
      // Its health and contract stay open to any origin.
      for (const open of ['/__sandbox/health', '/__sandbox/openapi.json']) {
        const answer = await fetch(`${server.url}${open}`, { headers: evil });
        expect(answer.status).toBe(200);
        expect(answer.headers.get('access-control-allow-origin')).toBe('http://evil.example');
      }
      const contract = await fetch(`${server.url}/pbs/rest/v3/languages?page_number=-1`, {
        headers: { Origin: 'http://localhost:5173', realmname: 'demo-customer' },
      });
      expect(contract.status).toBe(200);
      expect(contract.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    } finally {
      await server.close();
    }
  });
});

describe('request bodies', () => {
  const LIMIT = 64 * 1024;

  it('[Q1] refuses a body whose Content-Length is over the limit with 413 in the envelope, before reading it', async () => {
    const { server } = await startTestServer({ maxBodyBytes: LIMIT });
    try {
      // 400 MB announced, nothing sent: the answer can only come from the header.
      const call = httpRequest({
        host: '127.0.0.1',
        port: server.port,
        method: 'POST',
        path: '/cfs/rest/v3/customer-cart',
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': String(400 * 1024 * 1024),
          Origin: 'http://localhost:5173',
        },
      });
      call.on('error', () => undefined);
      const response = await new Promise<IncomingMessage>((resolve) => {
        call.on('response', resolve);
        call.flushHeaders();
      });
      expect(response.statusCode).toBe(413);
      expect(response.headers['access-control-allow-origin']).toBe('http://localhost:5173');
      expect(JSON.parse(await bodyOf(response))).toEqual({
        response_message: `The request body is larger than the sandbox accepts (${LIMIT} bytes)`,
        response_body: null,
        status_code: 413,
      });
      call.destroy();
    } finally {
      await server.close();
    }
  });

  it('[Q2] counts the bytes of a chunked body and answers 413 once past the limit, without waiting for its end', async () => {
    const { server } = await startTestServer({ maxBodyBytes: LIMIT });
    try {
      const call = httpRequest({
        host: '127.0.0.1',
        port: server.port,
        method: 'POST',
        path: '/cfs/rest/v3/customer-cart',
        headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      });
      call.on('error', () => undefined);
      const answered = new Promise<IncomingMessage>((resolve) => call.on('response', resolve));
      const chunk = Buffer.alloc(16 * 1024, 0x20);
      // 96 KiB, and the request is never ended: an answer cannot wait for the whole body.
      for (let sent = 0; sent < LIMIT + 2 * chunk.length; sent += chunk.length) call.write(chunk);
      const response = await answered;
      expect(response.statusCode).toBe(413);
      expect(JSON.parse(await bodyOf(response))).toMatchObject({ status_code: 413, response_body: null });
      call.destroy();
      // The server goes on answering.
      expect((await fetch(`${server.url}/__sandbox/health`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('[Q2] answers 413 to a chunked upload of 12 MiB sent whole (past twice the 4 MiB limit), with no connection reset', async () => {
    const { server } = await startTestServer();
    try {
      // A raw connection, as curl sends: it goes on sending whatever the server answers meanwhile.
      const socket = connect(server.port, '127.0.0.1');
      const errors: string[] = [];
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('error', (error: NodeJS.ErrnoException) => errors.push(error.code ?? error.message));
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      socket.write(
        'POST /cfs/rest/v3/customer-cart HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n',
      );
      const chunk = Buffer.alloc(256 * 1024, 0x20);
      for (let sent = 0; sent < 12 * 1024 * 1024 && errors.length === 0; sent += chunk.length) {
        socket.write(`${chunk.length.toString(16)}\r\n`);
        socket.write(chunk);
        if (!socket.write('\r\n'))
          await new Promise<void>((resolve) => {
            socket.once('drain', resolve);
            socket.once('close', resolve);
          });
      }
      if (errors.length === 0) socket.write('0\r\n\r\n');
      await closed;
      // Closing the connection mid-upload would have reset it (EPIPE / ECONNRESET here).
      expect(errors).toEqual([]);
      const answer = Buffer.concat(chunks).toString('utf8');
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({
        status_code: 413,
        response_body: null,
      });
    } finally {
      await server.close();
    }
  });

  it('takes a body within the limit', async () => {
    const { server } = await startTestServer({ maxBodyBytes: LIMIT });
    try {
      const login = await fetch(`${server.url}/ums/rest/v3/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', realmname: 'demo-customer' },
        body: JSON.stringify({ username: 'shopper@example.com', password: 'Password123' }),
      });
      expect(login.status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('the command', () => {
  it('takes --control-api, --refresh-reuse-window and --max-body-bytes', async () => {
    const on = await startCli(['--control-api', '--refresh-reuse-window', '7', '--max-body-bytes', '1000']);
    const info = await fetch(`${on.url}/__sandbox`);
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({ control_api: true, refresh_reuse_window_seconds: 7 });
    const large = await fetch(`${on.url}/ums/rest/v3/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', realmname: 'demo-customer' },
      body: JSON.stringify({ username: 'x'.repeat(1400), password: 'Password123' }),
    });
    expect(large.status).toBe(413);

    const off = await startCli([]);
    expect((await fetch(`${off.url}/__sandbox/reset`, { method: 'POST' })).status).toBe(403);
  });
});

describe('requests the sandbox cannot take are answered 4xx/5xx with a reason, never 500', () => {
  it('[Q3] TRACE is refused with 405 and the methods it takes; an unknown method is 501', async () => {
    const { server } = await startTestServer();
    try {
      const answer = (method: string) =>
        new Promise<IncomingMessage>((resolve, reject) => {
          const call = httpRequest(`${server.url}/pbs/rest/v3/products`, { method }, resolve);
          call.on('error', reject);
          call.end();
        });
      const trace = await answer('TRACE');
      expect(trace.statusCode).toBe(405);
      expect(trace.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
      expect(JSON.parse(await bodyOf(trace))).toMatchObject({ status_code: 405 });
      const unknown = await answer('PROPFIND');
      expect(unknown.statusCode).toBe(501);
      expect(JSON.parse(await bodyOf(unknown))).toMatchObject({ status_code: 501 });
      // The server goes on answering.
      expect((await fetch(`${server.url}/__sandbox/health`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('[Q3] a port past 65535 in Host is a 400, for the contract and the control API alike', async () => {
    const { server } = await startTestServer({ controlApi: true });
    try {
      const answer = (path: string) =>
        new Promise<{ status: number; body: string }>((resolve, reject) => {
          const call = httpRequest(
            {
              host: '127.0.0.1',
              port: server.port,
              path,
              headers: { host: 'demo.localhost:99999', realmname: 'demo-customer' },
            },
            (response) =>
              bodyOf(response).then((body) => resolve({ status: response.statusCode ?? 0, body })),
          );
          call.on('error', reject);
          call.end();
        });
      for (const path of ['/pbs/rest/v3/products', '/__sandbox', '/__sandbox/health']) {
        const refused = await answer(path);
        expect(refused.status, path).toBe(400);
        expect(JSON.parse(refused.body), path).toMatchObject({ status_code: 400 });
      }
      // The server goes on answering a Host it takes.
      expect((await fetch(`${server.url}/__sandbox/health`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it("[Q3] a bad %-escape in a path parameter is the client's mistake: 400 naming the parameter", async () => {
    const { server } = await startTestServer();
    try {
      const response = await fetch(`${server.url}/pbs/rest/v3/products/%zz`, {
        headers: { realmname: 'demo-customer' },
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        status_code: 400,
        errors: expect.arrayContaining([
          { field: 'path.productId', code: 'INVALID_FORMAT', message: 'is not valid percent-encoding' },
        ]),
      });
    } finally {
      await server.close();
    }
  });
});
