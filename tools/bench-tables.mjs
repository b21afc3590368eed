// The page's first-visit table times, each in a fresh headless Chromium (so nothing is cached
// and nothing is compiled yet), in the order the page asks for them with the 3x3 on screen (its
// default): the 3x3 tables, then the 2x2 table. `--order 23` asks for the 2x2 table first.
// A noisy machine moves single runs by tens of milliseconds; this prints every run and the median.
// usage: node tools/bench-tables.mjs [--runs N]
import { withBenchPage } from './bench-page.mjs';

const args = process.argv.slice(2);
const runs = Number(args.includes('--runs') ? args[args.indexOf('--runs') + 1] : 8);
const order = (args.includes('--order') ? args[args.indexOf('--order') + 1] : '32').split('').map(Number);
const rows = [];
for (let i = 0; i < runs; i++) {
  rows.push(
    await withBenchPage((page) =>
      page.evaluate(async (order) => {
        const { SolverClient } = await import('/www/solver-client.js');
        const client = new SolverClient(new URL('/www/solver.worker.js', location.href), () => {});
        await client.call('init');
        const out = {};
        for (const puzzle of order) {
          const t0 = performance.now();
          const r = await client.call('prepare', puzzle);
          out[puzzle === 2 ? 'two' : 'three'] = r.ms;
          if (puzzle === 3) out.page3 = performance.now() - t0;
        }
        return out;
      }, order),
    ),
  );
}
const median = (key) => {
  const v = rows.map((r) => r[key]).sort((a, b) => a - b);
  return v[Math.floor((v.length - 1) / 2)];
};
const ms = (x) => x.toFixed(1);
console.log(`order ${order.join(' then ')}\nrun | 2x2 table (worker) | 3x3 tables (worker) | 3x3 tables (page, round trip)`);
rows.forEach((r, i) => console.log(`${i + 1} | ${ms(r.two)} | ${ms(r.three)} | ${ms(r.page3)}`));
console.log(`median | ${ms(median('two'))} | ${ms(median('three'))} | ${ms(median('page3'))}`);
