// A small static server for www/ (and dist/): correct MIME types for modules and wasm, the
// page's security headers, and nothing fetched from anywhere else.
// usage: node tools/serve.mjs [--root DIR] [--port N] [--host H]
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.bin': 'application/octet-stream',
};

// No inline script, no eval beyond compiling our own wasm, nothing from another origin.
export const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self' blob:",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

// Resolves a bare import ("cubing/alg", "comlink") to a path under /node_modules/, the way a
// bundler would, so npm packages' ES modules (and their module workers) load in the browser
// without a bundler or an import map.
async function resolveBare(nodeModules, spec) {
  const parts = spec.split('/');
  const name = spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  const sub = '.' + spec.slice(name.length);
  const pkg = JSON.parse(await readFile(join(nodeModules, name, 'package.json'), 'utf8'));
  let entry = pkg.exports;
  if (entry && typeof entry === 'object' && !Array.isArray(entry)) {
    entry = entry[sub] ?? (sub === '.' ? entry : undefined);
  }
  while (entry && typeof entry === 'object') entry = entry.browser ?? entry.import ?? entry.default;
  if (!entry) entry = sub !== '.' ? sub : pkg.module ?? pkg.main ?? 'index.js';
  return `/node_modules/${name}/${entry.replace(/^\.\//, '')}`;
}

async function rewriteBareImports(nodeModules, code) {
  const pattern = /((?:\bfrom|\bimport)\s*\(?\s*)(["'])([^"'./][^"']*)\2/g;
  const specs = new Set([...code.matchAll(pattern)].map((m) => m[3]));
  const resolved = new Map();
  for (const spec of specs) {
    resolved.set(spec, await resolveBare(nodeModules, spec).catch(() => spec));
  }
  return code.replace(pattern, (_, head, q, spec) => `${head}${q}${resolved.get(spec)}${q}`);
}

export function startServer({ root, port = 8080, host = '127.0.0.1', bareImports = false, headers = true }) {
  const base = resolve(root);
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url, 'http://x');
      let path = normalize(join(base, decodeURIComponent(url.pathname)));
      if (!path.startsWith(base)) {
        res.writeHead(403).end('forbidden');
        return;
      }
      if ((await stat(path).catch(() => null))?.isDirectory()) path = join(path, 'index.html');
      let body = await readFile(path);
      if (bareImports && path.endsWith('.js') && path.includes('/node_modules/')) {
        body = await rewriteBareImports(join(base, 'node_modules'), body.toString('utf8'));
      }
      const head = { 'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache' };
      if (headers) {
        Object.assign(head, {
          'Cross-Origin-Opener-Policy': 'same-origin',
          'Cross-Origin-Embedder-Policy': 'require-corp',
        });
      }
      // 'isolation': only what makes the page cross-origin isolated (the benchmarks).
      if (headers === true) {
        Object.assign(head, { 'Content-Security-Policy': CSP, 'X-Content-Type-Options': 'nosniff' });
      }
      res.writeHead(200, head);
      res.end(body);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    }
  });
  return new Promise((ok) => server.listen(port, host, () => ok(server)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const opt = (name, dflt) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : dflt;
  };
  const root = opt('--root', 'www');
  const port = Number(opt('--port', '8080'));
  const host = opt('--host', '127.0.0.1');
  await startServer({ root, port, host });
  console.log(`cubehint: serving ${root} on http://${host}:${port}/ (Ctrl+C stops)`);
}
