import { escapeHtml } from '../core/text.ts';
import type { FieldError } from './types.ts';

export const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
  'Access-Control-Allow-Headers':
    'Accept, Authorization, Content-Type, Idempotency-Key, realmname, X-XSRF-TOKEN, X-Requested-With',
  'Access-Control-Expose-Headers': 'Content-Disposition, Content-Length, X-Sandbox-Fault',
  'Access-Control-Max-Age': '600',
};

/** Sandbox paths that are always open, to any origin: its health and the contract it implements. */
export const OPEN_SANDBOX_PATHS: ReadonlySet<string> = new Set([
  '/__sandbox/health',
  '/__sandbox/openapi.json',
]);

/** The control API (`/__sandbox` and below, but the open paths): never answered to other origins. */
export const isControlPath = (pathname: string) =>
  (pathname === '/__sandbox' || pathname.startsWith('/__sandbox/')) && !OPEN_SANDBOX_PATHS.has(pathname);

/**
 * CORS headers for an answer: any local storefront may call the contract (tokens travel in headers,
 * never cookies), so the caller's origin is allowed; the control API allows no other origin.
 */
export function corsHeaders(origin: string | null, pathname: string): Record<string, string> {
  if (isControlPath(pathname)) return {};
  return { 'Access-Control-Allow-Origin': origin ?? '*', ...CORS_HEADERS };
}

/** The answer with the CORS headers of its request. */
export function withCors(request: Request, response: Response) {
  const headers = new Headers(response.headers);
  const cors = corsHeaders(request.headers.get('origin'), new URL(request.url).pathname);
  for (const [name, value] of Object.entries(cors)) headers.set(name, value);
  headers.append('Vary', 'Origin');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
  });
}

export function envelope(body: unknown, message = 'Success') {
  return json(200, { response_message: message, response_body: body });
}

export function errorEnvelope(
  status: number,
  message: string,
  errors?: FieldError[],
  headers: Record<string, string> = {},
) {
  return json(
    status,
    {
      response_message: message,
      response_body: null,
      status_code: status,
      ...(errors && errors.length > 0 ? { errors } : {}),
    },
    headers,
  );
}

export { escapeHtml };

/** A self-contained HTML page (no external scripts, styles or fonts) with a strict CSP. */
export function htmlPage(status: number, title: string, body: string, formAction = "'self'") {
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f3f4f6;color:#111827}
main{max-width:40rem;margin:2rem auto;background:#fff;border-radius:12px;padding:1.5rem 2rem;box-shadow:0 1px 3px #0002}
h1{font-size:1.4rem;margin-top:0}table{border-collapse:collapse;width:100%}td,th{text-align:start;padding:.35rem .5rem;border-bottom:1px solid #e5e7eb;vertical-align:top}
button{font:inherit;padding:.6rem 1.2rem;border-radius:8px;border:0;cursor:pointer;margin-inline-end:.5rem}
.pay{background:#16a34a;color:#fff}.fail{background:#dc2626;color:#fff}.muted{color:#6b7280;font-size:.9rem}code{background:#f3f4f6;padding:0 .25rem;border-radius:4px}
.badge{display:inline-block;background:#fef3c7;color:#92400e;border-radius:999px;padding:.1rem .6rem;font-size:.8rem}
</style></head><body><main>${body}</main></body></html>`;
  return new Response(page, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action ${formAction}; base-uri 'none'; frame-ancestors 'none'`,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'no-store',
    },
  });
}
