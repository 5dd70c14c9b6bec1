import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, Link, RouterProvider, useParams } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ProductCard } from '../src/index.ts';

afterEach(cleanup);

const card = { name: 'Skillet', image: '', placeholderImage: '/p.svg', price: 'R 10.00' };

function ProductPage() {
  const { id } = useParams();
  return <h1>Product {id}</h1>;
}

/** An href link, as Next.js's `Link` or a plain anchor wrapper. */
function HrefLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  return (
    <a href={href} className={className} data-router="href">
      {children}
    </a>
  );
}

describe('ProductCard linkAs', () => {
  it("given React Router's Link as it is, should link to href and navigate on the client", async () => {
    const router = createMemoryRouter(
      [
        { path: '/', element: <ProductCard {...card} href="/products/1005" linkAs={Link} /> },
        { path: '/products/:id', element: <ProductPage /> },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    const link = screen.getByRole('link', { name: 'Skillet' });
    expect(link.getAttribute('href')).toBe('/products/1005');
    expect(link.className).toContain('flex');

    await userEvent.click(link);

    expect(await screen.findByRole('heading', { name: 'Product 1005' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/products/1005');
  });

  it('given an href link component, should give it the path as href', () => {
    render(<ProductCard {...card} href="/p/7" linkAs={HrefLink} />);
    const link = screen.getByRole('link', { name: 'Skillet' });
    expect([link.getAttribute('href'), link.dataset.router]).toEqual(['/p/7', 'href']);
  });

  it('given no linkAs, should render a plain anchor', () => {
    render(<ProductCard {...card} href="/p/8" />);
    expect(screen.getByRole('link', { name: 'Skillet' }).getAttribute('href')).toBe('/p/8');
  });
});
