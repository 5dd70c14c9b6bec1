// The server build's route: the page with its server action (src/routes.ts; the SPA build, which has
// no server, routes to the page alone and signs in from the page's own submit handler).

export { action } from '../pages/signin.server.ts';
export { default, handle } from '../pages/signin.tsx';
