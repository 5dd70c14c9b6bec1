import { createServer, request as httpRequest, type Server } from 'node:http';
import { type SandboxServer, startSandboxServer } from '@marketkit/sandbox/node';
import { test } from '@playwright/test';
import { startStaticHost } from '../../apps/storefront/server/static-host.ts';
import { startStorefront } from './storefront-server.ts';

/** Changes every JSON answer of the services host (for the storefront's server and the browser alike). */
export type RewriteJson = (body: unknown) => unknown;

/**
 * A services host in front of `target` that rewrites its JSON answers: what the storefront's server
 * renders pages from and what the browser gets are then changed the same way.
 */
async function startRewritingHost(
  target: string,
  rewrite: RewriteJson,
): Promise<{ url: string; server: Server }> {
  const upstream = new URL(target);
  const server = createServer((request, response) => {
    const outgoing = httpRequest(
      {
        hostname: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, host: upstream.host, 'accept-encoding': 'identity' },
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          let body = Buffer.concat(chunks);
          if ((answer.headers['content-type'] ?? '').includes('json') && body.length > 0) {
            try {
              body = Buffer.from(JSON.stringify(rewrite(JSON.parse(body.toString('utf8')))));
            } catch {
              // Not JSON after all: passed on as it came.
            }
          }
          const headers = { ...answer.headers, 'content-length': String(body.length) };
          delete headers['transfer-encoding'];
          response.writeHead(answer.statusCode ?? 502, headers);
          response.end(body);
        });
      },
    );
    outgoing.on('error', () => response.destroy());
    request.pipe(outgoing);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, server };
}

/**
 * A sandbox and the built storefront for the tests of one file (or describe block), started once and
 * stopped after. `rewriteJson` puts a services host that changes every JSON answer in between;
 * `buildRoot` serves another build of the app.
 */
export function useStorefront(
  options: { rewriteJson?: RewriteJson; buildRoot?: string; dataTimeoutMs?: number; latencyMs?: number } = {},
) {
  let sandbox: SandboxServer | undefined;
  let rewriting: Server | undefined;
  let storefront: Awaited<ReturnType<typeof startStorefront>> | undefined;
  test.beforeAll(async () => {
    // The tests set scenes through the control API (reset, OTPs, faults, expiring tokens, orders).
    sandbox = await startSandboxServer({
      port: 0,
      log: () => {},
      controlApi: true,
      ...(options.latencyMs ? { latencyMs: options.latencyMs } : {}),
    });
    let servicesHost = sandbox.url;
    if (options.rewriteJson) {
      const host = await startRewritingHost(sandbox.url, options.rewriteJson);
      rewriting = host.server;
      servicesHost = host.url;
    }
    storefront = await startStorefront(servicesHost, {
      ...(options.buildRoot ? { buildRoot: options.buildRoot } : {}),
      ...(options.dataTimeoutMs ? { dataTimeoutMs: options.dataTimeoutMs } : {}),
    });
  });
  test.afterAll(async () => {
    await storefront?.close();
    rewriting?.closeAllConnections();
    await new Promise((resolve) => (rewriting ? rewriting.close(resolve) : resolve(undefined)));
    await sandbox?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The servers start in beforeAll');
    return value;
  };
  return {
    /** The services host's URL. */
    sandboxUrl: () => started(sandbox).url,
    /** The storefront as a store's host name: `http://demo.localhost:port`. */
    origin: (store: string) => started(storefront).origin(store),
  };
}

/**
 * A page's HTML as the storefront's server sends it, before any script (from Node, which does not
 * resolve *.localhost, and whose `fetch` would not send the store's Host header).
 */
export function pageHtml(origin: string, path: string, headers: Record<string, string> = {}) {
  const url = new URL(path, origin);
  return new Promise<string>((resolve, reject) => {
    const call = httpRequest(
      {
        host: '127.0.0.1',
        port: url.port,
        path: `${url.pathname}${url.search}`,
        headers: { host: url.host, ...headers },
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      },
    );
    call.on('error', reject);
    call.end();
  });
}

/**
 * A sandbox and the SPA build (the framework's `ssr: false`) on a host of static files (a CDN), for
 * the tests of one file or describe block: the browser draws every screen and calls the sandbox itself.
 */
export function useSpaHost() {
  let sandbox: SandboxServer | undefined;
  let host: Awaited<ReturnType<typeof startStaticHost>> | undefined;
  test.beforeAll(async () => {
    sandbox = await startSandboxServer({ port: 0, log: () => {} });
    host = await startStaticHost({ servicesHost: sandbox.url });
  });
  test.afterAll(async () => {
    await host?.close();
    await sandbox?.close();
  });
  return {
    /** The services host's URL. */
    sandboxUrl: () => (sandbox ? sandbox.url : ''),
    /** The SPA build as a store's host name: `http://demo.localhost:port`. */
    origin: (store: string) => `http://${store}.localhost:${host?.port ?? 0}`,
  };
}
