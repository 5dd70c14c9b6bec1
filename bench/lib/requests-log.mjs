// Records a page's requests and sorts them: calls to the services host (through the storefront's
// same-origin proxy under /api, or straight to the sandbox), images from the services host, and the
// page's own files.

const PROXY_PATH = '/api'; // apps/storefront/server/proxy.ts

/** Starts recording `page`'s requests; `take()` returns what was recorded since the last `take()`. */
export function recordRequests(page, { storefrontOrigin, sandboxUrl }) {
  const sandboxOrigin = new URL(sandboxUrl).origin;
  let entries = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return;
    let servicePath = null;
    if (
      url.origin === storefrontOrigin &&
      (url.pathname === PROXY_PATH || url.pathname.startsWith(`${PROXY_PATH}/`))
    )
      servicePath = url.pathname.slice(PROXY_PATH.length);
    else if (url.origin === sandboxOrigin) servicePath = url.pathname;
    const kind = servicePath === null ? 'page' : servicePath.startsWith('/assets/') ? 'asset' : 'api';
    entries.push({ kind, method: request.method(), path: servicePath ?? url.pathname, search: url.search });
  });
  return {
    take() {
      const taken = entries;
      entries = [];
      return summarize(taken);
    },
  };
}

/** Counts per kind, API calls per service (`pbs`, `cfs`…), and the API calls themselves. */
function summarize(entries) {
  const api = entries.filter((entry) => entry.kind === 'api');
  const byService = {};
  for (const call of api) {
    const service = call.path.split('/')[1] ?? '?';
    byService[service] = (byService[service] ?? 0) + 1;
  }
  return {
    total: entries.length,
    api: api.length,
    assets: entries.filter((entry) => entry.kind === 'asset').length,
    page: entries.filter((entry) => entry.kind === 'page').length,
    byService,
    calls: api.map((call) => `${call.method} ${call.path}${call.search}`),
  };
}
