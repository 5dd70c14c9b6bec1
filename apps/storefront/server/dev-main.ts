// `pnpm dev`: the sandbox services host (seeded stores, state kept in .marketkit/dev-state) and the
// storefront's development server in front of it: http://demo.localhost:5173/ (souq., bazaar. …).
//   PORT, HOST     where the storefront listens (default 5173 on 127.0.0.1; 0: any free port)
//   SANDBOX_PORT   where the sandbox listens (default 4011: `npm run demo` keeps 4010)
//   SERVICES_HOST  a services host already running (then no sandbox is started), e.g. a test's
//   DATA_TIMEOUT_MS how long a page waits for the services host before it renders without (500)
import { join } from 'node:path';
import { startSandboxServer } from '@marketkit/sandbox/node';
import { APP } from './paths.ts';

// React and React Router pick their development code from NODE_ENV when first loaded (dev.ts loads
// them through Vite, after this line).
process.env.NODE_ENV ??= 'development';
const { startDevServer } = await import('./dev.ts');

const port = Number(process.env.PORT ?? 5173);
const host = process.env.HOST ?? '127.0.0.1';
const sandbox = process.env.SERVICES_HOST
  ? null
  : await startSandboxServer({
      port: Number(process.env.SANDBOX_PORT ?? 4011),
      host,
      dataDir: join(APP, '..', '..', '.marketkit', 'dev-state'),
      reset: process.argv.includes('--reset'),
      // A developer's machine: OTPs, faults and resets through /__sandbox (never proxied by the storefront).
      controlApi: true,
    });
const servicesHost = sandbox?.url ?? (process.env.SERVICES_HOST as string);
const storefront = await startDevServer({
  servicesHost,
  // The sandbox's card gateway pages are on its own origin: the payment forms may post there.
  paymentOrigins: [new URL(servicesHost).origin],
  port,
  host,
  ...(process.env.DATA_TIMEOUT_MS ? { dataTimeoutMs: Number(process.env.DATA_TIMEOUT_MS) } : {}),
});
process.stdout.write(
  [
    '',
    'Marketkit in development (Ctrl+C to stop): edits reload in the page.',
    `  storefront             http://demo.localhost:${storefront.port}/   (also souq., bazaar., closed., broken.localhost)`,
    `  services host          ${servicesHost}/   (the storefront calls it at /api on its own origin)`,
    '  sign in as shopper@example.com / Password123; every OTP is 123456.',
    '  state is kept in .marketkit/dev-state (`pnpm dev --reset` starts from the seed).',
    '',
    '',
  ].join('\n'),
);
const stop = () => Promise.all([storefront.close(), sandbox?.close()]).then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
