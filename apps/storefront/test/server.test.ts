import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStorefrontServer } from '../../../scripts/storefront-server.mjs';

// The server the demo, the browser tests and the bench share: static files, SPA fallback, /api proxy.
let base: string;
let upstream: Server;
let seen: { url: string; headers: Record<string, unknown> }[] = [];
let server: Awaited<ReturnType<typeof startStorefrontServer>>;
const url = (path: string) => `http://127.0.0.1:${server.port}${path}`;

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'mk-server-'));
  const root = join(base, 'dist');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><html><head><script type="module" async src="/assets/boot-1.js"></script><title>app</title><link rel="preload" href="/config.json" as="fetch" crossorigin="anonymous" /></head></html>',
  );
  writeFileSync(join(root, 'assets', 'app-1.js'), 'export {};');
  writeFileSync(
    join(root, 'config.json'),
    JSON.stringify({
      storeIds: { demo: 14, "a$$b$'c": 2 },
      defaultStore: "</script><script>alert(1)</script>$'$&$`",
    }),
  );
  // A sibling folder that must stay out of reach.
  mkdirSync(join(base, 'dist-old'));
  writeFileSync(join(base, 'dist-old', 'secret.txt'), 'secret');
  upstream = createServer((request, response) => {
    seen.push({ url: request.url ?? '', headers: request.headers });
    response.writeHead(200, { 'Content-Type': 'application/json', Connection: 'close' });
    response.end('{"ok":true}');
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const address = upstream.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  server = await startStorefrontServer({ servicesHost: `http://127.0.0.1:${port}`, root });
});

afterAll(async () => {
  await server.close();
  await new Promise((resolve) => upstream.close(resolve));
  rmSync(base, { recursive: true, force: true });
});

describe('the storefront server', () => {
  it('serves the runtime configuration with the services host behind /api on the same origin', async () => {
    const config = await (await fetch(url('/config.json'))).json();
    expect(config).toMatchObject({ servicesHost: '/api', storeIds: { demo: 14 } });
  });

  it('puts the configuration in the page instead of the hint to fetch it, unable to close its element', async () => {
    for (const encoding of ['gzip', 'identity']) {
      const html = await (
        await fetch(url('/ProductDetails?productId=3'), { headers: { 'Accept-Encoding': encoding } })
      ).text();
      expect(html).not.toContain('rel="preload" href="/config.json"');
      const inline = /<script type="application\/json" id="marketkit-config"[^>]*>([^<]*)<\/script>/.exec(
        html,
      )?.[1];
      expect(inline).toBeDefined();
      // Ahead of the boot script, the only other script, and nothing else of the page inside it.
      expect(html.match(/<script/g)).toHaveLength(2);
      expect(html.indexOf('id="marketkit-config"')).toBeLessThan(html.indexOf('boot-1.js'));
      expect(JSON.parse(inline ?? '')).toEqual(await (await fetch(url('/config.json'))).json());
    }
  });

  it('answers a route with the app, a missing file with 404 and a file outside the build with nothing', async () => {
    expect(await (await fetch(url('/productListing?category=3'))).text()).toContain('<title>app</title>');
    expect((await fetch(url('/assets/gone-2.js'))).status).toBe(404);
    const outside = await fetch(url('/..%2fdist-old/secret.txt'));
    expect(await outside.text()).not.toContain('secret');
  });

  it('caches hashed assets for good and compresses them', async () => {
    const response = await fetch(url('/assets/app-1.js'), { headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(response.headers.get('content-encoding')).toBe('gzip');
  });

  it('forwards /api calls with their query and headers, minus the ones a client must not set', async () => {
    seen = [];
    const response = await fetch(url('/api/pbs/rest/v3/languages?page_number=-1'), {
      headers: { realmname: 'demo-customer', 'X-Forwarded-Host': 'evil.example', Forwarded: 'for=1.2.3.4' },
    });
    expect(await response.json()).toEqual({ ok: true });
    expect(seen[0]?.url).toBe('/pbs/rest/v3/languages?page_number=-1');
    expect(seen[0]?.headers.realmname).toBe('demo-customer');
    expect(seen[0]?.headers['x-forwarded-host']).toBe(`127.0.0.1:${server.port}`);
    expect(seen[0]?.headers.forwarded).toBeUndefined();
  });
});
