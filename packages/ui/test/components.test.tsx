import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  Button,
  COPY_FEEDBACK_MS,
  CopyButton,
  Dialog,
  DiscountBadge,
  dragDismisses,
  ErrorState,
  Input,
  Pagination,
  Price,
  ProductCard,
  QuantityStepper,
  RatingStars,
  RichText,
  Spinner,
  safeHref,
  Toaster,
  toast,
} from '../src/index.ts';
import { seriousViolations } from './axe.ts';

afterEach(cleanup);

// The toaster host (sonner) is loaded lazily at the first toast. Loaded here first, so a toast test's
// wait covers showing the toast, not transforming and importing the module on a busy machine (1 s
// was not always enough when other test files ran beside this one).
beforeAll(() => import('../src/toast-host.tsx'));

describe('Button', () => {
  it('given a variant, should render a typed button with that variant and no axe violations', async () => {
    const { container } = render(
      <div>
        <Button>Buy now</Button>
        <Button variant="secondary">Add to wishlist</Button>
        <Button variant="tertiary" size="sm">
          Share
        </Button>
      </div>,
    );
    expect(screen.getByRole('button', { name: 'Buy now' })).toHaveProperty('type', 'button');
    expect(screen.getByRole('button', { name: 'Add to wishlist' }).dataset.variant).toBe('secondary');
    expect(screen.getByRole('button', { name: 'Share' }).className).toContain('bg-tertiary');
    expect(await seriousViolations(container)).toEqual([]);
  });

  // Classes are joined, not merged at run time: two classes for one property would leave the winner to
  // the stylesheet's order.
  it.each([
    ['the preset size', {}, ['min-h-10', 'px-4', 'text-base']],
    [
      'no preset size (size null), the caller’s',
      { size: null, className: 'min-h-10 px-3 text-sm' },
      ['min-h-10', 'px-3', 'text-sm'],
    ],
  ] as const)('given %s, should carry one height, padding and text size', (_, props, expected) => {
    render(<Button {...props}>Search</Button>);
    const classes = screen.getByRole('button', { name: 'Search' }).className.split(' ');
    expect(classes.filter((name) => /^(min-h|px|text-(sm|base|lg))-?/.test(name)).sort()).toEqual(
      [...expected].sort(),
    );
  });
});

describe('Input', () => {
  it('given numericOnly, should block keys that type non-digits and allow digits and editing keys', () => {
    render(<Input label="Pincode" numericOnly />);
    const input = screen.getByLabelText('Pincode');
    for (const [key, blocked] of [
      ['a', true],
      ['-', true],
      [' ', true],
      ['.', true],
      ['5', false],
      ['Backspace', false],
      ['ArrowLeft', false],
      ['Tab', false],
    ] as const) {
      const event = fireEvent.keyDown(input, { key });
      expect(event, key).toBe(!blocked);
    }
    expect(fireEvent.keyDown(input, { key: 'v', ctrlKey: true })).toBe(true);
    expect(input.getAttribute('inputmode')).toBe('numeric');
  });

  it('given noSpaces, should block only the space key', () => {
    render(<Input label="E-mail" noSpaces />);
    const input = screen.getByLabelText('E-mail');
    expect(fireEvent.keyDown(input, { key: ' ' })).toBe(false);
    expect(fireEvent.keyDown(input, { key: 'a' })).toBe(true);
  });

  it('given an error, should mark the field invalid and announce the message', async () => {
    const { container } = render(
      <Input label="Phone" error="Enter digits only" hint="Without the extension" />,
    );
    const input = screen.getByLabelText('Phone');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain('-error');
    expect(screen.getByRole('alert').textContent).toBe('Enter digits only');
    expect(await seriousViolations(container)).toEqual([]);
  });

  it.each([
    ['an error', 'Enter digits only', 'border-red-600'],
    ['no error', undefined, 'border-current/30'],
  ])('given %s, should carry one border colour', (_, error, colour) => {
    render(<Input label="Phone" error={error} />);
    const classes = screen.getByLabelText('Phone').className.split(' ');
    expect(classes.filter((name) => /^border-(red|current)/.test(name))).toEqual([colour]);
  });
});

describe('Dialog and Drawer', () => {
  it('should open from its trigger, trap focus, close on Escape and give focus back', async () => {
    const user = userEvent.setup();
    render(
      <Dialog title="Sign in" description="Use your e-mail" trigger={<Button>Open</Button>}>
        <Input label="E-mail" />
      </Dialog>,
    );
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign in' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(await seriousViolations(document.body)).toEqual([]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open' }));
  });

  it('should render a drawer at the inline end', async () => {
    render(
      <Dialog title="Cart" variant="drawer" defaultOpen>
        <p>Empty</p>
      </Dialog>,
    );
    const drawer = screen.getByRole('dialog', { name: 'Cart' });
    expect(drawer.dataset.slot).toBe('drawer');
    expect(drawer.className).toContain('end-0');
  });
});

describe('commerce parts', () => {
  it('should show a discounted price with the original struck through, or the hidden text', () => {
    const { rerender } = render(<Price value="ZAR 80.00" original="ZAR 100.00" />);
    expect(screen.getByText('ZAR 100.00').closest('s')).not.toBeNull();
    rerender(<Price hiddenText="Price on request" />);
    expect(screen.queryByText('ZAR 80.00')).toBeNull();
    expect(screen.getByText('Price on request')).toBeTruthy();
  });

  it('should strike no "Was" price that is the price itself (no discount)', () => {
    const { container } = render(<Price value="ZAR 100.00" original="ZAR 100.00" />);
    expect(container.querySelector('s')).toBeNull();
    expect(screen.getAllByText('ZAR 100.00')).toHaveLength(1);
  });

  it('should show a discount badge only for a saving and describe ratings', () => {
    const { container } = render(
      <div>
        <DiscountBadge percent={0} />
        <DiscountBadge percent={15} />
        <RatingStars value={4.26} count={12} />
      </div>,
    );
    expect(container.querySelectorAll('[data-slot="discount-badge"]')).toHaveLength(1);
    expect(screen.getByRole('img', { name: '4.5 out of 5' })).toBeTruthy();
  });

  it('should keep quantities whole and within bounds', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<QuantityStepper value={1} onChange={onChange} label="Quantity" max={2} />);
    expect((screen.getByRole('button', { name: 'Decrease' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Increase' }));
    expect(onChange).toHaveBeenCalledWith(2);
  });

  it('should mark the current page and move between pages', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    const { container } = render(<Pagination page={3} pageCount={10} onPageChange={onPageChange} />);
    expect(screen.getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(onPageChange).toHaveBeenCalledWith(4);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('should draw pages as links when given their addresses (no script needed to move)', async () => {
    const { container } = render(<Pagination page={1} pageCount={3} pageHref={(p) => `/list?page=${p}`} />);
    expect(screen.getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Page 2' }).getAttribute('href')).toBe('/list?page=2');
    expect(screen.getByRole('link', { name: /Next/ }).getAttribute('href')).toBe('/list?page=2');
    // No page before the first: not a link at all.
    expect(screen.queryByRole('link', { name: /Previous/ })).toBeNull();
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('should size product images to avoid layout shift and lazy-load them', async () => {
    const { container } = render(
      <ProductCard
        href="/ProductDetails?productId=1"
        name="Skillet"
        image=""
        placeholderImage="/placeholder.svg"
        price={<Price value="R 10.00" />}
      />,
    );
    const image = container.querySelector('img') as HTMLImageElement;
    expect([
      image.getAttribute('width'),
      image.getAttribute('height'),
      image.getAttribute('loading'),
      image.getAttribute('src'),
    ]).toEqual(['300', '300', 'lazy', '/placeholder.svg']);
    expect(await seriousViolations(container)).toEqual([]);
  });
});

describe('feedback', () => {
  it('should draw a 48px spinner announced as loading', () => {
    render(<Spinner />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Loading');
    expect((status.firstElementChild as HTMLElement).style.width).toBe('48px');
  });

  it.each([
    ['retry and action', true, true, ['Try again', 'Go home']],
    ['retry only', true, false, ['Try again']],
    ['action only', false, true, ['Go home']],
  ] as const)(
    'given %s, should show an alert with them in that order',
    async (_, withRetry, withAction, expected) => {
      const onRetry = vi.fn();
      render(
        <ErrorState
          title="Orders failed to load"
          retryLabel="Try again"
          {...(withRetry ? { onRetry } : {})}
          {...(withAction ? { action: <button type="button">Go home</button> } : {})}
        />,
      );
      const alert = screen.getByRole('alert');
      expect(alert.textContent).toContain('Orders failed to load');
      expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(expected);
      if (withRetry) {
        fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
        expect(onRetry).toHaveBeenCalledTimes(1);
      }
      expect(await seriousViolations(alert)).toEqual([]);
    },
  );

  /** A clock the test moves by hand: the timers CopyButton is given. */
  function manualClock() {
    let now = 0;
    const pending = new Map<number, { at: number; run: () => void }>();
    let next = 0;
    return {
      timers: {
        setTimeout: (run: () => void, ms: number) => {
          next += 1;
          pending.set(next, { at: now + ms, run });
          return next;
        },
        clearTimeout: (handle: unknown) => void pending.delete(handle as number),
      },
      advance(ms: number) {
        now += ms;
        for (const [handle, timer] of [...pending])
          if (timer.at <= now) {
            pending.delete(handle);
            timer.run();
          }
      },
    };
  }

  it('should copy, say so on the button and in a live region, and reset after exactly 3 seconds', async () => {
    const clock = manualClock();
    const writeText = vi.fn().mockResolvedValue(undefined);
    render(
      <CopyButton
        text="MK-14-500001"
        accessibleLabel="Copy order number"
        clipboard={{ writeText }}
        timers={clock.timers}
      />,
    );
    const button = screen.getByRole('button', { name: 'Copy order number' });
    expect(screen.getByRole('status').textContent).toBe('');
    await act(async () => {
      fireEvent.click(button);
    });
    expect(writeText).toHaveBeenCalledWith('MK-14-500001');
    expect(button.textContent).toBe('Copied');
    expect(screen.getByRole('status').textContent).toBe('Copied');
    act(() => clock.advance(COPY_FEEDBACK_MS - 1));
    expect(button.textContent).toBe('Copied');
    act(() => clock.advance(1));
    expect(button.textContent).toBe('Copy');
    expect(screen.getByRole('status').textContent).toBe('');
    expect(await seriousViolations(document.body)).toEqual([]);
  });

  it('should restart the 3 seconds on a second copy, and read a text given as a function at the click', async () => {
    const clock = manualClock();
    const writeText = vi.fn().mockResolvedValue(undefined);
    let link = '/a';
    render(<CopyButton text={() => link} clipboard={{ writeText }} timers={clock.timers} />);
    const button = screen.getByRole('button', { name: 'Copy' });
    await act(async () => fireEvent.click(button));
    act(() => clock.advance(2000));
    link = '/b';
    await act(async () => fireEvent.click(button));
    expect(writeText.mock.calls).toEqual([['/a'], ['/b']]);
    act(() => clock.advance(2000));
    expect(button.textContent).toBe('Copied');
    act(() => clock.advance(1000));
    expect(button.textContent).toBe('Copy');
  });

  it('should announce a refused copy, and not claim it was copied', async () => {
    const clock = manualClock();
    const writeText = vi.fn().mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    render(
      <CopyButton
        text="SAVE10"
        failedLabel="Could not copy"
        clipboard={{ writeText }}
        timers={clock.timers}
      />,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy' })));
    expect(screen.getByRole('button').textContent).toBe('Copy');
    expect(screen.getByRole('status').textContent).toBe('Could not copy');
    act(() => clock.advance(COPY_FEEDBACK_MS));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it.each([
    ['ltr', 'right'],
    ['rtl', 'left'],
  ] as const)('should place %s toasts at the top %s', async (dir, side) => {
    render(<Toaster dir={dir} closeLabel={dir === 'rtl' ? 'إغلاق' : 'Close'} />);
    toast.success(`Added to cart (${dir})`);
    const message = await screen.findByText(`Added to cart (${dir})`);
    const region = message.closest('[data-x-position]') as HTMLElement;
    expect([region.dataset.yPosition, region.dataset.xPosition]).toEqual(['top', side]);
    expect(message.closest('[data-slot="toast"]')?.getAttribute('data-kind')).toBe('success');
    // The close button is named in the page's language.
    expect(screen.getAllByRole('button', { name: dir === 'rtl' ? 'إغلاق' : 'Close' }).length).toBeGreaterThan(
      0,
    );
  });

  it('given a `top`, should start the stack there on every screen width and keep the other sides', async () => {
    render(<Toaster top="calc(var(--header-height) + 1rem)" />);
    toast.info('Below the header');
    const message = await screen.findByText('Below the header');
    const region = message.closest('[data-sonner-toaster]') as HTMLElement;
    expect(region.style.getPropertyValue('--offset-top')).toBe('calc(var(--header-height) + 1rem)');
    expect(region.style.getPropertyValue('--mobile-offset-top')).toBe('calc(var(--header-height) + 1rem)');
    expect(region.style.getPropertyValue('--offset-right')).toBe('24px');
    expect(region.style.getPropertyValue('--mobile-offset-left')).toBe('16px');
  });

  it('given a toast raised before the toaster is on the page, should show it once the toaster mounts', async () => {
    toast.error('Payment failed', { id: 'early' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('Payment failed')).toBeNull();
    render(<Toaster />);
    const message = await screen.findByText('Payment failed');
    expect(message.closest('[role="alert"]')).not.toBeNull();
  });

  it.each([
    [0, 300, false],
    [239, 300, false],
    [240, 300, true],
    [-240, 300, true],
    [500, 0, false],
  ])('should dismiss a toast dragged %i px of %i px: %s', (distance, width, dismissed) => {
    expect(dragDismisses(distance, width)).toBe(dismissed);
  });
});

describe('RichText', () => {
  it.each([
    ['<p>Printed on <strong>matte</strong> paper.</p>', '<p>Printed on <strong>matte</strong> paper.</p>'],
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<img src=x onerror=alert(1)><p>ok</p>', '<p>ok</p>'],
    ['<p onclick="alert(1)" style="color:red" class="x">ok</p>', '<p>ok</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<span>x</span>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<span>x</span>'],
    ['<a href="//evil.example">x</a>', '<span>x</span>'],
    [
      '<a href="/policies/returns" onmouseover="alert(1)">returns</a>',
      '<a href="/policies/returns">returns</a>',
    ],
    [
      '<a href="https://example.com/a">web</a>',
      '<a href="https://example.com/a" rel="noopener noreferrer nofollow ugc" target="_blank">web</a>',
    ],
    ['<iframe src="https://evil.example"></iframe><style>*{}</style>text', 'text'],
    ['<svg><script>alert(1)</script></svg><math><mi>x</mi></math>', ''],
    ['<h1>Title</h1><h2>Part</h2><h4>Sub</h4>', '<h3>Title</h3><h3>Part</h3><h4>Sub</h4>'],
    ['<a href="java\tscript:alert(1)">x</a>', '<span>x</span>'],
    ['<p id="root" name="cart">ok</p>', '<p>ok</p>'],
    ['<a href="mailto:help@example.com">mail</a>', '<a href="mailto:help@example.com">mail</a>'],
    ['<custom-tag>inner <b>bold</b></custom-tag>', '<span>inner <b>bold</b></span>'],
    ['<form action="https://evil.example"><input name="card"></form>safe', 'safe'],
    ['&lt;script&gt;alert(1)&lt;/script&gt;', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['<a href=" javascript:alert(1)">x</a>', '<span>x</span>'],
    ['<a href="&#106;avascript:alert(1)">x</a>', '<span>x</span>'],
    ['<a href="vbscript:msgbox(1)">x</a>', '<span>x</span>'],
    ['<a href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;">x</a>', '<span>x</span>'],
    [
      '<div onmouseover="alert(1)"><b onfocus="alert(1)" tabindex="0">bold</b></div>',
      '<div><b>bold</b></div>',
    ],
    ['<p>a<script src="https://evil.example/x.js"></script>b</p>', '<p>ab</p>'],
    ['<object data="x.swf"></object><embed src="x"><base href="https://evil.example/">ok', 'ok'],
    [
      '<table><tr><td background="javascript:alert(1)">cell</td></tr></table>',
      '<table><tbody><tr><td>cell</td></tr></tbody></table>',
    ],
  ])('[H1] should render %s as %s', (html, expected) => {
    const { container } = render(<RichText html={html} />);
    expect((container.firstElementChild as HTMLElement).innerHTML).toBe(expected);
  });
});

describe('server text in plain props', () => {
  const HOSTILE = '<script>alert(1)</script><img src=x onerror=alert(1)>';

  it('[H1] should render markup in names, prices and messages as text, never as elements', () => {
    const { container } = render(
      <div>
        <ProductCard
          href="/ProductDetails?productId=1"
          name={HOSTILE}
          image=""
          placeholderImage="/placeholder.svg"
          price={<Price value={HOSTILE} original={HOSTILE} />}
        />
        <Price hiddenText={HOSTILE} />
        <ErrorState title={HOSTILE} description={HOSTILE} />
        <Input label={HOSTILE} error={HOSTILE} />
      </div>,
    );
    expect(container.querySelectorAll('script')).toHaveLength(0);
    // The only image is the card's own placeholder; nothing carries an event handler.
    expect([...container.querySelectorAll('img')].map((image) => image.getAttribute('src'))).toEqual([
      '/placeholder.svg',
    ]);
    const handlers = [...container.querySelectorAll('*')].flatMap((element) =>
      element.getAttributeNames().filter((name) => name.startsWith('on')),
    );
    expect(handlers).toEqual([]);
    expect(screen.getAllByRole('heading', { name: HOSTILE }).map((heading) => heading.textContent)).toEqual([
      HOSTILE,
      HOSTILE,
    ]);
    expect(screen.getAllByText(HOSTILE).length).toBeGreaterThanOrEqual(5);
  });
});

describe('safeHref', () => {
  it.each([
    ['/policies/returns', '/policies/returns'],
    ['https://example.com/a', 'https://example.com/a'],
    ['  https://example.com/a  ', 'https://example.com/a'],
    ['mailto:help@example.com', 'mailto:help@example.com'],
    ['javascript:alert(1)', null],
    ['JAVASCRIPT:alert(1)', null],
    ['  javascript:alert(1)', null],
    ['\tjavascript:alert(1)', null],
    ['\u0000javascript:alert(1)', null],
    ['java\tscript:alert(1)', null],
    ['java\nscript:alert(1)', null],
    ['vbscript:msgbox(1)', null],
    ['VbScRiPt:msgbox(1)', null],
    ['data:text/html,<script>alert(1)</script>', null],
    ['DATA:text/html;base64,PHNjcmlwdD4=', null],
    ['//evil.example', null],
    ['/\\evil.example', null],
    ['\\\\evil.example', null],
    ['file:///etc/passwd', null],
    [null, null],
  ])('[H2] should turn the link %j into %j', (href, expected) => {
    expect(safeHref(href)).toBe(expected);
  });
});
