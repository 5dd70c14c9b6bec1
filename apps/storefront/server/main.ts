// `node build-server/main.js` (`npm start`, the Dockerfile): the storefront's production server from
// environment variables.
//   SERVICES_HOST   the services host the server calls (required), e.g. http://services:4010
//   PORT, HOST      where to listen (default 3000 on 0.0.0.0)
//   PROXY           "false": the browser calls SERVICES_HOST itself (it must allow the origin)
//   LANGUAGE_HOST   where translation files are (default /locales, served from the build)
//   TRUST_PROXY     Express's "trust proxy" (e.g. "true" or "loopback") behind a load balancer or CDN
//   PAYMENT_ORIGINS comma-separated origins payment forms may post to (default: config.json's list)
import { startStorefrontServer } from './start.ts';

const servicesHost = process.env.SERVICES_HOST;
if (!servicesHost) {
  console.error(
    'SERVICES_HOST is required (the services host the storefront calls), e.g. http://127.0.0.1:4010',
  );
  process.exit(2);
}
const trust = process.env.TRUST_PROXY;
const server = await startStorefrontServer({
  servicesHost,
  port: Number(process.env.PORT ?? 3000),
  host: process.env.HOST ?? '0.0.0.0',
  proxy: process.env.PROXY !== 'false',
  languageHost: process.env.LANGUAGE_HOST ?? '/locales',
  ...(process.env.PAYMENT_ORIGINS
    ? { paymentOrigins: process.env.PAYMENT_ORIGINS.split(',').map((origin) => origin.trim()) }
    : {}),
  trustProxy: trust === undefined ? false : trust === 'true' ? true : trust === 'false' ? false : trust,
});
process.stdout.write(`Storefront on port ${server.port}, services host ${servicesHost}\n`);
const stop = () => server.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
