// Writes dist/cubehint.html: the whole page in one file that works opened straight from disk.
// The page's modules and the worker's are bundled (esbuild), the wasm is inlined as base64 and
// the worker starts from a Blob. A Content-Security-Policy allows the inline code by hash only.
// usage: node tools/single-file.mjs [--out dist/cubehint.html]
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

const args = process.argv.slice(2);
const out = args.includes('--out') ? args[args.indexOf('--out') + 1] : 'dist/cubehint.html';

async function bundle(entry, format) {
  const r = await build({
    entryPoints: [entry],
    bundle: true,
    format,
    write: false,
    minify: true,
    target: 'es2022',
    // wasm-bindgen's loader looks for the .wasm beside itself only when given no bytes; we give bytes.
    logOverride: { 'empty-import-meta': 'silent' },
  });
  return r.outputFiles[0].text;
}

// A classic worker: a page opened from disk has an opaque origin, and module workers from Blob
// URLs need one they can share.
const worker = await bundle('www/solver.worker.js', 'iife');
const main = await bundle('www/main.js', 'esm');
const wasm = readFileSync('www/pkg/cubehint_bg.wasm').toString('base64');
const css = readFileSync('www/style.css', 'utf8');
const icon = `data:image/svg+xml;base64,${readFileSync('www/icon.svg').toString('base64')}`;

// The boot code: decode the wasm, start the worker from a Blob, then run the page.
const script = `const wasm = Uint8Array.from(atob(${JSON.stringify(wasm)}), (c) => c.charCodeAt(0));
const workerUrl = URL.createObjectURL(new Blob([${JSON.stringify(worker)}], { type: 'text/javascript' }));
globalThis.CUBEHINT_SINGLE = { wasm, workerUrl, workerType: 'classic' };
${main}`;

const sha = (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const csp = [
  "default-src 'none'",
  `script-src ${sha(script)} 'wasm-unsafe-eval'`,
  "worker-src blob:",
  `style-src ${sha(css)}`,
  'img-src data:',
  "connect-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

let html = readFileSync('www/index.html', 'utf8');
html = html
  .replace(/\s*<meta http-equiv="Content-Security-Policy"[^>]*>/, '')
  .replace(/\s*<link rel="manifest"[^>]*>/, '')
  .replace(/<link rel="icon"[^>]*>/, `<link rel="icon" href="${icon}">`)
  .replace(/<link rel="stylesheet"[^>]*>/, () => `<style>${css}</style>`)
  .replace(/<script type="module" src="main.js"><\/script>/, () => `<script type="module">${script}</script>`)
  .replace('<meta charset="utf-8">', `<meta charset="utf-8">\n  <meta http-equiv="Content-Security-Policy" content="${csp}">`);
if (!html.includes(script)) throw new Error('index.html no longer has the script tag this tool replaces');
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, html);
console.log(`${out}: ${(html.length / 1024).toFixed(0)} KiB`);
