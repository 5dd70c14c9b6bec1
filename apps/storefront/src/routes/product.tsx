// The server build's route: the page with its server loader (src/routes.ts; the SPA build, which has
// no server, routes to the page alone).

export { loader } from '../pages/product.server.ts';
export { clientLoader, default, handle } from '../pages/product.tsx';
