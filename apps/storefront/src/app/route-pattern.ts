// No imports: the boot script uses this to know the current screen before the app has loaded.

/** `/checkout/:checkoutId`, `/policies/*` → a case-insensitive pattern and its parameter names. */
export function routePattern(route: string) {
  const keys: string[] = [];
  let source = '';
  for (const part of route.split('/').filter(Boolean)) {
    if (part === '*') {
      keys.push('wild');
      source += '(?:/(.*))?';
    } else if (part.startsWith(':')) {
      keys.push(part.slice(1));
      source += '/([^/]+)';
    } else source += `/${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
  }
  return { pattern: new RegExp(`^${source || ''}/?$`, 'i'), keys };
}

export const matchesRoute = (route: string, pathname: string) => routePattern(route).pattern.test(pathname);
