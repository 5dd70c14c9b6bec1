import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findSecrets } from './support/secrets.ts';
import { useStorefront } from './support/servers.ts';
import { expect, test } from './support/test.ts';

const storefront = useStorefront();
// What a browser may ever download: the client half of each build (the server half never leaves it).
const CLIENT_BUILDS = ['build/client', 'build-spa/client'].map((dir) =>
  join(import.meta.dirname, '../apps/storefront', dir),
);

/** The directives of a Content-Security-Policy header, by name. */
const directives = (policy: string) =>
  new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name as string, values]),
  );

test.describe('security headers', () => {
  test('every answer carries the CSP, nosniff and a referrer policy; the gateway is a form target', async ({
    request,
  }) => {
    // Node does not resolve *.localhost: the same server by its address.
    const origin = storefront.origin('demo').replace('://demo.localhost', '://127.0.0.1');
    const html = await request.get(`${origin}/ProductDetails?productId=1005`);
    const page = await (await request.get(origin)).text();
    const script = page.match(/"(\/assets\/[^"&]+\.js)/)?.[1];
    expect(script).toBeTruthy();
    for (const answer of [
      html,
      await request.get(`${origin}${script}`),
      await request.get(`${origin}/config.json`),
      await request.get(`${origin}/assets/missing.js`),
    ]) {
      const headers = answer.headers();
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['x-frame-options']).toBe('DENY');
      const csp = directives(headers['content-security-policy'] ?? '');
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      // No inline or evaluated script anywhere, but the page's own (by this answer's nonce).
      expect(csp.get('script-src')).toContain("'self'");
      expect(csp.get('script-src')?.join(' ')).not.toMatch(/unsafe-inline|unsafe-eval|\*|data:/);
      // The sandbox's card gateway (the services host's origin, configured as a payment origin by
      // the tests) may receive the payment form. Only named origins, never a wildcard.
      const formAction = csp.get('form-action') ?? [];
      expect(formAction).toContain(new URL(storefront.sandboxUrl()).origin);
      for (const source of formAction) expect(source).toMatch(/^('self'|https?:\/\/[^*/]+)$/);
    }
  });

  test('a page answer has a nonce of its own, and every inline script of the page carries it', async ({
    request,
  }) => {
    const origin = storefront.origin('demo').replace('://demo.localhost', '://127.0.0.1');
    const nonces = new Set<string>();
    for (const path of ['/', '/productListing', '/cart', '/nope']) {
      const answer = await request.get(`${origin}${path}`);
      const nonce = /'nonce-([^']+)'/.exec(answer.headers()['content-security-policy'] ?? '')?.[1];
      expect(nonce, path).toBeTruthy();
      nonces.add(nonce ?? '');
      const html = await answer.text();
      // Every script element without src (JSON data blocks aside) is allowed by this nonce alone.
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].filter(
        ([, attributes]) => !/type="application\/json"/.test(attributes ?? ''),
      );
      expect(inline.length, path).toBeGreaterThan(0);
      for (const [, attributes] of inline) expect(attributes, path).toContain(`nonce="${nonce}"`);
    }
    expect(nonces.size).toBe(4);
  });

  test('the policy is enforced: inline script, plugins, a <base> and a form to another host are refused', async ({
    page,
    cspViolations,
  }) => {
    const evil: string[] = [];
    await page.route('https://evil.example/**', (route) => {
      evil.push(route.request().url());
      return route.fulfill({ body: 'owned' });
    });
    await page.goto(storefront.origin('demo'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__ran = true';
      document.body.append(script);
      const object = document.createElement('object');
      object.data = '/placeholder.svg';
      document.body.append(object);
      const base = document.createElement('base');
      base.href = 'https://evil.example/';
      document.head.append(base);
      const form = document.createElement('form');
      form.method = 'POST';
      form.action = 'https://evil.example/collect';
      document.body.append(form);
      form.submit();
    });
    await expect
      .poll(() => cspViolations.map((violation) => violation.directive).sort())
      .toEqual(['base-uri', 'form-action', 'object-src', 'script-src-elem']);
    expect(await page.evaluate(() => (window as unknown as { __ran?: boolean }).__ran)).toBeUndefined();
    expect(page.url()).toContain(storefront.origin('demo'));
    expect(evil).toEqual([]);
    // These were caused on purpose; every other test must end with none.
    cspViolations.length = 0;
  });
});

test.describe('no secret in the browser bundle', () => {
  test('the built storefront holds no key, token, client secret or sandbox secret', () => {
    for (const build of CLIENT_BUILDS) {
      const { files, findings } = findSecrets(build);
      expect(files, build).toBeGreaterThan(50);
      expect(findings, build).toEqual([]);
    }
  });

  test('the check finds secrets planted in a bundle', () => {
    const dist = mkdtempSync(join(tmpdir(), 'mk-secrets-'));
    writeFileSync(
      join(dist, 'a.js'),
      'const k = "-----BEGIN PRIVATE KEY-----"; const s = {client_secret: 1};',
    );
    writeFileSync(join(dist, 'b.js.map'), '{"sourcesContent":["password: \\"Password123\\""]}');
    writeFileSync(join(dist, 'c.html'), '<script>var key = "AKIAABCDEFGHIJKLMNOP";</script>');
    expect(findSecrets(dist).findings.sort()).toEqual([
      'AWS access key in c.html',
      'OAuth client secret in a.js',
      'a sandbox secret in b.js.map',
      'private key in a.js',
    ]);
  });
});
