// Builds the npm package into dist/package and packs it (dist/cubehint-VERSION.tgz): the API
// and worker modules from www/, the Node and browser entries and the type declarations from
// package/, the wasm from www/pkg (run after `./build.sh wasm`), and an inline copy of the
// worker for bundlers that do not copy it (solver.inline.js). Nothing is published.
// usage: node tools/package.mjs [--out dist]
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const args = process.argv.slice(2);
const out = args.includes('--out') ? args[args.indexOf('--out') + 1] : 'dist';
const dir = join(out, 'package');
const version = /^version\s*=\s*"([^"]+)"/m.exec(readFileSync('Cargo.toml', 'utf8'))[1];

rmSync(dir, { recursive: true, force: true });
mkdirSync(join(dir, 'pkg'), { recursive: true });
const FROM_WWW = ['cubehint-api.js', 'solver.worker.js', 'solver-client.js', 'table-provision.js', 'table-sizes.js', 'table-store.js'];
const FROM_PACKAGE = ['index.js', 'node.js', 'node-worker.js', 'node-store.js', 'index.d.ts', 'README.md'];
for (const f of FROM_WWW) copyFileSync(join('www', f), join(dir, f));
for (const f of FROM_PACKAGE) copyFileSync(join('package', f), join(dir, f));
for (const f of ['cubehint.js', 'cubehint_bg.wasm']) copyFileSync(join('www/pkg', f), join(dir, 'pkg', f));
copyFileSync('LICENSE', join(dir, 'LICENSE'));

// The worker as one classic script (a Blob worker needs no URL of its own), its wasm as base64.
const worker = await build({
  entryPoints: ['www/solver.worker.js'],
  bundle: true,
  format: 'iife',
  write: false,
  minify: true,
  target: 'es2022',
  logOverride: { 'empty-import-meta': 'silent' },
});
const wasm = readFileSync('www/pkg/cubehint_bg.wasm').toString('base64');
writeFileSync(
  join(dir, 'solver.inline.js'),
  `// The solver worker and its wasm inline: used only where the worker file cannot be found.\nexport const source = ${JSON.stringify(worker.outputFiles[0].text)};\nexport const wasm = ${JSON.stringify(wasm)};\n`,
);

const pkg = {
  name: 'cubehint',
  version,
  description: "Rubik's cube solver in WebAssembly: optimal 2x2, two-phase and optimal 3x3, targets and stages, off the main thread in browsers and Node",
  license: 'MIT',
  type: 'module',
  keywords: ['rubiks-cube', 'cube', 'solver', 'kociemba', 'wasm', 'webassembly', '2x2', '3x3'],
  engines: { node: '>=20' },
  sideEffects: false,
  types: './index.d.ts',
  main: './node.js',
  browser: './index.js',
  exports: {
    '.': {
      types: './index.d.ts',
      node: './node.js',
      default: './index.js',
    },
    './package.json': './package.json',
  },
  files: ['*.js', '*.d.ts', 'pkg/cubehint.js', 'pkg/cubehint_bg.wasm', 'README.md', 'LICENSE'],
};
writeFileSync(join(dir, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);

// npm pack prints the tarball's name; its size without tables is what a page downloads.
const tgz = execFileSync('npm', ['pack', resolve(dir), '--pack-destination', out, '--loglevel=error'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
  .trim()
  .split('\n')
  .pop();
const kib = (f) => (statSync(f).size / 1024).toFixed(0);
console.log(`${join(out, tgz)}: ${kib(join(out, tgz))} KiB packed; wasm ${kib(join(dir, 'pkg/cubehint_bg.wasm'))} KiB, inline fallback ${kib(join(dir, 'solver.inline.js'))} KiB`);
