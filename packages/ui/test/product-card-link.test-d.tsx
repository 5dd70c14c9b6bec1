// Compile-time checks (vitest typecheck): the card's `linkAs` takes the routers' link components as
// they are, with no adapter, and still refuses a component that cannot link.
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { describe, expectTypeOf, it } from 'vitest';
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

describe('ProductCard linkAs', () => {
  it("takes React Router's Link and NavLink as they are", () => {
    expectTypeOf(Link).toExtend<LinkAs>();
    expectTypeOf(NavLink).toExtend<LinkAs>();
    <ProductCard {...card} linkAs={Link} />;
    <ProductCard {...card} linkAs={NavLink} />;
  });

  it('takes an href link (a plain anchor wrapper, as Next.js has)', () => {
    expectTypeOf(HrefLink).toExtend<LinkAs>();
    <ProductCard {...card} linkAs={HrefLink} />;
  });

  it('refuses a component that takes neither href nor to', () => {
    expectTypeOf(Heading).not.toExtend<LinkAs>();
    // @ts-expect-error a heading cannot be a card's link
    <ProductCard {...card} linkAs={Heading} />;
  });
});
