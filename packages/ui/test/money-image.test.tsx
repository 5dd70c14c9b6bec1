import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Image, type ImageProps, imageSrcSet, Money, type MoneyProps, ProductCard } from '../src/index.ts';
import { seriousViolations } from './axe.ts';

afterEach(cleanup);

/** The price and the struck "Was" price as a shopper reads them ("" when none is struck). */
function shown(props: MoneyProps) {
  const { container } = render(<Money {...props} />);
  const root = container.querySelector('[data-slot]') as HTMLElement;
  const struck = root.querySelector('s');
  const text = [...root.childNodes]
    .filter((node) => node.nodeName !== 'S')
    .map((node) => node.textContent)
    .join('');
  return { text, was: struck?.textContent ?? '', tag: root.tagName.toLowerCase() };
}

describe('Money: an amount in the store’s currency and the page’s language', () => {
  it.each<[string, MoneyProps, { text: string; was: string; tag?: string }]>([
    [
      'the code, then the amount grouped',
      { amount: 1234.5, currency: 'ZAR' },
      { text: 'ZAR 1,234.50', was: '' },
    ],
    [
      'in the page’s language',
      { amount: 1234.5, currency: 'EUR', locale: 'fr' },
      { text: 'EUR 1\u202f234,50', was: '' },
    ],
    [
      'Indian grouping',
      { amount: 1234567.891, currency: 'INR', locale: 'en_IN' },
      { text: 'INR 12,34,567.89', was: '' },
    ],
    ['no decimals', { amount: 1234.5, currency: 'JPY', decimals: 0 }, { text: 'JPY 1,235', was: '' }],
    [
      'a saving: the original struck through',
      { amount: 80, currency: 'ZAR', original: 100, wasLabel: 'Was' },
      { text: 'ZAR 80.00', was: 'Was ZAR 100.00' },
    ],
    // The README's ProductTile bug: every tile showed a "Was" equal to its price.
    [
      'a "Was" equal to the price: not shown',
      { amount: 100, currency: 'ZAR', original: 100 },
      { text: 'ZAR 100.00', was: '' },
    ],
    [
      'a "Was" that reads the same once rounded: not shown',
      { amount: 1039.2, currency: 'ZAR', original: 1039.204 },
      { text: 'ZAR 1,039.20', was: '' },
    ],
    [
      'a "Was" below the price is no saving: not shown',
      { amount: 120, currency: 'ZAR', original: 100 },
      { text: 'ZAR 120.00', was: '' },
    ],
    ['no original', { amount: 5, currency: 'ZAR', original: null }, { text: 'ZAR 5.00', was: '' }],
    [
      'as another element',
      { amount: 5, currency: 'ZAR', as: 'dd' },
      { text: 'ZAR 5.00', was: '', tag: 'dd' },
    ],
  ])('%s', (_, props, expected) => {
    const { tag, ...seen } = shown(props);
    expect(seen).toEqual({ text: expected.text, was: expected.was });
    expect(tag).toBe(expected.tag ?? 'span');
  });

  it.each([null, undefined, ''])(
    'given currency %j (not known yet), should show no currency, only a busy stand-in of the same width',
    async (currency) => {
      const { container } = render(
        <Money amount={8099.1} currency={currency} original={9000} loadingLabel="Loading price" />,
      );
      const root = container.querySelector('[data-slot="money"]') as HTMLElement;
      expect(root.getAttribute('aria-busy')).toBe('true');
      // What assistive technology reads: the loading words, no amount and no currency.
      expect(screen.getByText('Loading price').className).toContain('sr-only');
      const standIn = root.querySelector('[aria-hidden="true"]') as HTMLElement;
      expect(standIn.className).toContain('invisible');
      // As wide as a real price (a three-letter code and the amount), so nothing moves when it comes.
      expect(standIn.textContent).toBe('XXX 8,099.10');
      expect(container.textContent).not.toMatch(/INR|ZAR|USD|EUR/);
      expect(container.querySelector('s')).toBeNull();
      expect(await seriousViolations(container)).toEqual([]);
    },
  );
});

const HOST = 'https://services.test';
const base: ImageProps = {
  host: HOST,
  src: '',
  fallback: '/placeholder.svg',
  alt: '',
  width: 300,
  height: 300,
};

/** The attributes of the picture drawn. */
function drawn(props: Partial<ImageProps>) {
  const { container } = render(<Image {...base} {...props} />);
  const image = container.querySelector('img') as HTMLImageElement;
  const names = ['src', 'srcset', 'sizes', 'width', 'height', 'loading', 'decoding', 'fetchpriority', 'alt'];
  return Object.fromEntries(names.map((name) => [name, image.getAttribute(name)]));
}

describe('Image: a picture from the services host', () => {
  it.each<[string, Partial<ImageProps>, Record<string, string | null>]>([
    ['a path: resolved on the host', { src: '/assets/p/1.svg' }, { src: `${HOST}/assets/p/1.svg` }],
    [
      'a list (product_image): its first entry',
      { src: 'assets/p/1.svg,assets/p/2.svg' },
      { src: `${HOST}/assets/p/1.svg` },
    ],
    [
      'an array (images): its first usable entry',
      { src: ['javascript:x', 'assets/p/2.svg'] },
      { src: `${HOST}/assets/p/2.svg` },
    ],
    [
      'a host given as a path: a path',
      { host: '/api', src: 'assets/p/1.svg' },
      { src: '/api/assets/p/1.svg' },
    ],
    ['empty: the fallback', { src: '' }, { src: '/placeholder.svg' }],
    ['javascript: never reaches src', { src: 'javascript:alert(1)' }, { src: '/placeholder.svg' }],
    [
      'data: never reaches src',
      { src: 'data:image/svg+xml,<svg onload=alert(1)>' },
      { src: '/placeholder.svg' },
    ],
    ['//another host never reaches src', { src: '//evil.test/x.png' }, { src: '/placeholder.svg' }],
    ['another origin never reaches src', { src: 'https://evil.test/x.png' }, { src: '/placeholder.svg' }],
    [
      'another origin the page allows',
      { src: 'https://cdn.test/x.png', origins: ['https://cdn.test'] },
      { src: 'https://cdn.test/x.png' },
    ],
  ])('%s', (_, props, expected) => {
    expect(drawn(props)).toMatchObject(expected);
  });

  it('given no priority, should keep its size and load lazily, decoded off the main thread', () => {
    expect(drawn({ src: 'a.svg', alt: 'Skillet' })).toEqual({
      src: `${HOST}/a.svg`,
      srcset: null,
      sizes: null,
      width: '300',
      height: '300',
      loading: 'lazy',
      decoding: 'async',
      fetchpriority: null,
      alt: 'Skillet',
    });
  });

  it('given priority (the first screen’s largest picture), should load at once, first, painted with the text', () => {
    expect(drawn({ src: 'a.svg', priority: true })).toMatchObject({
      loading: 'eager',
      decoding: 'sync',
      fetchpriority: 'high',
    });
  });

  it('given only one size (as the Marketkit services host serves), should give no srcset or sizes', () => {
    expect(drawn({ src: 'a.svg', sizes: '50vw' })).toMatchObject({ srcset: null, sizes: null });
  });

  it('given sizes the host serves, should list them with their widths and the sizes', () => {
    expect(
      drawn({
        src: 'a-600.jpg',
        widths: [
          { src: 'a-300.jpg', width: 300 },
          { src: 'a-600.jpg', width: 600 },
        ],
        sizes: '(min-width: 768px) 50vw, 100vw',
      }),
    ).toMatchObject({
      srcset: `${HOST}/a-300.jpg 300w, ${HOST}/a-600.jpg 600w`,
      sizes: '(min-width: 768px) 50vw, 100vw',
    });
  });

  it('given no usable picture, should give the fallback no srcset of the missing one', () => {
    expect(drawn({ src: 'javascript:x', widths: [{ src: 'a-300.jpg', width: 300 }] })).toMatchObject({
      src: '/placeholder.svg',
      srcset: null,
    });
  });

  it.each<[string, ImageProps['widths'], string | undefined]>([
    [
      'unsafe and foreign sizes left out',
      [
        { src: 'javascript:x', width: 300 },
        { src: 'https://evil.test/a.jpg', width: 400 },
        { src: 'a.jpg', width: 600 },
      ],
      `${HOST}/a.jpg 600w`,
    ],
    [
      'widths that are no widths left out',
      [
        { src: 'a.jpg', width: 0 },
        { src: 'b.jpg', width: 1.5 },
        { src: 'c.jpg', width: Number.NaN },
      ],
      undefined,
    ],
    [
      'a space or a comma in a path cannot split an entry (encoded; a comma separates assets)',
      [
        { src: 'a b.jpg', width: 300 },
        { src: 'c.jpg,d.jpg', width: 600 },
      ],
      `${HOST}/a%20b.jpg 300w, ${HOST}/c.jpg 600w`,
    ],
    ['none', [], undefined],
  ])('srcset: %s', (_, widths, srcSet) => {
    expect(imageSrcSet(HOST, widths ?? [])).toBe(srcSet);
  });

  it('should require alt (an empty one marks a decorative picture) and pass no axe violations', async () => {
    // @ts-expect-error alt is required: a picture without one is read by its file name.
    const withoutAlt = <Image host={HOST} src="a.svg" fallback="/p.svg" width={1} height={1} />;
    expect(withoutAlt).toBeTruthy();
    const { container } = render(<Image {...base} src="a.svg" alt="" />);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('given as a product card’s picture, should be drawn in the card in place of the URL image', () => {
    const { container } = render(
      <ProductCard
        href="/p/1"
        name="Skillet"
        image={<Image {...base} src="assets/p/1.svg" priority />}
        price={<Money amount={10} currency="ZAR" />}
      />,
    );
    const images = container.querySelectorAll('img');
    expect(images).toHaveLength(1);
    expect(images[0]?.getAttribute('src')).toBe(`${HOST}/assets/p/1.svg`);
    expect(images[0]?.getAttribute('fetchpriority')).toBe('high');
    expect(screen.getByText('ZAR 10.00')).toBeTruthy();
  });
});
