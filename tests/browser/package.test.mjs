// The npm package as a stranger uses it: packed (tools/package.mjs), installed from its tarball
// into a scratch project, and solving states it has never seen (scrambled by the CLI with a
// seed chosen at run time) in Node, in a page served as plain ES modules, and in pages bundled by
// esbuild, Vite and webpack 5, in headless Chromium; every solution judged by cubing.js. A
// TypeScript example is checked by tsc, and a wrong one must fail.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build as esbuild } from 'esbuild';
import { launch } from './helpers.mjs';
import { count, scrambles, solves } from './cli.mjs';
import { plainPage, scratchApp } from '../../tools/package-scratch.mjs';

const seed = Date.now() % 1e9;
const root = resolve('.');
let app; // the scratch project

// What every page and the Node script run: solve the states given, try a bad one, and cancel an
// optimal search; the answers as plain data.
const MAIN = `import { solve, scramble, validate, createSolver, CubehintError } from 'cubehint';

export async function tryAll(states) {
  const solutions = [];
  for (const s of states) {
    const r = await solve(s);
    solutions.push({ text: r.text, length: r.length, optimal: r.optimal, puzzle: r.puzzle });
  }
  let bad = null;
  try {
    await solve('UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBUB');
  } catch (e) {
    bad = { instance: e instanceof CubehintError, code: e.code, stickers: e.problems?.[0]?.stickers ?? [] };
  }
  const check = await validate(states[0]);
  const own = await scramble({ puzzle: 2 });
  const ownSolved = await solve(own.state);
  // An optimal search cancelled while its tables build: rejected at once with the reason.
  const solver = createSolver({ cache: false });
  const ac = new AbortController();
  const started = performance.now();
  const pending = solver.solve(states.find((s) => s.length === 54), { optimal: 'h0', signal: ac.signal });
  setTimeout(() => ac.abort(), 300);
  let cancelled = null;
  try {
    await pending;
  } catch (e) {
    cancelled = { name: e.name, ms: performance.now() - started };
  }
  // The solver goes on after a cancel.
  const again = await solver.solve(states[0]);
  await solver.terminate();
  return { solutions, bad, valid: check.ok, own: { scramble: own.text, solution: ownSolved.text }, cancelled, again: again.text };
}
`;

before(async () => {
  app = mkdtempSync(join(tmpdir(), 'cubehint-app-'));
  scratchApp(app);
  mkdirSync(join(app, 'src'));
  writeFileSync(join(app, 'src/try.js'), MAIN);
  writeFileSync(join(app, 'src/main.js'), `import { tryAll } from './try.js';\nglobalThis.tryAll = tryAll;\ndocument.body.dataset.ready = 'yes';\n`);
  const page = (script) => `<!doctype html><html><head><meta charset="utf-8"><title>scratch</title></head><body>${script}</body></html>`;
  writeFileSync(join(app, 'index.html'), page('<script type="module" src="/src/main.js"></script>'));
  writeFileSync(join(app, 'plain.html'), plainPage('<script type="module" src="./src/main.js"></script>'));
});

after(() => rmSync(app, { recursive: true, force: true }));

// The states of one run: random 3x3 and 2x2 states the package has never seen.
function hidden() {
  return [...scrambles('3x3', 12, seed), ...scrambles('2x2', 6, seed + 1)];
}

async function judge(states, out, where) {
  assert.equal(out.solutions.length, states.length);
  for (const [i, s] of states.entries()) {
    const size = s.facelets.length === 24 ? 2 : 3;
    const r = out.solutions[i];
    assert.equal(r.puzzle, size);
    assert.ok(await solves(size, s.moves, r.text), `${where} (seed ${seed}): ${s.moves} then ${r.text} leaves it unsolved`);
    assert.equal(count(r.text), r.length);
    assert.ok(r.length <= (size === 2 ? 11 : 20), `${where}: ${r.text}`);
    if (size === 2) assert.equal(r.optimal, true);
  }
  assert.deepEqual(out.bad, { instance: true, code: 'count', stickers: ['U1', 'U2', 'U3', 'U4', 'U5', 'U6', 'U7', 'U8', 'U9', 'B8'] });
  assert.equal(out.valid, true);
  assert.ok(await solves(2, out.own.scramble, out.own.solution), `${where}: its own 2x2 scramble`);
  assert.equal(out.cancelled?.name, 'AbortError', `${where}: cancel`);
  assert.ok(out.cancelled.ms < 5000, `${where}: cancelled after ${out.cancelled.ms} ms`);
  assert.ok(await solves(3, states[0].moves, out.again), `${where}: a solve after the cancel`);
}

test('Node: installed from the tarball, solves hidden states off the main thread, cancels, keeps its tables in the cache folder', async () => {
  const states = hidden();
  writeFileSync(join(app, 'node-try.mjs'), `import { tryAll } from './src/try.js';\nconst states = JSON.parse(process.argv[2]);\nconsole.log(JSON.stringify(await tryAll(states)));\n`);
  const cache = join(app, 'cache');
  const env = { ...process.env, CUBEHINT_CACHE: cache };
  const t0 = performance.now();
  const out = JSON.parse(execFileSync('node', ['node-try.mjs', JSON.stringify(states.map((s) => s.facelets))], { cwd: app, env, encoding: 'utf8' }));
  const first = performance.now() - t0;
  await judge(states, out, 'Node');
  // The process ended by itself once answered, and the tables it built were kept for the next.
  const kept = readdirSync(cache).sort();
  assert.deepEqual(kept, ['pocket-htm.bin', 'two-phase.bin']);
  const t1 = performance.now();
  execFileSync('node', ['node-try.mjs', JSON.stringify(states.map((s) => s.facelets))], { cwd: app, env, encoding: 'utf8' });
  console.log(`Node: first run ${first.toFixed(0)} ms, with the tables kept ${(performance.now() - t1).toFixed(0)} ms`);
});

// Serves `dir` of the scratch project, runs tryAll there and judges it; says how the worker
// started (from a file of the build, or the package's inline copy from a Blob).
async function inBrowser(dir, path, where) {
  const env = await launch(join(app, dir), { headers: false });
  try {
    const page = await env.browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(env.base + path);
    await page.waitForSelector('body[data-ready="yes"]', { state: 'attached', timeout: 10000 }).catch((e) => assert.fail(`${where}: not ready (${errors.join('; ')}): ${e.message}`));
    const states = hidden();
    const out = await page.evaluate((s) => globalThis.tryAll(s), states.map((s) => s.facelets));
    await judge(states, out, where);
    assert.deepEqual(errors, []);
    return page.workers().map((w) => (w.url().startsWith('blob:') ? 'inline' : 'file'));
  } finally {
    await env.close();
  }
}

test('a page served as plain ES modules (an import map): the worker and wasm from the package', async () => {
  const workers = await inBrowser('.', 'plain.html', 'plain modules');
  assert.ok(workers.includes('file') && !workers.includes('inline'), `workers: ${workers}`);
});

test('a page bundled by esbuild (no configuration): the inline worker starts', async () => {
  await esbuild({ absWorkingDir: app, entryPoints: ['src/main.js'], bundle: true, format: 'esm', outdir: 'dist-esbuild', logLevel: 'error' });
  writeFileSync(join(app, 'dist-esbuild/index.html'), '<!doctype html><html><head><meta charset="utf-8"><title>esbuild</title></head><body><script type="module" src="main.js"></script></body></html>');
  const workers = await inBrowser('dist-esbuild', '', 'esbuild');
  assert.ok(workers.includes('inline'), `workers: ${workers}`);
});

test('a page bundled by Vite (no configuration): its worker and wasm emitted by Vite', async () => {
  const { build } = await import('vite');
  await build({ root: app, logLevel: 'error', configFile: false, build: { outDir: 'dist-vite', emptyOutDir: true } });
  const workers = await inBrowser('dist-vite', '', 'Vite');
  assert.ok(workers.includes('file') && !workers.includes('inline'), `workers: ${workers}`);
});

test('a page bundled by webpack 5 (no configuration): its worker and wasm emitted by webpack', async () => {
  const { default: webpack } = await import('webpack');
  const stats = await new Promise((ok, fail) =>
    webpack({ context: app, mode: 'production', entry: './src/main.js', output: { path: join(app, 'dist-webpack') } }, (err, s) => (err ? fail(err) : ok(s))),
  );
  assert.ok(!stats.hasErrors(), stats.toString('errors-only'));
  writeFileSync(join(app, 'dist-webpack/index.html'), '<!doctype html><html><head><meta charset="utf-8"><title>webpack</title></head><body><script src="main.js"></script></body></html>');
  const workers = await inBrowser('dist-webpack', '', 'webpack');
  assert.ok(workers.includes('file') && !workers.includes('inline'), `workers: ${workers}`);
});

test('TypeScript: an example using the API type-checks with tsc --noEmit, and a wrong one does not', () => {
  const tsc = join(root, 'node_modules/.bin/tsc');
  const config = { compilerOptions: { target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', strict: true, noEmit: true, lib: ['es2022', 'dom'], types: [] } };
  writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({ ...config, files: ['example.ts'] }));
  writeFileSync(
    join(app, 'example.ts'),
    `import { solve, scramble, validate, CubehintError, type Solution } from 'cubehint';
const { state } = await scramble({ puzzle: 3 });
const ac = new AbortController();
const s: Solution = await solve(state, { maxLength: 20, signal: ac.signal, onProgress: (e) => { if (e.type === 'tables') console.log(e.table, e.fraction); } });
const first: string | undefined = s.moves[0];
const v = await validate(state);
for (const p of v.problems) console.log(p.code, p.stickers.join(' '));
try { await solve(state, { optimal: 'h3', to: 'checkerboard' }); } catch (e) { if (e instanceof CubehintError) console.log(e.code); }
console.log(first, s.optimal, s.length);
`,
  );
  execFileSync(tsc, ['-p', 'tsconfig.json'], { cwd: app, stdio: 'inherit' });
  writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({ ...config, files: ['wrong.ts'] }));
  writeFileSync(join(app, 'wrong.ts'), `import { solve } from 'cubehint';\nconst s = await solve(42, { prefer: 'longest' });\nconst n: string = s.length;\n`);
  const out = (() => {
    try {
      execFileSync(tsc, ['-p', 'tsconfig.json'], { cwd: app, encoding: 'utf8', stdio: 'pipe' });
      return '';
    } catch (e) {
      return String(e.stdout) + String(e.stderr);
    }
  })();
  assert.match(out, /wrong\.ts\(2,/);
  assert.match(out, /wrong\.ts\(3,/);
});
