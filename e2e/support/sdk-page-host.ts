import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';

/**
 * One origin that serves a blank page, `@marketkit/sdk` bundled for the browser at /sdk.js, and a
 * small stateful token endpoint: refresh tokens rotate, and a reused one is refused and revokes the
 * whole family (as strict identity servers do), so a second refresh would end the session.
 */
export async function startSdkPageHost() {
  const bundle = await build({
    stdin: { contents: "export * from '@marketkit/sdk';", resolveDir: import.meta.dirname, loader: 'ts' },
    bundle: true,
    format: 'esm',
    write: false,
    conditions: ['@marketkit/source'],
    logLevel: 'error',
  });
  const sdk = bundle.outputFiles[0]?.text ?? '';

  let issued = 0;
  const access = new Set<string>();
  const refresh = new Set<string>();
  const stats = { refreshCalls: 0, reusedRefreshTokens: 0 };
  const grant = () => {
    issued += 1;
    access.add(`access-${issued}`);
    refresh.add(`refresh-${issued}`);
    return {
      access_token: `access-${issued}`,
      refresh_token: `refresh-${issued}`,
      id_token: `id-${issued}`,
      token_type: 'Bearer',
      expires_in: 300,
      refresh_expires_in: 1800,
    };
  };
  const json = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://host');
    let body = '';
    for await (const chunk of req) body += chunk;
    switch (url.pathname) {
      case '/':
        return res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>sdk</title>');
      case '/sdk.js':
        return res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(sdk);
      case '/test/grant':
        return json(res, 200, grant());
      case '/ums/rest/v3/refresh-token': {
        stats.refreshCalls += 1;
        await new Promise((resolve) => setTimeout(resolve, 100));
        const { refresh_token } = JSON.parse(body) as { refresh_token: string };
        if (!refresh.delete(refresh_token)) {
          stats.reusedRefreshTokens += 1;
          refresh.clear();
          access.clear();
          return json(res, 400, { response_message: 'Refresh token was already used', response_body: null });
        }
        return json(res, 200, { response_message: 'Token refreshed', response_body: grant() });
      }
      default: {
        const bearer = req.headers.authorization?.replace(/^Bearer /, '');
        if (!bearer || !access.has(bearer))
          return json(res, 401, { response_message: 'Expired', response_body: null });
        return json(res, 200, { response_message: 'ok', response_body: { Products: [], total_count: 0 } });
      }
    }
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    stats,
    /** Every access token issued so far expires now. */
    expireAccessTokens: () => access.clear(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
