// The optimal solver in headless Chromium: table build time, then each state of a file solved
// optimally in the page's worker (single thread), or shared by N workers as the page shares it.
// usage: node tools/bench-optimal-browser.mjs --states FILE [--table h0-2bit|h0|h3|h4|h5|h6] [--cached]
//        [--workers N]
import { readFileSync } from 'node:fs';
import { withBenchPage } from './bench-page.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => (args.includes(name) ? args[args.indexOf(name) + 1] : dflt);
const size = opt('--table', 'h4');
const workers = Number(opt('--workers', '1'));
const file = opt('--states', null);
const states = file
  ? readFileSync(file, 'utf8').split('\n').map((l) => l.trim()).filter(Boolean).map((facelets) => ({ facelets }))
  : [];

await withBenchPage(async (page) => {
  const r = await page.evaluate((a) => window.runOptimalBench(a), { states, size, workers, fresh: !args.includes('--cached') });
  const phase1 = r.phase1Ms == null ? '' : ` (the exact phase-1 table first, as the page's solver worker makes it: ${(r.phase1Ms / 1000).toFixed(1)} s)`;
  console.log(`Chromium (headless), optimal solver, ${size} table, ${workers} worker${workers > 1 ? 's' : ''}: ${r.source} in ${(r.tableMs / 1000).toFixed(1)} s${r.keptMs && r.source !== 'cache' ? ` (kept for the next visit after ${(r.keptMs / 1000).toFixed(1)} s)` : ''}${phase1}`);
  r.states.forEach((s, i) => console.log(`state ${i + 1}: ${s.length} moves in ${(s.ms / 1000).toFixed(2)} s, ${(s.nodes / 1e6).toFixed(1)}M nodes`));
  const t = r.states.map((s) => s.ms).sort((a, b) => a - b);
  if (t.length) console.log(`median ${(t[Math.floor((t.length - 1) / 2)] / 1000).toFixed(2)} s, max ${(t[t.length - 1] / 1000).toFixed(2)} s`);
});
