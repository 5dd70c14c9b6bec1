import { describe, expect, it } from 'vitest';
import {
  createMarketClient,
  createMemoryTokenStore,
  resolveAssetUrl,
  resolveHostAssetUrls,
  splitAssetList,
} from '../src/index.ts';

const HOST = 'https://services.test';
const client = createMarketClient({
  servicesHost: HOST,
  store: 'demo',
  tokens: createMemoryTokenStore(),
  cookies: null,
  locks: null,
});
const proxied = createMarketClient({
  servicesHost: '/api',
  origin: 'https://shop.test',
  store: 'demo',
  tokens: createMemoryTokenStore(),
  cookies: null,
  locks: null,
});

describe('splitAssetList: the entries of a comma-separated list of asset paths', () => {
  it.each([
    ['assets/p/12.jpg,assets/p/12-side.jpg', ['assets/p/12.jpg', 'assets/p/12-side.jpg']],
    [' a.jpg , b.jpg ', ['a.jpg', 'b.jpg']],
    [',a.jpg,,  ,b.jpg,', ['a.jpg', 'b.jpg']],
    ['/assets/a b.png', ['/assets/a b.png']],
    [
      ['a.jpg', ' ', 'b.jpg,c.jpg'],
      ['a.jpg', 'b.jpg', 'c.jpg'],
    ],
    ['', []],
    [' , ', []],
    [[], []],
    [null, []],
    [undefined, []],
  ])('%j → %j', (value, entries) => {
    expect(splitAssetList(value)).toEqual(entries);
  });
});

describe('client.imageUrls: every usable image as a URL on the services host', () => {
  it.each([
    [
      'assets/products/12/mug.jpg,assets/products/12/mug-side.jpg',
      [`${HOST}/assets/products/12/mug.jpg`, `${HOST}/assets/products/12/mug-side.jpg`],
    ],
    ['/assets/p/1.svg', [`${HOST}/assets/p/1.svg`]],
    [' /assets/p/1.svg , , /assets/p/2.svg ,', [`${HOST}/assets/p/1.svg`, `${HOST}/assets/p/2.svg`]],
    ['/assets/a b.png', [`${HOST}/assets/a%20b.png`]],
    [
      ['/assets/p/1.svg', 'https://cdn.test/2.png'],
      [`${HOST}/assets/p/1.svg`, 'https://cdn.test/2.png'],
    ],
    // Hostile or broken entries are left out; the usable ones stay, in order.
    [
      '/assets/p/1.svg,javascript:alert(1),/assets/p/2.svg',
      [`${HOST}/assets/p/1.svg`, `${HOST}/assets/p/2.svg`],
    ],
    ['//evil.test/x.png,/assets/p/1.svg', [`${HOST}/assets/p/1.svg`]],
    ['/\\evil.test/x.png,/assets/p/1.svg', [`${HOST}/assets/p/1.svg`]],
    ['java\tscript:alert(1),/assets/p/1.svg', [`${HOST}/assets/p/1.svg`]],
    ['/assets/p/1.svg,<img src=x onerror=alert(1)>', [`${HOST}/assets/p/1.svg`]],
    ['/assets/p/1.svg,vbscript:msgbox(1)', [`${HOST}/assets/p/1.svg`]],
    // A value that starts with another scheme is one URL, its commas its own: refused whole.
    ['javascript:alert(1),/assets/p/1.svg', []],
    ['data:text/html,<script>alert(1)</script>', []],
    ['DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', []],
    ['data:image/svg+xml,<svg onload=alert(1)>', []],
    ['  javascript:alert(1)', []],
    ['file:///etc/passwd', []],
    ['', []],
    [',', []],
    [null, []],
    [undefined, []],
  ])('%j → %j', (value, urls) => {
    expect(client.imageUrls(value)).toEqual(urls);
  });

  it('keeps the URLs of a services host given as a path as paths on the page origin', () => {
    expect(proxied.imageUrls('/assets/p/1.svg,assets/p/2.svg')).toEqual([
      '/api/assets/p/1.svg',
      '/api/assets/p/2.svg',
    ]);
  });
});

describe('client.assetUrl never passes a comma-separated list through whole', () => {
  it.each([
    ['/assets/p/1.svg,/assets/p/2.svg', `${HOST}/assets/p/1.svg`],
    [',/assets/p/2.svg', `${HOST}/assets/p/2.svg`],
    ['//evil.test/1.png, /assets/p/2.svg', `${HOST}/assets/p/2.svg`],
    ['/assets/logo.svg', `${HOST}/assets/logo.svg`],
    ['javascript:alert(1)', null],
    [' , ', null],
  ])('%j → its first usable image %j', (value, url) => {
    expect(client.assetUrl(value)).toBe(url);
    expect(resolveAssetUrl(HOST, value)).toBe(url);
    expect(client.assetUrl(value)).toBe(client.imageUrls(value)[0] ?? null);
  });
});

describe('resolveHostAssetUrls: only images the page may load (its own origin, the services host, origins given)', () => {
  it.each([
    [HOST, 'a.jpg,/b.jpg', [], [`${HOST}/a.jpg`, `${HOST}/b.jpg`]],
    [HOST, 'https://elsewhere.test/x.jpg,a.jpg', [], [`${HOST}/a.jpg`]],
    [HOST, 'https://cdn.test/x.jpg', ['https://cdn.test/any/path'], ['https://cdn.test/x.jpg']],
    [HOST, 'http://services.test/x.jpg', [], []],
    [HOST, 'javascript:alert(1)', [], []],
    [HOST, '//evil.test/x.jpg', ['https://evil.test'], []],
    [HOST, 'a.jpg', ['not a url'], [`${HOST}/a.jpg`]],
    ['/api', '/assets/p/1.svg,https://elsewhere.test/x.jpg', [], ['/api/assets/p/1.svg']],
    ['/api', 'https://cdn.test/x.jpg', ['https://cdn.test'], ['https://cdn.test/x.jpg']],
    [HOST, null, [], []],
  ])('host %j, %j, origins %j → %j', (host, value, origins, urls) => {
    expect(resolveHostAssetUrls(host, value, origins)).toEqual(urls);
  });
});
