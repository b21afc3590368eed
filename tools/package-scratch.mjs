// A scratch project with the npm package installed from its tarball, as a stranger would have
// it: packed by tools/package.mjs into `dir`, then `npm install ./cubehint-VERSION.tgz` there.
import { execFileSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function scratchApp(dir) {
  execFileSync('node', ['tools/package.mjs', '--out', dir], { stdio: ['ignore', 'ignore', 'inherit'] });
  const tgz = readdirSync(dir).find((f) => f.endsWith('.tgz'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'scratch', private: true, type: 'module' }));
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error', `./${tgz}`], { cwd: dir, stdio: 'inherit' });
  return tgz;
}

// A page of the scratch project: `body` after an import map that finds `cubehint` in node_modules.
export const plainPage = (body) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>scratch</title><script type="importmap">{"imports":{"cubehint":"./node_modules/cubehint/index.js"}}</script></head><body>${body}</body></html>`;
