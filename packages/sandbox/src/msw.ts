import { http, type RequestHandler } from 'msw';
import { listOperations } from './contract/document.ts';
import type { Sandbox } from './core/sandbox.ts';

export interface SandboxHandlersOptions {
  /** Origin (and base path) the client calls, e.g. `http://localhost:4010` (the default). */
  baseUrl?: string;
}

/**
 * MSW request handlers backed by a sandbox: one per contract operation (so `onUnhandledRequest: 'error'`
 * still catches calls the contract does not have), plus assets, gateway pages and the control API.
 *
 * @example
 * const sandbox = createSandbox();
 * const server = setupServer(...createSandboxHandlers(sandbox));
 */
export function createSandboxHandlers(
  sandbox: Sandbox,
  options: SandboxHandlersOptions = {},
): RequestHandler[] {
  const base = (options.baseUrl ?? 'http://localhost:4010').replace(/\/$/, '');
  const answer = ({ request }: { request: Request }) => sandbox.handle(request);
  const handlers: RequestHandler[] = listOperations().map((operation) => {
    const path = `${base}${operation.path.replace(/\{([^}]+)\}/g, ':$1')}`;
    return http[operation.method](path, answer);
  });
  handlers.push(
    http.all(`${base}/assets/*`, answer),
    http.all(`${base}/__gateway/*`, answer),
    http.all(`${base}/__sandbox*`, answer),
  );
  // CORS preflights of browser-like clients.
  handlers.push(http.options(`${base}/*`, answer));
  return handlers;
}
