// The page's first-visit table times, each in a fresh headless Chromium (so nothing is cached
// and nothing is compiled yet): the 2x2 table, then the 3x3 tables, as the page asks for them.
// A noisy machine moves single runs by tens of milliseconds; this prints every run and the median.
// usage: node tools/bench-tables.mjs [--runs N]
import { withBenchPage } from './bench-page.mjs';

const args = process.argv.slice(2);
const runs = Number(args.includes('--runs') ? args[args.indexOf('--runs') + 1] : 8);
const rows = [];
for (let i = 0; i < runs; i++) {
  rows.push(
    await withBenchPage((page) =>
      page.evaluate(async () => {
        const { SolverClient } = await import('/www/solver-client.js');
        const client = new SolverClient(new URL('/www/solver.worker.js', location.href), () => {});
        await client.call('init');
        const two = await client.call('prepare', 2);
        const t0 = performance.now();
        const three = await client.call('prepare', 3);
        return { two: two.ms, three: three.ms, page3: performance.now() - t0 };
      }),
    ),
  );
}
const median = (key) => {
  const v = rows.map((r) => r[key]).sort((a, b) => a - b);
  return v[Math.floor((v.length - 1) / 2)];
};
const ms = (x) => x.toFixed(1);
console.log('run | 2x2 table (worker) | 3x3 tables (worker) | 3x3 tables (page, round trip)');
rows.forEach((r, i) => console.log(`${i + 1} | ${ms(r.two)} | ${ms(r.three)} | ${ms(r.page3)}`));
console.log(`median | ${ms(median('two'))} | ${ms(median('three'))} | ${ms(median('page3'))}`);
