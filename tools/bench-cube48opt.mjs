// cube48opt (the optimal solvers of github.com/cs0x7f/cubeopt-wasm, MIT; not in this tree: pass a
// checkout's folder) in headless Chromium, through that project's own worker: its table built,
// then each scramble solved on one thread, timed from the page as our bench-optimal-browser.mjs
// times ours. Run both one after the other on the same machine to compare.
// Each state's nodes by depth as its log gives them, to set beside `cubehint bench optimal`'s.
// usage: node tools/bench-cube48opt.mjs --dir CHECKOUT --states FILE [--solver cube48opt3] [--threads 1]
//   FILE: one state a line, "scramble<TAB>facelets" as `cubehint scramble 3x3 --facelets` prints
//   (cube48opt reads the scramble; our bench reads the facelets).
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { startServer } from './serve.mjs';
import { CHROMIUM_ARGS } from '../tests/browser/helpers.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => (args.includes(name) ? args[args.indexOf(name) + 1] : dflt);
const dir = opt('--dir', null);
const file = opt('--states', null);
if (!dir || !file) {
  console.error('usage: node tools/bench-cube48opt.mjs --dir CHECKOUT --states FILE [--solver cube48opt3] [--threads 1]');
  process.exit(2);
}
const solver = opt('--solver', 'cube48opt3');
const threads = Number(opt('--threads', '1'));
const scrambles = readFileSync(file, 'utf8').split('\n').map((l) => l.split('\t')[0].trim()).filter(Boolean);
// cube48opt takes scrambles: a sticker string would be read as something else, silently.
const notMoves = scrambles.find((s) => !/^([URFDLB]['2]?)(\s+[URFDLB]['2]?)*$/.test(s));
if (notMoves !== undefined) {
  console.error(`not a scramble (moves such as R U' F2, then optionally a tab and anything): ${notMoves}`);
  process.exit(2);
}

// Its worker needs shared memory (threads): the page is served cross-origin isolated.
const server = await startServer({ root: dir, port: 0, headers: 'isolation' });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(`http://127.0.0.1:${server.address().port}/index.html`);
  const r = await page.evaluate(async ({ solver, scrambles, threads }) => {
    const worker = new Worker('wasm-worker.js');
    const log = [];
    let waiting = null;
    worker.onmessage = (e) => {
      if (e.data.code === -1) log.push(e.data.data);
      else if (e.data.code >= 0 && waiting) waiting(e.data);
    };
    const ask = (msg) => new Promise((ok) => {
      waiting = ok;
      worker.postMessage(msg);
    });
    const chosen = await ask({ cmd: 'select solver', data: solver });
    const t0 = performance.now();
    if (chosen.code !== 0) await ask({ cmd: 'generate table' });
    const tableMs = performance.now() - t0;
    const states = [];
    for (const scramble of scrambles) {
      log.length = 0;
      const t = performance.now();
      const done = await ask({ cmd: 'start solve', scramble, n_threads: threads, n_group: 1, debug: 3 });
      states.push({ ms: performance.now() - t, code: done.code, log: log.slice() });
    }
    return { tableMs, tableSize: chosen.table_size, isolated: crossOriginIsolated, states };
  }, { solver, scrambles, threads });
  console.log(`Chromium (headless), ${solver} (table ${(Number(r.tableSize) / 1e6).toFixed(1)} MB), ${threads} thread${threads > 1 ? 's' : ''}: table built in ${(r.tableMs / 1000).toFixed(1)} s`);
  r.states.forEach((s, i) => {
    // Its summary line: "Cube1 finished in 17, 123/456 node(s), tt=... ms, ...".
    const end = s.log.map((l) => l.match(/finished in (\d+), (\d+)\/(\d+) node/)).find(Boolean);
    const what = end ? `${end[1]} moves, ${(Number(end[2]) / 1e6).toFixed(1)}M nodes` : 'no summary line';
    console.log(`state ${i + 1}: ${what} in ${(s.ms / 1000).toFixed(2)} s${s.code ? ` (code ${s.code})` : ''}`);
    // At debug level 3 it logs each depth's own nodes: "searching depth 16...21690415/33 node(s)"
    // (some with "heuris=.../..." between); the depths before the first it counts are left out.
    const depths = [...s.log.join('\n').matchAll(/searching depth (\d+)\.\.\.(?:heuris=[^.]*\.\.\.)?(\d+)\/\d+ node/g)];
    if (depths.length) console.log(`  nodes by depth: ${depths.map((d) => `depth ${d[1]}: ${d[2]}`).join(', ')}`);
    if (args.includes('--log')) s.log.forEach((l) => console.log(`  ${l}`));
  });
  const t = r.states.map((s) => s.ms).sort((a, b) => a - b);
  if (t.length) console.log(`median ${(t[Math.floor((t.length - 1) / 2)] / 1000).toFixed(2)} s, max ${(t[t.length - 1] / 1000).toFixed(2)} s`);
} finally {
  await browser.close();
  server.close();
}
