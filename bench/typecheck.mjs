#!/usr/bin/env node
// Type-check bench (issue 19, point 13): how long `tsc --noEmit` takes on examples/custom-storefront
// installed from the packed tarballs, against its twin written on TanStack Query + fetch alone
// (bench/typecheck/tanstack-only: the same screens and behaviour, no Marketkit package). Both are
// installed with npm in temp folders outside the workspace and compiled with the same settings (strict,
// moduleResolution "bundler", skipLibCheck), their `src` only (the example's tests are left out, so
// both sides are app code). Runs alternate between the two; medians of N runs.
//
//   node bench/typecheck.mjs [--runs 5] [--no-build] [--trace] [--out FILE] [--keep]
//
// --trace also runs `tsc --generateTrace` on the example and prints where the check time goes: the
// files checked longest, and the types instantiated per declaring file (which declarations cost).
// Figures go to bench/.out/typecheck.json unless --out is given; the summary is printed.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { installExample, packPackages, run } from '../scripts/packed-check.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const TWIN = join(here, 'typecheck', 'tanstack-only');

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    'no-build': { type: 'boolean', default: false },
    trace: { type: 'boolean', default: false },
    out: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);

/** The numbers `--extendedDiagnostics` prints (seconds for times, counts otherwise). */
function diagnostics(output) {
  const figures = {};
  for (const line of output.split('\n')) {
    const match = /^([A-Za-z /]+):\s+([\d.]+)(s|K)?\s*$/.exec(line.trim());
    if (match) figures[match[1].trim()] = Number(match[2]);
  }
  return figures;
}

/** `tsc --noEmit` on the app's src (tsconfig.bench.json), timed from outside too. */
function typecheck(appDir, extra = []) {
  const started = performance.now();
  const { output } = run(
    join(appDir, 'node_modules', '.bin', 'tsc'),
    ['-p', 'tsconfig.bench.json', '--noEmit', '--extendedDiagnostics', ...extra],
    { cwd: appDir, label: `tsc in ${appDir}` },
  );
  return { wall: (performance.now() - started) / 1000, ...diagnostics(output) };
}

const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** A tsconfig that compiles `src` alone with the app's own settings. */
function writeBenchConfig(appDir) {
  writeFileSync(
    join(appDir, 'tsconfig.bench.json'),
    JSON.stringify({
      extends: './tsconfig.json',
      compilerOptions: { types: ['vite/client'] },
      include: ['src'],
    }),
  );
}

/** Where the check time goes, from `tsc --generateTrace`: slowest files and types per declaring file. */
function analyseTrace(appDir, extra = []) {
  const traceDir = join(appDir, '.trace');
  rmSync(traceDir, { recursive: true, force: true });
  typecheck(appDir, ['--generateTrace', traceDir, ...extra]);
  const events = JSON.parse(readFileSync(join(traceDir, 'trace.json'), 'utf8'));
  const types = JSON.parse(readFileSync(join(traceDir, 'types.json'), 'utf8'));
  const short = (path) => (path ? relative(appDir, path).replace(/^node_modules\//, '') : '(none)');
  const byFile = new Map();
  const open = new Map();
  for (const event of events) {
    if (event.name !== 'checkSourceFile') continue;
    const file = short(event.args?.path);
    if (event.ph === 'B') open.set(file, event.ts);
    else if (event.ph === 'E') byFile.set(file, (byFile.get(file) ?? 0) + (event.ts - open.get(file)) / 1000);
    else if (event.ph === 'X') byFile.set(file, (byFile.get(file) ?? 0) + event.dur / 1000);
  }
  const byPackage = new Map();
  for (const [file, ms] of byFile) {
    const group = file.startsWith('src/')
      ? 'src (the app)'
      : (/^(@[^/]+\/[^/]+|[^/]+)/.exec(file)?.[1] ?? file);
    byPackage.set(group, (byPackage.get(group) ?? 0) + ms);
  }
  // The longest single checks (an expression, a declaration…), with where they are.
  const slowest = events
    .filter(
      (event) =>
        event.ph === 'X' && event.cat === 'check' && event.name !== 'checkSourceFile' && event.args?.path,
    )
    .sort((a, b) => b.dur - a.dur)
    .slice(0, 12)
    .map((event) => {
      const text = readFileSync(event.args.path, 'utf8');
      const line = text.slice(0, event.args.pos).split('\n').length;
      const snippet = text
        .slice(event.args.pos, Math.min(event.args.end, event.args.pos + 90))
        .trim()
        .replace(/\s+/g, ' ');
      return {
        ms: Math.round(event.dur / 100) / 10,
        what: event.name,
        where: `${short(event.args.path)}:${line}`,
        snippet,
      };
    });
  const typesByFile = new Map();
  for (const type of types) {
    const path = short(type.firstDeclaration?.path);
    const group = /^(@[^/]+\/[^/]+|[^/@][^/]*)\//.exec(path)?.[1] ?? path;
    const key = path.startsWith('@marketkit/') || path.startsWith('src/') ? path : group;
    typesByFile.set(key, (typesByFile.get(key) ?? 0) + 1);
  }
  return {
    byPackage: [...byPackage]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 14)
      .map(([name, ms]) => ({ name, ms: Math.round(ms) })),
    files: [...byFile]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([file, ms]) => ({ file, ms: Math.round(ms) })),
    slowest,
    typesByDeclaringFile: [...typesByFile]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 15)
      .map(([file, count]) => ({ file, count })),
    totalTypes: types.length,
  };
}

const work = mkdtempSync(join(tmpdir(), 'marketkit-typecheck-'));
try {
  console.log(`typecheck bench: packing and installing in ${work}`);
  const tarballs = packPackages(join(work, 'tarballs'), { build: !values['no-build'] });
  const example = join(work, 'example');
  const twin = join(work, 'tanstack-only');
  installExample(example, tarballs);
  cpSync(TWIN, twin, { recursive: true, filter: (path) => !/[\\/]node_modules$/.test(path) });
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: twin,
    label: 'npm install (twin)',
  });
  for (const dir of [example, twin]) writeBenchConfig(dir);

  // Two modes: skipLibCheck on (the app's setting, as Vite's React template has it) and off (every
  // .d.ts checked too, where the packages' own declarations and their dependencies' cost shows).
  const modes = [
    { name: 'skipLibCheck: true', args: [] },
    { name: 'skipLibCheck: false', args: ['--skipLibCheck', 'false'] },
  ];
  const keys = [
    'wall',
    'Check time',
    'Total time',
    'Instantiations',
    'Types',
    'Files',
    'Lines of TypeScript',
    'Lines of Definitions',
    'Memory used',
  ];
  const summary = (list) =>
    Object.fromEntries(keys.map((key) => [key, median(list.map((sample) => sample[key] ?? 0))]));
  const result = {
    date: new Date().toISOString(),
    runs,
    node: process.version,
    cpus: os.cpus().length,
    load: os.loadavg()[0],
    modes: {},
  };
  for (const mode of modes) {
    // One warm-up each (file cache), then alternate.
    typecheck(example, mode.args);
    typecheck(twin, mode.args);
    const samples = { example: [], twin: [] };
    for (let index = 0; index < runs; index++) {
      samples.example.push(typecheck(example, mode.args));
      samples.twin.push(typecheck(twin, mode.args));
    }
    const figures = { example: summary(samples.example), twin: summary(samples.twin) };
    figures.ratio = {
      wall: figures.example.wall / figures.twin.wall,
      totalTime: figures.example['Total time'] / figures.twin['Total time'],
      checkTime: figures.example['Check time'] / figures.twin['Check time'],
      instantiations: figures.example.Instantiations / Math.max(1, figures.twin.Instantiations),
    };
    result.modes[mode.name] = figures;
  }
  // Ten raw `unwrap(client.GET/POST/PUT(…))` calls compiled alone (bench/typecheck/raw-calls.ts), and
  // an empty file with the same settings: what the raw client costs an app that uses it.
  cpSync(join(here, 'typecheck', 'raw-calls.ts'), join(example, 'raw-calls.ts'));
  writeFileSync(join(example, 'empty.ts'), 'export {};\n');
  for (const name of ['raw-calls', 'empty'])
    writeFileSync(
      join(example, `tsconfig.${name}.json`),
      JSON.stringify({
        extends: './tsconfig.json',
        compilerOptions: { types: [] },
        files: [`${name}.ts`],
        include: [],
      }),
    );
  const probe = (name) => {
    const list = [];
    for (let index = 0; index < runs; index++) {
      const started = performance.now();
      const { output } = run(
        join(example, 'node_modules', '.bin', 'tsc'),
        ['-p', `tsconfig.${name}.json`, '--noEmit', '--extendedDiagnostics'],
        { cwd: example },
      );
      list.push({ wall: (performance.now() - started) / 1000, ...diagnostics(output) });
    }
    return summary(list);
  };
  result.rawCalls = { calls: probe('raw-calls'), empty: probe('empty') };
  if (values.trace)
    result.trace = Object.fromEntries(
      modes.flatMap((mode) => [
        [`example, ${mode.name}`, analyseTrace(example, mode.args)],
        [`twin, ${mode.name}`, analyseTrace(twin, mode.args)],
      ]),
    );

  const row = (name, figures) =>
    `| ${name} | ${figures.wall.toFixed(2)} s | ${figures['Total time'].toFixed(2)} s | ${figures['Check time'].toFixed(2)} s | ${figures.Instantiations.toLocaleString('en')} | ${figures.Types.toLocaleString('en')} | ${figures.Files} | ${figures['Lines of TypeScript'].toLocaleString('en')} | ${figures['Lines of Definitions'].toLocaleString('en')} | ${Math.round(figures['Memory used'] / 1024)} MB |`;
  console.log(
    `\nMedians of ${runs} runs (tsc --noEmit --extendedDiagnostics, src only; ${result.cpus} CPUs, load ${result.load.toFixed(1)}):\n`,
  );
  console.log(
    '| App | wall | total | check | instantiations | types | files | lines TS | lines .d.ts | memory |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const [name, figures] of Object.entries(result.modes)) {
    console.log(row(`example (tarballs), ${name}`, figures.example));
    console.log(row(`tanstack-only twin, ${name}`, figures.twin));
  }
  for (const [name, { ratio }] of Object.entries(result.modes))
    console.log(
      `Ratio example / twin, ${name}: wall ${ratio.wall.toFixed(2)}×, total ${ratio.totalTime.toFixed(2)}×, check ${ratio.checkTime.toFixed(2)}×, instantiations ${ratio.instantiations.toFixed(2)}× (target ≤ 3×)`,
    );
  const { calls, empty } = result.rawCalls;
  console.log(
    `\nTen raw SDK calls alone (bench/typecheck/raw-calls.ts): check ${calls['Check time'].toFixed(2)} s (empty file ${empty['Check time'].toFixed(2)} s), ${calls.Types.toLocaleString('en')} types, ${calls.Instantiations.toLocaleString('en')} instantiations (empty file ${empty.Instantiations})`,
  );
  for (const [name, trace] of Object.entries(result.trace ?? {})) {
    console.log(`\n${name}: check time by package (--generateTrace, checkSourceFile)`);
    for (const { name: group, ms } of trace.byPackage)
      console.log(`  ${String(ms).padStart(6)} ms  ${group}`);
    if (!name.startsWith('example')) continue;
    console.log('  slowest files:');
    for (const { file, ms } of trace.files.slice(0, 8))
      console.log(`  ${String(ms).padStart(6)} ms  ${file}`);
    console.log('  longest single checks:');
    for (const item of trace.slowest.slice(0, 8))
      console.log(`  ${String(item.ms).padStart(7)} ms  ${item.what} ${item.where}  ${item.snippet}`);
    console.log(`  types created, by declaring file (${trace.totalTypes.toLocaleString('en')} in all):`);
    for (const { file, count } of trace.typesByDeclaringFile.slice(0, 10))
      console.log(`  ${String(count).padStart(7)}  ${file}`);
  }
  const out = values.out ?? join(here, '.out', 'typecheck.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nwritten: ${relative(process.cwd(), out)}`);
} finally {
  if (values.keep) console.log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
