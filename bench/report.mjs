// Turns one run's raw results into bench/RESULTS.md: the budgets first, then every figure, then the
// figures of the runs made apart (the session soak, keyed cart writes), read from their own files.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fmt, median } from './lib/stats.mjs';

/**
 * Issue 27's targets (they replace issue 18's where both set one), for the server-rendered storefront
 * and its SPA build; issue 18's stand where issue 27 sets none (CLS, server-rendered LCP, SDK).
 */
export const BUDGETS = {
  initialJsKiB: 165,
  hydrationGapMs: 1000,
  longTasksAfterInteractive: 0,
  mobileScore: 98,
  desktopScore: 100,
  lcpVsReact: 1.0,
  spaLcpVsReact: 2.0,
  tbtMs: 100,
  cls: 0.01,
  inpMs: 100,
  sdkVsFetch: 1.3,
};

const status = (ok) => (ok === null ? 'not measured' : ok ? 'met' : '**NOT met**');
const worstOf = (rows, value) => rows.reduce((a, b) => (value(b) > value(a) ? b : a));
const lowestOf = (rows, value) => rows.reduce((a, b) => (value(b) < value(a) ? b : a));

/** The Lighthouse budgets over a set of pages (`label` names the set), LCP against `lcpBudget`. */
function lighthouseRows(pages, react, label, lcpBudget) {
  const name = (budget) => `${budget}${label}`;
  if (pages.length === 0 || !react)
    return [
      'Initial JS per route',
      'Lighthouse mobile score per route',
      'Mobile LCP vs the bare React page',
      'Mobile TBT per route',
      'Mobile CLS per route',
    ].map((budget) => [name(budget), '', '', status(null)]);
  const js = worstOf(pages, (page) => page.js.kib);
  const score = lowestOf(pages, (page) => page.mobile.score);
  const ratio = (page) => page.mobile.lcp / react.mobile.lcp;
  const lcp = worstOf(pages, ratio);
  const tbt = worstOf(pages, (page) => page.mobile.tbt);
  const cls = worstOf(pages, (page) => page.mobile.cls);
  const desktopPages = pages.filter((page) => page.desktop);
  const rows = [
    [
      name('Initial JS per route'),
      `≤ ${BUDGETS.initialJsKiB} KiB gzip`,
      `largest: ${fmt(js.js.kib, 1)} KiB (${js.name})`,
      status(pages.every((page) => page.js.kib <= BUDGETS.initialJsKiB)),
    ],
    [
      name('Lighthouse mobile score per route'),
      `≥ ${BUDGETS.mobileScore}`,
      `lowest: ${score.mobile.score} (${score.name})`,
      status(pages.every((page) => page.mobile.score >= BUDGETS.mobileScore)),
    ],
  ];
  if (desktopPages.length > 0) {
    const desktop = lowestOf(desktopPages, (page) => page.desktop.score);
    rows.push([
      name('Lighthouse desktop score per route'),
      `${BUDGETS.desktopScore}`,
      `lowest: ${desktop.desktop.score} (${desktop.name})`,
      status(desktopPages.every((page) => page.desktop.score >= BUDGETS.desktopScore)),
    ]);
  }
  rows.push(
    [
      name('Mobile LCP vs the bare React page'),
      `≤ ${fmt(lcpBudget, 1)}×`,
      `largest: ${fmt(ratio(lcp), 2)}× (${lcp.name}: ${fmt(lcp.mobile.lcp)} ms vs ${fmt(react.mobile.lcp)} ms)`,
      status(pages.every((page) => ratio(page) <= lcpBudget)),
    ],
    [
      name('Mobile TBT per route'),
      `≤ ${BUDGETS.tbtMs} ms`,
      `largest: ${fmt(tbt.mobile.tbt)} ms (${tbt.name})`,
      status(pages.every((page) => page.mobile.tbt <= BUDGETS.tbtMs)),
    ],
    [
      name('Mobile CLS per route'),
      `≤ ${BUDGETS.cls}`,
      `largest: ${fmt(cls.mobile.cls, 3)} (${cls.name})`,
      status(pages.every((page) => page.mobile.cls <= BUDGETS.cls)),
    ],
  );
  return rows;
}

/** The hydration gap and the long tasks after the page is interactive, over a set of pages. */
function hydrationRows(pages, react, label) {
  const gapRow = `Hydration gap per route (FCP → interactive, 4× CPU, slow 4G)${label}`;
  const tasksRow = `Long tasks after the page is interactive (4× CPU)${label}`;
  if (pages.length === 0)
    return [
      [gapRow, `≤ ${fmt(BUDGETS.hydrationGapMs / 1000, 1)} s`, '', status(null)],
      [tasksRow, `${BUDGETS.longTasksAfterInteractive} (goal)`, '', status(null)],
    ];
  const gap = worstOf(pages, (page) => page.gap);
  const tasks = worstOf(pages, (page) => page.worstLongTasksAfterInteractive);
  return [
    [
      gapRow,
      `≤ ${fmt(BUDGETS.hydrationGapMs / 1000, 1)} s`,
      `largest: ${fmt(gap.gap)} ms (${gap.name})${react ? `; bare React page ${fmt(react.gap)} ms` : ''}`,
      status(pages.every((page) => page.gap <= BUDGETS.hydrationGapMs)),
    ],
    [
      tasksRow,
      `${BUDGETS.longTasksAfterInteractive} (goal)`,
      `most in a run: ${tasks.worstLongTasksAfterInteractive} (${tasks.name}; median ${fmt(tasks.longTasksAfterInteractive)}, ${fmt(tasks.longTaskMsAfterInteractive)} ms)`,
      status(pages.every((page) => page.worstLongTasksAfterInteractive <= BUDGETS.longTasksAfterInteractive)),
    ],
  ];
}

function budgetRows(results) {
  const pages = results.lighthouse?.pages ?? [];
  const react = pages.find((page) => page.kind === 'react');
  const hydrated = results.hydration?.pages ?? [];
  const hydratedReact = hydrated.find((page) => page.kind === 'react');
  const rows = [
    ...lighthouseRows(
      pages.filter((page) => page.kind === 'route'),
      react,
      ', server-rendered',
      BUDGETS.lcpVsReact,
    ),
    ...hydrationRows(
      hydrated.filter((page) => page.kind === 'route'),
      hydratedReact,
      ', server-rendered',
    ),
    ...lighthouseRows(
      pages.filter((page) => page.kind === 'spa'),
      react,
      ', SPA build',
      BUDGETS.spaLcpVsReact,
    ),
    ...hydrationRows(
      hydrated.filter((page) => page.kind === 'spa'),
      hydratedReact,
      ', SPA build',
    ),
  ];
  if (results.inp) {
    const shoppers = Object.entries(results.inp.shoppers);
    rows.push([
      'INP (lab), add to cart, every click',
      `≤ ${BUDGETS.inpMs} ms`,
      shoppers.map(([name, s]) => `${name}: worst ${fmt(s.worst)} ms, median ${fmt(s.median)} ms`).join('; '),
      status(shoppers.every(([, s]) => s.worst <= BUDGETS.inpMs)),
    ]);
  } else rows.push(['INP (lab), add to cart, every click', `≤ ${BUDGETS.inpMs} ms`, '', status(null)]);
  if (results.sdk) {
    rows.push([
      'SDK per call vs plain fetch',
      `≤ ${BUDGETS.sdkVsFetch}×`,
      `${fmt(results.sdk.ratio, 2)}× (${fmt(results.sdk.sdkMicros, 1)} µs vs ${fmt(results.sdk.fetchMicros, 1)} µs)`,
      status(results.sdk.ratio <= BUDGETS.sdkVsFetch),
    ]);
  } else rows.push(['SDK per call vs plain fetch', `≤ ${BUDGETS.sdkVsFetch}×`, '', status(null)]);
  return rows;
}

const table = (head, rows, align) => [
  `| ${head.join(' | ')} |`,
  `|${align.map((a) => (a === 'r' ? '---:' : '---')).join('|')}|`,
  ...rows.map((row) => `| ${row.join(' | ')} |`),
];

function lighthouseSection(lh) {
  const react = lh.pages.find((page) => page.kind === 'react');
  const routes = lh.pages.filter((page) => page.kind === 'route' || page.kind === 'spa');
  const versus = (page, formFactor) =>
    !page[formFactor] ? '—' : react ? `${fmt(page[formFactor].lcp / react[formFactor].lcp, 2)}×` : 'n/a';
  const desktop = (page, value, digits) => (page.desktop ? fmt(value(page.desktop), digits) : '—');
  const lines = [
    '## Initial JS per route',
    '',
    'Gzip -9 KiB of every script the page loaded from its own origin before it settled (the mobile runs\' network logs, sized from the built files). Idle-time JS — chunks made only of the toaster, of the product page\'s reviews, questions and description, or (server-rendered pages only: the page comes with its texts) of i18next-http-backend, and chunks only those import — is loaded after the page is interactive and counted apart. "Transferred" is what crossed the network for the initial scripts, in the encoding the server chose (brotli, quality 4), HTTP headers included. Pages are `store language path`; "SPA" is the SPA build from a static host.',
    '',
    ...table(
      [
        'Page',
        'Initial JS (KiB gzip)',
        'Transferred (KiB)',
        '+ idle-time JS',
        'Requests (Lighthouse)',
        `Budget ≤ ${BUDGETS.initialJsKiB}`,
      ],
      lh.pages.map((page) => [
        page.name,
        fmt(page.js.kib, 1),
        fmt(page.js.transferKib, 1),
        fmt(page.js.allKib - page.js.kib, 1),
        fmt(page.js.requests),
        page.kind === 'route' || page.kind === 'spa' ? status(page.js.kib <= BUDGETS.initialJsKiB) : '—',
      ]),
      ['l', 'r', 'r', 'r', 'r', 'l'],
    ),
    '',
    '## Lighthouse',
    '',
    `Lighthouse ${lh.environment.lighthouse}, performance category only, medians of ${lh.runs} run(s) per page and form factor (runs interleaved across pages). Mobile: the default config (Moto G Power screen, simulated slow 4G, 4× CPU slowdown). Desktop (the demo store's English pages and the baselines): Lighthouse's desktop config (simulated fast connection, no CPU slowdown). "vs React" is LCP divided by the bare React page's LCP in the same form factor.`,
    '',
    ...table(
      [
        'Page',
        'Mobile score',
        'LCP (ms)',
        'TBT (ms)',
        'CLS',
        'LCP vs React',
        'Desktop score',
        'LCP (ms)',
        'TBT (ms)',
        'CLS',
        'LCP vs React',
      ],
      lh.pages.map((page) => [
        page.name,
        fmt(page.mobile.score),
        fmt(page.mobile.lcp),
        fmt(page.mobile.tbt),
        fmt(page.mobile.cls, 3),
        versus(page, 'mobile'),
        desktop(page, (d) => d.score),
        desktop(page, (d) => d.lcp),
        desktop(page, (d) => d.tbt),
        desktop(page, (d) => d.cls, 3),
        versus(page, 'desktop'),
      ]),
      ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
    ),
    '',
    'LCP element (mobile, first run):',
    '',
    ...lh.pages.map((page) => `- ${page.name}: \`${(page.mobile.lcpElement ?? 'n/a').replace(/`/g, "'")}\``),
    '',
    'Scripts on the critical path of each page:',
    '',
    ...routes
      .concat(react ? [react] : [])
      .map((page) => `- ${page.name}: ${page.js.files.join(', ') || 'none'}`),
    '',
  ];
  return lines;
}

function machineSection(lh) {
  const indexes = lh.environment.benchmarkIndex ?? [];
  const top = (items, n) =>
    (items ?? [])
      .slice(0, n)
      .map(([label, ms]) => `${label.replace(/\|/g, '/')} ${fmt(ms)}`)
      .join('; ') || '—';
  return [
    '## Machine comparability',
    '',
    `Lighthouse's \`benchmarkIndex\` (how fast this machine ran its yardstick; larger is faster) over the ${indexes.length} Lighthouse run(s): median ${fmt(median(indexes))}, ${fmt(Math.min(...indexes))}–${fmt(Math.max(...indexes))}. Per page, mobile medians of the \`mainthread-work-breakdown\` and \`bootup-time\` audits (ms, scaled ×4 as Lighthouse scales its mobile runs), with their largest items: compare a page with the bare React page of the same run, and a run with another machine's through the index.`,
    '',
    ...table(
      [
        'Page',
        'benchmarkIndex',
        'Main thread (ms)',
        'Largest parts (ms)',
        'Script boot-up (ms)',
        'Largest scripts (ms)',
      ],
      lh.pages.map((page) => [
        page.name,
        fmt(page.mobile.benchmarkIndex),
        fmt(page.mobile.mainThreadMs),
        top(page.mobile.mainThreadTop, 3),
        fmt(page.mobile.bootupMs),
        top(page.mobile.bootupTop, 3),
      ]),
      ['l', 'r', 'r', 'l', 'r', 'l'],
    ),
    '',
  ];
}

function hydrationSection(h) {
  return [
    '## Hydration gap and long tasks',
    '',
    `Chromium via Puppeteer with Lighthouse's mobile conditions applied for real through the DevTools protocol: CPU slowed ${h.cpuSlowdown}× (\`Emulation.setCPUThrottlingRate\`), slow 4G (\`Network.emulateNetworkConditions\`: ${h.network.rttMs} ms latency, ${fmt(h.network.downKbps / 1024, 1)} Mbps down, ${h.network.upKbps} kbps up), Lighthouse's mobile screen, a fresh context per visit. "Interactive" is the moment the page's root has committed (the storefront's and the bare React page's first effect sets \`<html data-hydrated>\`, seen by a MutationObserver installed before the page's scripts); the gap runs from first contentful paint to it (0 when the page is interactive by its first paint; the SPA build first paints its loading spinner, so its gap is how long the spinner shows). Long tasks (> 50 ms, \`PerformanceObserver\` type \`longtask\`) are counted from FCP and from the interactive moment until the network has been idle 1 s. Medians of ${h.runs} run(s) per page; "worst run" is the most long tasks after the interactive moment in one run.`,
    '',
    ...table(
      [
        'Page',
        'FCP (ms)',
        'Interactive (ms)',
        'Gap (ms)',
        'Long tasks after FCP (n / ms)',
        'After interactive (n / ms)',
        'Worst run (n)',
        'Longest task (ms)',
        `Gap ≤ ${BUDGETS.hydrationGapMs} ms`,
      ],
      h.pages.map((page) => [
        page.name,
        fmt(page.fcp),
        fmt(page.hydrated),
        fmt(page.gap),
        `${fmt(page.longTasksAfterFcp)} / ${fmt(page.longTaskMsAfterFcp)}`,
        `${fmt(page.longTasksAfterInteractive)} / ${fmt(page.longTaskMsAfterInteractive)}`,
        String(page.worstLongTasksAfterInteractive),
        fmt(page.longest),
        page.kind === 'route' || page.kind === 'spa' ? status(page.gap <= BUDGETS.hydrationGapMs) : '—',
      ]),
      ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l'],
    ),
    '',
  ];
}

function inpSection(inp) {
  return [
    '## INP (lab): add to cart',
    '',
    `Chromium with the CPU slowed ${inp.cpuSlowdown}× (CDP \`Emulation.setCPUThrottlingRate\`), mobile screen, no network throttling. Each run opens product pages ${inp.products.join(', ')} in a fresh context, waits for the network to be idle, clicks "Add to cart" and waits for "Go to cart". Latency of a click = the longest Event Timing entry of its interactionId (PerformanceObserver type \`event\`, durationThreshold 16): input delay + processing + time to the next paint. A click under 16 ms counts as 16.`,
    '',
    ...table(
      [
        'Shopper',
        'Clicks',
        'INP (lab) median (ms)',
        'Worst (ms)',
        'Worst click: input delay / processing / presentation (ms)',
        `Budget ≤ ${BUDGETS.inpMs}`,
      ],
      Object.entries(inp.shoppers).map(([name, s]) => {
        const worstClick = s.samples.reduce((a, b) => (b.duration > a.duration ? b : a));
        return [
          name === 'guest' ? 'guest (device cart)' : 'signed-in shopper (server cart)',
          String(s.clicks),
          fmt(s.median),
          fmt(s.worst),
          worstClick.belowThreshold
            ? '< 16'
            : `${fmt(worstClick.inputDelay)} / ${fmt(worstClick.processing)} / ${fmt(worstClick.presentation)} (product ${worstClick.product}, ${worstClick.events.join(', ')})`,
          status(s.worst <= BUDGETS.inpMs),
        ];
      }),
      ['l', 'r', 'r', 'r', 'l', 'l'],
    ),
    '',
  ];
}

function requestsSection(requests) {
  const listed = (calls) => (calls.length === 0 ? '—' : calls.map((call) => `\`${call}\``).join('<br>'));
  const row = (label, counts) => [
    label,
    String(counts.total),
    String(counts.api),
    String(counts.byService.pbs ?? 0),
    String(counts.assets),
    listed(counts.calls),
  ];
  return [
    '## Requests',
    '',
    "Counted in Chromium (no throttling, mobile screen) until the network has been idle 0.8 s. \"API calls\" are calls to the services host (through the storefront's same-origin proxy under `/api`); catalogue calls are the `pbs` service's; images from the services host are counted apart. A revisit follows one of the app's links to a listing and comes back with the browser's Back, seconds later: within the catalogue stale time (5 min), so the target is 0 catalogue calls.",
    '',
    ...table(
      [
        'Visit',
        'All requests',
        'API calls',
        'of which catalogue',
        'Images (services host)',
        'API calls made',
      ],
      [
        row('`/` cold (first visit)', requests.home.cold),
        row(`\`/\` → \`${requests.home.away.to}\` (app link)`, requests.home.away),
        row('`/` revisit (Back)', requests.home.revisit),
        row('`/ProductDetails?productId=1005` cold', requests.product.cold),
        row(`product → \`${requests.product.away.to}\` (breadcrumb)`, requests.product.away),
        row('`/ProductDetails?productId=1005` revisit (Back)', requests.product.revisit),
      ],
      ['l', 'r', 'r', 'r', 'r', 'l'],
    ),
    '',
  ];
}

function mergeSection(merge) {
  return [
    '## Guest-cart merge at sign-in',
    '',
    'A guest adds K products with each product page\'s "Add to cart", then the demo shopper signs in on /signin (sandbox reset before each case). Counted from the submit until the server cart shows every product with the expected quantity and the network has been idle 1 s. "Cart calls" are the calls to `/cfs/rest/v3/customer-cart…` (the merge\'s, and the cart the header shows); "all API calls" include the sign-in itself and the home page\'s calls after it. The merge itself (packages/hooks/src/react/merge-runner.ts) makes 1 GET, then 1 POST for all new lines or 1 PUT per line already on the server; the other GETs are the header\'s cart query at sign-in and its refetch after the merge.',
    '',
    ...table(
      [
        'Guest lines (K)',
        'Server cart before',
        'Cart calls',
        'By method',
        'All API calls after submit',
        'Merged',
      ],
      merge.cases.map((c) => [
        String(c.lines),
        c.serverHoldsSame ? `the same ${c.lines} products` : 'empty',
        String(c.cartCalls),
        Object.entries(c.byMethod)
          .map(([method, n]) => `${n} ${method}`)
          .join(' + '),
        String(c.apiCallsAfterSubmit),
        c.merged ? 'yes' : '**no**',
      ]),
      ['r', 'l', 'r', 'l', 'r', 'l'],
    ),
    '',
  ];
}

function sdkSection(sdk) {
  return [
    '## SDK per-call overhead (Node)',
    '',
    `${sdk.calls} sequential GETs of \`/pbs/rest/v3/products/{productId}\` per client and round after ${sdk.warmup} warm-up calls, ${sdk.rounds} rounds in rotated order, against a keep-alive \`node:http\` server on a worker thread answering a small JSON envelope. Medians over the rounds; ratios are medians of the per-round ratios.`,
    '',
    ...table(
      ['Client', 'µs per call', 'vs plain fetch'],
      [
        ['plain `fetch` + `res.json()`', fmt(sdk.fetchMicros, 1), '1.00×'],
        [
          'openapi-fetch alone (`createClient`, no middleware)',
          fmt(sdk.openapiFetchMicros, 1),
          `${fmt(sdk.openapiFetchRatio, 2)}×`,
        ],
        ['`unwrap(client.GET(…))`, @marketkit/sdk', fmt(sdk.sdkMicros, 1), `${fmt(sdk.ratio, 2)}×`],
      ],
      ['l', 'r', 'r'],
    ),
    '',
  ];
}

/** The raw figures of the runs made apart from `run.mjs`, where they have been written. */
export function readSeparateRuns(resultsDir) {
  const read = (file) =>
    existsSync(join(resultsDir, file)) ? JSON.parse(readFileSync(join(resultsDir, file), 'utf8')) : null;
  return { soak: read('session-soak.json'), keys: read('idempotency-keys.json') };
}

function separateSection({ soak, keys }) {
  if (!soak && !keys) return [];
  const lines = [
    '## Runs made apart',
    '',
    'Each has its own command and raw file in `bench/results/`; they are not part of `run.mjs` (each takes its own time and load).',
    '',
  ];
  if (soak) {
    const m = soak.machine;
    lines.push(
      '### Signed-in page loads with lapsing tokens (`node bench/session-soak.mjs`)',
      '',
      `${soak.rounds} signed-in page loads over two tabs of one shopper whose access tokens live ${soak.ttlSeconds} s; ${soak.lapsedLoads} of them started with the access token lapsed. Machine: ${m.cpu}, ${m.cores} cores, Node ${m.node}; ${fmt(soak.seconds / 60, 1)} min. Raw: \`bench/results/session-soak.json\`.`,
      '',
      ...table(
        ['Figure', 'Target', 'Measured', 'Status'],
        [
          ['Sessions ended', '0', String(soak.sessionsEnded), status(soak.sessionsEnded === 0)],
          [
            'Loads sent away from the page asked for',
            '0',
            String(soak.sentAway),
            status(soak.sentAway === 0),
          ],
          ['Loads left without the page', '0', String(soak.stuck), status(soak.stuck === 0)],
          [
            'Loads that showed the page asked for',
            String(soak.rounds),
            String(soak.shown),
            status(soak.shown === soak.rounds),
          ],
        ],
        ['l', 'r', 'r', 'l'],
      ),
      '',
    );
  }
  if (keys) {
    const row = (label, k) => [
      label,
      k.writesPerSecond.join(' / '),
      String(k.medianPerSecond),
      fmt(k.medianP50Ms, 1),
      String(k.failed),
      fmt(k.stateBytes / 1024, 0),
      `${fmt(k.journalBytes / 1024, 0)} (${k.journalLines} lines)`,
    ];
    const flat = keys.ratio >= 0.8 && keys.ratio <= 1.2;
    lines.push(
      '### Keyed cart writes with 0 and with 5,000 saved keys (`node bench/idempotency-keys.mjs`)',
      '',
      `Two sandbox servers (state on disk) measured in alternating rounds, in the same run: one with no Idempotency-Key saved, one with ${keys.savedKeys} saved by other shoppers. ${keys.date.slice(0, 16).replace('T', ' ')} UTC, load average ${keys.loadAverage.join(' ')}. Command: \`${keys.command}\`. Raw: \`bench/results/idempotency-keys.json\`.`,
      '',
      ...table(
        [
          'Saved keys',
          'Writes/s per round',
          'Median writes/s',
          'p50 (ms)',
          'Failed',
          'state.json (KiB)',
          'Journal (KiB)',
        ],
        [row('0', keys.none), row(String(keys.savedKeys), keys.full)],
        ['l', 'l', 'r', 'r', 'r', 'r', 'r'],
      ),
      '',
      `With ${keys.savedKeys} saved keys: ${fmt(keys.ratio * 100, 0)} % of the rate with none (target: flat within 20 %, 80–120 %): ${status(flat)}.`,
      '',
    );
  }
  return lines;
}

export function renderResults(results, separate = { soak: null, keys: null }) {
  const m = results.machine;
  const parts = ['lighthouse', 'hydration', 'inp', 'requests', 'merge', 'sdk'];
  const missing = parts.filter((part) => !results[part]);
  const lines = [
    `# Marketkit bench — ${results.date.slice(0, 10)}`,
    '',
    `Machine: ${m.cpu}, ${m.cores} cores, ${m.ramGiB} GiB RAM, ${m.os}; Node ${m.node}; Chromium ${results.chromium}; Lighthouse ${results.lighthouse?.environment.lighthouse ?? 'not run'}. Runs: ${results.runs} (Lighthouse: per page and form factor${results.inp ? `; INP: ${results.runs} × ${results.inp.products.length} clicks per shopper` : ''}). Command: \`${results.command}\`, ${fmt(results.durationSeconds / 60, 1)} min.`,
    '',
    'Lab figures from one machine. Timings swing on a shared machine: compare ratios to the baselines measured in the same run more than absolute milliseconds. Raw figures: `bench/results/results.json`.',
    ...(missing.length > 0 ? ['', `**Partial run**: not measured this time: ${missing.join(', ')}.`] : []),
    '',
    '## Budgets',
    '',
    ...table(['Budget', 'Target', 'Measured', 'Status'], budgetRows(results), ['l', 'l', 'l', 'l']),
    '',
  ];
  if (results.lighthouse) lines.push(...lighthouseSection(results.lighthouse));
  if (results.hydration) lines.push(...hydrationSection(results.hydration));
  if (results.lighthouse) lines.push(...machineSection(results.lighthouse));
  if (results.inp) lines.push(...inpSection(results.inp));
  if (results.requests) lines.push(...requestsSection(results.requests));
  if (results.merge) lines.push(...mergeSection(results.merge));
  if (results.sdk) lines.push(...sdkSection(results.sdk));
  lines.push(...separateSection(separate));
  return `${lines.join('\n')}`;
}
