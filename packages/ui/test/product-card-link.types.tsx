// Compile-only test, checked by `pnpm typecheck` (tsconfig.json includes test/): the card's `linkAs`
// takes the routers' link components as they are, with no adapter, and still refuses a component that
// cannot link. Not a Vitest typecheck file (`*.test-d.tsx`) on purpose: those start tsc inside the test
// run, beside the component tests, and the toast tests then wait on a starved CPU.
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { ProductCard, type ProductCardProps } from '../src/index.ts';

type LinkAs = NonNullable<ProductCardProps['linkAs']>;

const card = { href: '/products/1', name: 'Skillet', image: '', placeholderImage: '/p.svg', price: 'R 10' };

/** An href link, as Next.js's `Link` or a plain anchor wrapper. */
function HrefLink({ href, children }: { href: string; className?: string; children: ReactNode }) {
  return <a href={href}>{children}</a>;
}

/** Neither href nor to. */
function Heading({ level }: { level: number }) {
  return <h2 aria-level={level}>Heading</h2>;
}

// React Router's Link and NavLink, as they are.
export const routerLinks: LinkAs[] = [Link, NavLink];
export const withRouterLink = <ProductCard {...card} linkAs={Link} />;
export const withNavLink = <ProductCard {...card} linkAs={NavLink} />;

// An href link.
export const hrefLink: LinkAs = HrefLink;
export const withHrefLink = <ProductCard {...card} linkAs={HrefLink} />;

// @ts-expect-error a heading cannot be a card's link
export const notALink: LinkAs = Heading;
// @ts-expect-error a heading cannot be a card's link
export const withHeading = <ProductCard {...card} linkAs={Heading} />;
