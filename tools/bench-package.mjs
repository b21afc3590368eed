// The npm package's solve times beside the page's worker spoken to directly (SolverClient, as the
// page did before it used the package's API), on the same random-state 3x3 and 2x2 states, in
// headless Chromium (plain ES modules, the package installed from its tarball) and in Node;
// rounds alternate. Also the package's size.
// usage: node tools/bench-package.mjs [--count N] [--seed S] [--rounds R]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../tests/browser/helpers.mjs';
import { startServer } from './serve.mjs';
import { plainPage, scratchApp } from './package-scratch.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => (args.includes(name) ? args[args.indexOf(name) + 1] : dflt);
const count = opt('--count', '300');
const seed = opt('--seed', '1');
const rounds = Number(opt('--rounds', '2'));
const cli = (...a) => execFileSync('./target/release/cubehint', a, { encoding: 'utf8', maxBuffer: 1 << 26 });
const states = (size) =>
  cli('scramble', size, '--count', count, '--seed', seed, '--facelets')
    .trim()
    .split('\n')
    .map((l) => l.split('\t')[1]);
const s3 = states('3x3');
const s2 = states('2x2');

const app = mkdtempSync(join(tmpdir(), 'cubehint-bench-'));
const tgz = scratchApp(app);
const kib = (f) => statSync(join(app, f)).size / 1024;

// Both ways in one page: `pkg` through the package's solve(), `worker` through a SolverClient on
// the package's own worker file; each times every solve as its caller sees it.
const RUN = `
import { createSolver } from 'cubehint';
import { SolverClient } from './node_modules/cubehint/solver-client.js';
const summary = (ms, lengths) => {
  const s = [...ms].sort((a, b) => a - b);
  return { median: s[s.length >> 1], p95: s[Math.floor(s.length * 0.95)], max: s[s.length - 1], mean: ms.reduce((a, b) => a + b, 0) / ms.length, meanLength: lengths.reduce((a, b) => a + b, 0) / lengths.length };
};
const now = () => performance.now();
export async function run(way, s3, s2) {
  let solve3, solve2, end;
  if (way === 'pkg') {
    const solver = createSolver({ cache: false });
    await solver.prepare(3);
    await solver.prepare(2);
    solve3 = async (f) => (await solver.solve(f)).length;
    solve2 = async (f) => (await solver.solve(f)).length;
    end = () => solver.terminate();
  } else {
    const c = new SolverClient(new URL('./node_modules/cubehint/solver.worker.js', import.meta.url), () => {});
    await c.call('init', null);
    await c.call('prepare', 3);
    await c.call('prepare', 2);
    solve3 = async (f) => (await c.call('solve3', { facelets: f, maxLength: 20 })).moves.split(' ').length;
    solve2 = async (f) => (await c.call('solve2', { facelets: f, metric: 'htm' })).length;
    end = () => c.terminate();
  }
  const out = {};
  for (const [name, list, f] of [['3x3', s3, solve3], ['2x2', s2, solve2]]) {
    const ms = [];
    const lengths = [];
    for (const s of list) {
      const t = now();
      lengths.push(await f(s));
      ms.push(now() - t);
    }
    out[name] = summary(ms, lengths);
  }
  await end();
  return out;
}
`;
writeFileSync(join(app, 'run.js'), RUN);
writeFileSync(join(app, 'index.html'), plainPage('<script type="module">import { run } from "./run.js"; globalThis.run = run; document.body.dataset.ready = "yes";</script>'));

const server = await startServer({ root: app, port: 0, headers: false });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
const results = { pkg: [], worker: [] };
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await page.waitForSelector('body[data-ready="yes"]', { state: 'attached' });
  for (let r = 0; r < rounds; r++) {
    for (const way of r % 2 ? ['worker', 'pkg'] : ['pkg', 'worker']) results[way].push(await page.evaluate(([w, a, b]) => globalThis.run(w, a, b), [way, s3, s2]));
  }
} finally {
  await browser.close();
  server.close();
}

// Node: the package alone (there is no page worker in Node), its tables built fresh.
writeFileSync(join(app, 'node-run-lib.js'), RUN.replace(/^import \{ SolverClient \}.*$/m, ''));
writeFileSync(join(app, 'node-bench.mjs'), `import { run } from './node-run-lib.js';\nimport { readFileSync } from 'node:fs';\nconst { s3, s2 } = JSON.parse(readFileSync(process.argv[2], 'utf8'));\nconsole.log(JSON.stringify(await run('pkg', s3, s2)));\n`);
writeFileSync(join(app, 'states.json'), JSON.stringify({ s3, s2 }));
const nodeRuns = [];
for (let r = 0; r < rounds; r++) nodeRuns.push(JSON.parse(execFileSync('node', ['node-bench.mjs', 'states.json'], { cwd: app, encoding: 'utf8' })));

const ms = (x) => (x < 10 ? x.toFixed(2) : x.toFixed(1));
const span = (list, f) => {
  const v = list.map(f);
  const lo = Math.min(...v);
  const hi = Math.max(...v);
  return lo === hi ? ms(lo) : `${ms(lo)}–${ms(hi)}`;
};
console.log(`Chromium (headless) and Node ${process.version}, ${s3.length} 3x3 and ${s2.length} 2x2 random states (seed ${seed}), ${rounds} rounds alternating; ms a solve as the caller sees it, the worker's round trip included; tables ready before timing.\n`);
console.log('| figure | package, Chromium | page worker, Chromium | package, Node |');
console.log('| --- | ---: | ---: | ---: |');
for (const size of ['3x3', '2x2']) {
  for (const k of ['median', 'p95', 'max', 'mean']) console.log(`| ${size} solve ${k} | ${span(results.pkg, (x) => x[size][k])} | ${span(results.worker, (x) => x[size][k])} | ${span(nodeRuns, (x) => x[size][k])} |`);
  console.log(`| ${size} mean length | ${span(results.pkg, (x) => x[size].meanLength)} | ${span(results.worker, (x) => x[size].meanLength)} | ${span(nodeRuns, (x) => x[size].meanLength)} |`);
}
const unpacked = readdirSync(join(app, 'node_modules/cubehint'), { recursive: true })
  .map((f) => join('node_modules/cubehint', f))
  .filter((f) => statSync(join(app, f)).isFile());
const total = unpacked.reduce((a, f) => a + kib(f), 0);
const inline = kib('node_modules/cubehint/solver.inline.js');
console.log(`\nPackage: ${tgz} ${kib(tgz).toFixed(0)} KiB packed; ${total.toFixed(0)} KiB installed, of which the wasm ${kib('node_modules/cubehint/pkg/cubehint_bg.wasm').toFixed(0)} KiB and the inline fallback ${inline.toFixed(0)} KiB (loaded only where the worker file is not found); no tables (built on first use and kept).`);
rmSync(app, { recursive: true, force: true });
