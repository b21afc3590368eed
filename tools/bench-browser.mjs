// Runs bench/ in headless Chromium and prints our figures beside cubing.js's.
// usage: node tools/bench-browser.mjs [--count N] [--seed S] [--states FILE]
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { withBenchPage } from './bench-page.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => (args.includes(name) ? args[args.indexOf(name) + 1] : dflt);
const count = opt('--count', '1000');
const seed = opt('--seed', '1');
const statesFile = opt('--states', null);

const cli = (...a) => execFileSync('./target/release/cubehint', a, { encoding: 'utf8', maxBuffer: 1 << 26 });
const parse = (text) =>
  text.trim().split('\n').filter(Boolean).map((line) => {
    const [moves, facelets] = line.includes('\t') ? line.split('\t') : ['', line.trim()];
    return { moves, facelets };
  });
const states3 = statesFile
  ? parse(readFileSync(statesFile, 'utf8'))
  : parse(cli('scramble', '3x3', '--count', count, '--seed', seed, '--facelets'));
const states2 = parse(cli('scramble', '2x2', '--count', count, '--seed', seed, '--facelets'));

await withBenchPage(async (page) => {
  const r = await page.evaluate((s) => window.runBench(s), { states3, states2 });
  const ms = (x) => (x < 10 ? x.toFixed(2) : x.toFixed(1));
  const row = (name, ours, theirs) =>
    `| ${name} | ${ours} | ${theirs} | ${(parseFloat(ours) / parseFloat(theirs)).toFixed(2)} |`;
  const lines = [
    `Chromium (headless), ${states3.length} 3x3 states and ${states2.length} 2x2 states, same states both sides; times in ms, worker round trip included.`,
    '',
    '| figure | cubehint | cubing.js | ours / theirs |',
    '| --- | ---: | ---: | ---: |',
    row('3x3 tables (first request)', ms(r.ours3TableMs), ms(r.theirs3TableMs)),
    row('3x3 solve median, small tables only', ms(r.ours3Small.median), ms(r.theirs3.median)),
    row('3x3 solve p95, small tables only', ms(r.ours3Small.p95), ms(r.theirs3.p95)),
    row('3x3 solve max, small tables only', ms(r.ours3Small.max), ms(r.theirs3.max)),
    row('3x3 solve median', ms(r.ours3.median), ms(r.theirs3.median)),
    row('3x3 solve p95', ms(r.ours3.p95), ms(r.theirs3.p95)),
    row('3x3 solve max', ms(r.ours3.max), ms(r.theirs3.max)),
    row('3x3 mean length', r.ours3.meanLength.toFixed(2), r.theirs3.meanLength.toFixed(2)),
    row('2x2 tables', ms(r.ours2TableMs), ms(r.theirs2TableMs)),
    row('2x2 solve median', ms(r.ours2.median), ms(r.theirs2.median)),
    row('2x2 solve p95', ms(r.ours2.p95), ms(r.theirs2.p95)),
    row('2x2 solve max', ms(r.ours2.max), ms(r.theirs2.max)),
    row('2x2 mean length', r.ours2.meanLength.toFixed(2), r.theirs2.meanLength.toFixed(2)),
    '',
    `3x3 within 20 moves: ${(100 * r.ours3Within20).toFixed(1)}%. First 2x2 answer before any table: ${ms(r.ours2FirstAnswerMs)} ms (${r.ours2FirstEngine}), after the worker started in ${ms(r.oursWorkerStartMs)} ms.`,
    `Table builds timed inside our worker: 2x2 ${ms(r.ours2TableWorkerMs)} ms, 3x3 ${ms(r.ours3TableWorkerMs)} ms.`,
    `Phase-1 table (35 MB, built in the background after the 3x3 tables): ${(r.oursPhase1Ms / 1000).toFixed(1)} s (${r.oursPhase1Source}); a later visit loads it in ${ms(r.oursPhase1AgainMs)} ms (${r.oursPhase1AgainSource}). The 3x3 solve rows without 'small tables only' use it.`,
    `3x3 within 20 moves with small tables only: ${(100 * r.ours3SmallWithin20).toFixed(1)}%. Our worker's round trip alone (a request that does nothing): median ${ms(r.oursRoundTrip)} ms.`,
    `3x3 solve times inside our worker (its clock, no round trip): median ${ms(r.ours3Worker.median)}, p95 ${ms(r.ours3Worker.p95)}, max ${ms(r.ours3Worker.max)} ms; small tables only: median ${ms(r.ours3SmallWorker.median)}, p95 ${ms(r.ours3SmallWorker.p95)}, max ${ms(r.ours3SmallWorker.max)} ms.`,
  ];
  console.log(lines.join('\n'));
});
