/**
 * A rule about the current page, given its pathname: where an app says something the hooks would do
 * by itself must not happen (`MarketProviderProps.mergeBlockedOn` and the like). The hooks know no
 * route of any app; without a rule, nothing is blocked anywhere.
 */
export type PathnameRule = (pathname: string) => boolean;

/** `/Sign-In/` → `/sign-in`: routes compare whatever their case and trailing slashes. */
const normalise = (path: string) => path.replace(/\/+$/, '').toLowerCase();

/**
 * A rule that holds on the given routes and below them: `onRoutes(['/signin'])` holds on `/signin`,
 * `/SignIn/` and `/signin/otp`, not on `/signing` (case and trailing slashes do not matter).
 */
export function onRoutes(routes: readonly string[]): PathnameRule {
  const wanted = routes.map(normalise);
  return (pathname) => {
    const path = normalise(pathname);
    return wanted.some((route) => path === route || path.startsWith(`${route}/`));
  };
}

/** Whether a rule blocks the page at `pathname` (no rule blocks nothing). */
export const blockedOn = (pathname: string, rule: PathnameRule | undefined) => rule?.(pathname) === true;
