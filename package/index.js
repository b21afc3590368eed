// The package's entry for browsers (and bundlers): the API of `cubehint-api.js`, its solver in
// a module worker located with `new URL(…, import.meta.url)`, which Vite and webpack 5 bundle
// as they find it. Where the worker cannot start from there (a bundler that leaves the URL
// pointing at a file it did not copy: esbuild, a dev server's pre-bundled copy), a worker
// built into the package (its code and wasm inline, `solver.inline.js`) starts from a Blob.
import { Cubehint, CubehintError, sharedCalls } from './cubehint-api.js';
import { SolverClient } from './solver-client.js';

export { Cubehint, CubehintError };

let inline = false; // the worker beside this module failed once: the inline one from then on

async function inlineClient(onProgress) {
  const { source, wasm } = await import('./solver.inline.js');
  const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  const c = new SolverClient(new Worker(url), onProgress);
  await c.call('init', Uint8Array.from(atob(wasm), (ch) => ch.charCodeAt(0)));
  return c;
}

async function spawn(onProgress, tables) {
  let c = null;
  if (!inline) {
    try {
      c = new SolverClient(new Worker(new URL('./solver.worker.js', import.meta.url), { type: 'module' }), onProgress);
      await c.call('init', null);
    } catch {
      c?.terminate();
      c = null;
      inline = true;
    }
  }
  c ??= await inlineClient(onProgress);
  await c.call('configure', { tables });
  return c;
}

// A solver of its own. `tables`: a URL where table files are served (`cubehint tables --out
// DIR`), read before building; `tableSize` and `workers`: the optimal search's (by default
// from the memory and cores the browser reports).
export function createSolver({ tables = null, tableSize = null, workers = null } = {}) {
  const base = tables ? new URL(String(tables).replace(/\/?$/, '/'), globalThis.location?.href).href : null;
  const memory = globalThis.navigator?.deviceMemory ?? 8;
  const cores = globalThis.navigator?.hardwareConcurrency ?? 1;
  return new Cubehint((onProgress) => spawn(onProgress, base), { memory, cores, tableSize, workers });
}

export const { solve, scramble, validate, applyMoves, prepare } = sharedCalls(createSolver);
