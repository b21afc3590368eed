// Hard 3x3 cubes, side by side: `cubehint solve` (native, release build) and min2phase, the copy
// inside cubing.js run in Node, each asked for a solution of at most 20 moves.
//
//   node tools/bench-hard.mjs [--states bench/hard-20.txt] [--timeout 120]
//
// cubing.js caps min2phase at 21 moves and a probe budget; this run loads its module with the
// cap set to 20 and no budget (the module is patched in memory, in a temporary file, never in
// node_modules). Each solve runs in a child process of its own, ended after --timeout seconds.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const states = readFileSync(arg('--states', 'bench/hard-20.txt'), 'utf8').split('\n').map((l) => l.trim()).filter(Boolean);
const timeout = Number(arg('--timeout', '120'));

if (process.argv.includes('--min2phase-child')) {
  // In the child: solve one state with the patched module and print "moves<TAB>ms".
  const mod = await import(process.argv[process.argv.indexOf('--min2phase-child') + 1]);
  const t0 = performance.now();
  mod.initialize();
  const init = performance.now() - t0;
  const t1 = performance.now();
  const moves = mod.solvePattern(process.argv.at(-1)).trim();
  console.log(`${moves}\t${(performance.now() - t1).toFixed(0)}\t${init.toFixed(0)}`);
  process.exit(0);
}

const dir = 'node_modules/cubing/dist/lib/cubing/chunks';
const chunk = readdirSync(dir).find((f) => f.startsWith('search-dynamic-solve-3x3x3-') && f.endsWith('.js'));
let source = readFileSync(join(dir, chunk), 'utf8');
const capped = source.replace('this$static.solLen = 22;', 'this$static.solLen = 21;').replace(/this\$static\.probeMax = \{[^}]*\};/, 'this$static.probeMax = { l: 0, m: 0, h: 1 << 10 };');
if (capped === source || !capped.includes('solLen = 21;')) throw new Error('cubing.js changed: the min2phase module was not patched');
source = capped;
const patched = join(mkdtempSync(join(tmpdir(), 'min2phase-')), 'min2phase.mjs');
writeFileSync(patched, source);

const length = (moves) => (moves ? moves.split(/\s+/).filter(Boolean).length : 0);
const rows = [];
for (const s of states) {
  const t0 = performance.now();
  const ours = spawnSync('./target/release/cubehint', ['solve', '--max-time', String(timeout), s], { encoding: 'utf8', timeout: (timeout + 30) * 1000, env: { ...process.env, CUBEHINT_CACHE: process.env.CUBEHINT_CACHE ?? '' } });
  const oursMs = performance.now() - t0;
  const m = spawnSync(process.execPath, [process.argv[1], '--min2phase-child', patched, s], { encoding: 'utf8', timeout: timeout * 1000 });
  const [theirs, theirsMs] = m.status === 0 ? m.stdout.trim().split('\t') : ['', null];
  rows.push({
    state: s,
    ours: length(ours.stdout.trim()),
    oursS: (oursMs / 1000).toFixed(1),
    theirs: theirs ? length(theirs) : null,
    theirsS: theirsMs ? (Number(theirsMs) / 1000).toFixed(1) : `> ${timeout}`,
  });
  console.error(JSON.stringify(rows.at(-1)));
}
console.log('| state | cubehint moves | cubehint s | min2phase moves | min2phase s |');
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const r of rows) console.log(`| \`${r.state.slice(0, 12)}…\` | ${r.ours} | ${r.oursS} | ${r.theirs ?? '—'} | ${r.theirsS} |`);
