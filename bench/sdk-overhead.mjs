// Per-call cost of the SDK against plain fetch, in Node.
// A worker thread serves a small JSON envelope over keep-alive HTTP (lib/envelope-server.mjs). The same
// GET is made `calls` times in sequence, after `warmup` calls, two ways:
//   - SDK:   unwrap(client.GET('/pbs/rest/v3/products/{productId}', …)) with createMarketClient and a
//            memory token store (the whole middleware chain and transport run, as for a guest)
//   - fetch: fetch(url, { headers }) with the headers the SDK sends, then res.json(), then the body
//   - openapi-fetch alone (createClient with no middleware, the same headers), to show how much of the
//     SDK's cost is the library it is built on and how much is its own transport
// Each round runs the three in a rotated order; reported: the median µs per call of each over the
// rounds, and the median of the per-round ratios to plain fetch.
// Run alone: node bench/sdk-overhead.mjs [--calls 2000] [--rounds 7] [--json]
// (bench/run.mjs runs it this way, in a process of its own, before the browser parts)
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { createMarketClient, createMemoryTokenStore, unwrap } from '@marketkit/sdk';
import createClient from 'openapi-fetch';
import { fmt, median } from './lib/stats.mjs';

const PRODUCT_ID = 1005;

async function timeCalls(call, count) {
  const started = process.hrtime.bigint();
  for (let i = 0; i < count; i += 1) await call();
  return Number(process.hrtime.bigint() - started) / 1000 / count;
}

export async function measureSdkOverhead({ calls = 2000, warmup = 500, rounds = 7 } = {}) {
  const worker = new Worker(new URL('./lib/envelope-server.mjs', import.meta.url));
  const { port } = await new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  try {
    const servicesHost = `http://127.0.0.1:${port}`;
    const client = createMarketClient({
      servicesHost,
      store: 'demo',
      tokens: createMemoryTokenStore(),
      locks: null,
      origin: null,
      cookies: null,
    });
    const sdkCall = async () => {
      const product = await unwrap(
        client.GET('/pbs/rest/v3/products/{productId}', { params: { path: { productId: PRODUCT_ID } } }),
      );
      if (product.product_id !== PRODUCT_ID) throw new Error('Unexpected answer');
    };
    const url = `${servicesHost}/pbs/rest/v3/products/${PRODUCT_ID}`;
    const headers = { Accept: 'application/json', realmname: 'demo-customer' };
    const fetchCall = async () => {
      const response = await fetch(url, { headers });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const envelope = await response.json();
      if (envelope.response_body.product_id !== PRODUCT_ID) throw new Error('Unexpected answer');
    };
    const bare = createClient({ baseUrl: servicesHost, headers });
    const openapiFetchCall = async () => {
      const { data, error } = await bare.GET('/pbs/rest/v3/products/{productId}', {
        params: { path: { productId: PRODUCT_ID } },
      });
      if (error !== undefined || data.response_body.product_id !== PRODUCT_ID)
        throw new Error('Unexpected answer');
    };
    const clients = { sdk: sdkCall, fetch: fetchCall, openapiFetch: openapiFetchCall };
    const names = Object.keys(clients);
    for (const name of names) await timeCalls(clients[name], warmup);
    const times = Object.fromEntries(names.map((name) => [name, []]));
    for (let round = 0; round < rounds; round += 1) {
      const order = names.map((_, i) => names[(i + round) % names.length]);
      for (const name of order) times[name].push(await timeCalls(clients[name], calls));
    }
    const ratio = (name) => median(times[name].map((value, i) => value / times.fetch[i]));
    return {
      calls,
      warmup,
      rounds,
      sdkMicros: median(times.sdk),
      fetchMicros: median(times.fetch),
      openapiFetchMicros: median(times.openapiFetch),
      ratio: ratio('sdk'),
      openapiFetchRatio: ratio('openapiFetch'),
      samples: times,
    };
  } finally {
    worker.postMessage('close');
    await new Promise((resolve) => worker.once('exit', resolve));
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      calls: { type: 'string', default: '2000' },
      rounds: { type: 'string', default: '7' },
      json: { type: 'boolean', default: false },
    },
  });
  const result = await measureSdkOverhead({ calls: Number(values.calls), rounds: Number(values.rounds) });
  if (values.json) {
    console.log(JSON.stringify(result));
    process.exit(0);
  }
  console.log(
    `plain fetch ${fmt(result.fetchMicros, 1)} µs/call; openapi-fetch alone ${fmt(result.openapiFetchMicros, 1)} µs/call (${fmt(result.openapiFetchRatio, 2)}×); SDK ${fmt(result.sdkMicros, 1)} µs/call (${fmt(result.ratio, 2)}×) — medians of ${result.rounds} rounds of ${result.calls} calls`,
  );
}
