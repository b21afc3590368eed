// The package's entry for Node: the API of `cubehint-api.js`, its solver in a worker thread.
// Tables are kept in the CLI's cache folder ($CUBEHINT_CACHE, else $XDG_CACHE_HOME/cubehint,
// else ~/.cache/cubehint; CUBEHINT_CACHE=off keeps nothing), and read from a folder the caller
// names first. A worker holds the process open only while it answers or keeps a table.
import { availableParallelism, totalmem } from 'node:os';
import { Worker } from 'node:worker_threads';
import { Cubehint, CubehintError, sharedCalls } from './cubehint-api.js';
import { cacheDir } from './node-store.js';
import { SolverClient } from './solver-client.js';

export { Cubehint, CubehintError };

// A worker thread dressed as a Web Worker for SolverClient.
class ThreadWorker {
  constructor(workerData) {
    this.thread = new Worker(new URL('./node-worker.js', import.meta.url), { workerData });
    this.thread.unref();
  }
  postMessage(msg, transfer) {
    this.thread.postMessage(msg, transfer);
  }
  set onmessage(f) {
    this.thread.on('message', (data) => f({ data }));
  }
  set onerror(f) {
    this.thread.on('error', (err) => f({ message: String(err?.message ?? err) }));
    this.thread.on('exit', (code) => code && f({ message: `the solver stopped (exit ${code})` }));
  }
  hold(busy) {
    if (busy) this.thread.ref();
    else this.thread.unref();
  }
  terminate() {
    this.thread.terminate();
  }
}

// A solver of its own. `cache`: the folder tables are kept in (false: none); `tables`: a folder
// read first (`cubehint tables --out DIR`), never written; `tableSize` and `workers`: the
// optimal search's (by default from the machine's memory and cores).
export function createSolver({ cache = cacheDir(), tables = null, tableSize = null, workers = null } = {}) {
  const data = { cache: cache || null, tables: tables ? String(tables) : null };
  const spawn = async (onProgress) => {
    const c = new SolverClient(new ThreadWorker(data), onProgress);
    await c.call('configure', { tables: null });
    return c;
  };
  return new Cubehint(spawn, { memory: totalmem() / 2 ** 30, cores: availableParallelism(), tableSize, workers });
}

export const { solve, scramble, validate, applyMoves, prepare } = sharedCalls(createSolver);
