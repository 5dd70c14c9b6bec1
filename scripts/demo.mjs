#!/usr/bin/env node
// `npm run demo`: the storefront (one build, every store by host name: demo.localhost, souq.localhost…),
// the sandbox services host behind it (seeded stores, state kept in .marketkit/demo-state) and the
// services-host contract as a local reference page.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
// The storefront's server as built (`pnpm --filter @marketkit/storefront build`; demo:start builds it).
import { startStorefrontServer } from '../apps/storefront/build-server/start.js';
import { startSandboxServer } from '../packages/sandbox/dist/node/index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.PORT ?? 4173);
const contractPort = Number(process.env.CONTRACT_PORT ?? 4175);
const sandboxPort = Number(process.env.SANDBOX_PORT ?? 4010);
const host = process.env.HOST ?? '127.0.0.1';
const bundlePath = join(root, 'packages', 'sandbox', 'openapi', 'marketkit.openapi.json');
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

const escapeHtml = (value) => String(value ?? '').replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function page(document) {
  const services = new Map();
  for (const [path, item] of Object.entries(document.paths)) {
    const service = path.split('/')[1];
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      if (!services.has(service)) services.set(service, []);
      const security = (operation.security ?? []).map((entry) => Object.keys(entry)[0] ?? 'anonymous');
      services.get(service).push({ method, path, operation, security });
    }
  }
  const sections = [...services]
    .map(
      ([service, operations]) => `<section><h2 id="${escapeHtml(service)}">${escapeHtml(service)}</h2><table>
<thead><tr><th>Method</th><th>Path</th><th>Operation</th><th>Who may call</th></tr></thead><tbody>
${operations
  .map(
    ({ method, path, operation, security }) =>
      `<tr><td><code class="m ${method}">${method.toUpperCase()}</code></td><td><code>${escapeHtml(path)}</code></td>
<td><strong>${escapeHtml(operation.operationId)}</strong><br>${escapeHtml(operation.summary)}</td>
<td>${security.includes('realmName') || security.includes('anonymous') ? 'guests and customers' : 'signed-in customers'}</td></tr>`,
  )
  .join('\n')}
</tbody></table></section>`,
    )
    .join('\n');
  const count = [...services.values()].reduce((sum, list) => sum + list.length, 0);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Marketkit — services host contract</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#111928;background:#fff}
header{background:#023047;color:#fff;padding:1.5rem 2rem}main{padding:1rem 2rem;max-width:75rem}
table{border-collapse:collapse;width:100%;margin-block-end:2rem}th,td{text-align:start;padding:.4rem .6rem;border-block-end:1px solid #e5e7eb;vertical-align:top}
code{font:13px ui-monospace,monospace}.m{padding:.1rem .4rem;border-radius:.25rem;background:#eef}
.get{background:#dcfce7}.post{background:#fef3c7}.put{background:#dbeafe}.delete{background:#fee2e2}
a{color:#023047}nav a{margin-inline-end:1rem}
</style></head><body>
<header><h1>Marketkit services host</h1><p>${escapeHtml(document.info.title)} ${escapeHtml(document.info.version)} — ${count} operations across ${services.size} services. Every answer is <code>{ response_message, response_body }</code>.</p></header>
<main><nav>${[...services.keys()].map((service) => `<a href="#${escapeHtml(service)}">${escapeHtml(service)}</a>`).join('')}
<a href="/openapi.json">openapi.json</a></nav>${sections}</main></body></html>`;
}

createServer((request, response) => {
  const url = new URL(request.url ?? '/', `http://${host}`);
  const headers = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Content-Security-Policy':
      "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'",
  };
  const bundle = readFileSync(bundlePath, 'utf8');
  if (url.pathname === '/openapi.json') {
    response.writeHead(200, { ...headers, 'Content-Type': 'application/json' }).end(bundle);
  } else if (url.pathname === '/') {
    response
      .writeHead(200, { ...headers, 'Content-Type': 'text/html; charset=utf-8' })
      .end(page(JSON.parse(bundle)));
  } else {
    response.writeHead(404, { ...headers, 'Content-Type': 'text/plain' }).end('page not found');
  }
}).listen(contractPort, host, async () => {
  const shown = host === '0.0.0.0' ? 'localhost' : host;
  const sandbox = await startSandboxServer({
    port: sandboxPort,
    host,
    dataDir: join(root, '.marketkit', 'demo-state'),
    reset: process.argv.includes('--reset'),
    accessTokenTtlSeconds: Number(process.env.ACCESS_TOKEN_TTL ?? 300),
    // A tester's machine: OTPs, faults and resets through /__sandbox (never proxied by the storefront).
    controlApi: true,
  });
  // The storefront reaches the services host through its own origin (/api), as production would.
  const servicesHost = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${sandboxPort}`;
  const storefront = await startStorefrontServer({
    servicesHost,
    // The sandbox's card gateway pages are on its own origin: the payment forms may post there.
    paymentOrigins: [servicesHost],
    port,
    host,
  });
  console.log(`\nMarketkit demo (Ctrl+C to stop):`);
  console.log(
    `  storefront             http://demo.localhost:${port}/   (also souq., bazaar., closed., broken.localhost)`,
  );
  console.log(
    `  sandbox services host  http://${shown}:${sandboxPort}/   (the storefront calls it at /api on its own origin)`,
  );
  console.log(`  contract reference     http://${shown}:${contractPort}/`);
  console.log('  sign in as shopper@example.com / Password123; every OTP is 123456 (also printed below).');
  console.log('  state is kept in .marketkit/demo-state (`npm run demo -- --reset` starts from the seed).\n');
  const stop = () => {
    storefront.close();
    sandbox.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
});
