import { hasFlipTable } from './table-sizes.js';

// Talks to the solver worker: each request {id, cmd, arg} gets a Promise for its reply;
// progress messages go to a callback. `worker` is a started Worker (or anything with its
// postMessage, onmessage, onerror and terminate: the package's Node adapter), or the URL of one
// to start. A worker with `hold(busy)` (Node's) is told whether anything is under way: a
// request, or a table being kept.
export class SolverClient {
  constructor(worker, onProgress, type = 'module') {
    this.worker = typeof worker === 'string' || worker instanceof URL ? new Worker(worker, { type }) : worker;
    this.pending = new Map();
    this.storing = 0;
    this.nextId = 1;
    this.worker.onmessage = (e) => {
      const msg = e.data;
      if (msg.progress) {
        onProgress(msg.progress);
        return;
      }
      if (msg.storing !== undefined) {
        this.storing = msg.storing;
        this.hold();
        return;
      }
      const p = this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      this.hold();
      // How long the worker itself took (its own clock), for benchmarks.
      this.lastMs = msg.ms;
      if (msg.ok) p.resolve(msg.result);
      else p.reject(new Error(msg.error));
    };
    this.worker.onerror = (e) => {
      for (const p of this.pending.values()) p.reject(new Error(e.message || 'the solver stopped'));
      this.pending.clear();
      this.hold();
    };
  }

  hold() {
    this.worker.hold?.(this.pending.size > 0 || this.storing > 0);
  }

  // Stops the worker at once (a search cannot be interrupted otherwise); pending calls fail.
  terminate() {
    this.worker.terminate();
    for (const p of this.pending.values()) p.reject(new Error('stopped'));
    this.pending.clear();
  }

  // `transfer`: buffers in `arg` that move to the worker instead of being copied.
  call(cmd, arg, transfer = []) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.hold();
      this.worker.postMessage({ id, cmd, arg }, transfer);
    });
  }
}

// How long a new search waits for workers still searching for the one before (capped, they end
// within a slice of about a second) before it replaces them.
const STALE_WAIT_MS = 3000;

// One optimal search shared by several solver workers (one per core): each worker searches one
// share of every depth (the nodes three moves deep are dealt out in turn); a share that finds a
// solution caps the others at its length, and the shortest found is optimal once every share has
// ended. The first worker builds or loads the tables; the others take them from the cache the
// first one fills, or drop out (their shares go to the rest). `makeClient(onProgress)` gives a
// started SolverClient; workers are kept between searches, with their tables.
export class SharedOptimal {
  constructor(makeClient) {
    this.makeClient = makeClient;
    this.clients = [];
    this.generation = 0;
    // Workers with a search under way (of this run or an earlier one) → that search's reply.
    this.searching = new Map();
    // Workers still writing the flip table they built (for the next visit), while they search.
    this.writing = new Set();
    // Ends the current run with 'stopped'; and its memory shared with the workers, if any.
    this.stopRun = null;
    this.capView = null;
  }

  // Ends the current run at once ('stopped'): every worker is ended, except one still writing
  // the flip table it built, which would leave no table for the next visit (it would build it
  // again, minutes). That one is told to stop searching instead (at its next slice) and is kept,
  // with its tables.
  cancel() {
    this.generation++;
    this.stopRun?.(new Error('stopped'));
    if (this.capView) Atomics.store(this.capView, 0, 0);
    for (const c of this.clients) {
      if (c && this.writing.has(c)) c.call('capOptimal', 0).catch(() => {});
      else if (c) this.drop(c);
    }
  }

  // Resolves to the shortest solution's moves (an array). `onTables(progress)` hears the first
  // worker's table progress; `onSearch(summary)` hears {lower, depth, nodes, upper, workers, ms}
  // over all shares: `lower` is the bound proven for the whole tree, `depth` the least length
  // still being searched in some share, `workers` how many have taken part, `ms` the time since
  // the first share started.
  async run(options) {
    const generation = ++this.generation;
    await this.settleStale(generation);
    return new SearchRun(this, options, generation).answer();
  }

  // Workers still searching for an earlier run were capped and end within a slice, unless
  // inside a two-phase try, which cannot be interrupted and would keep this run's requests
  // waiting: those are replaced. One still writing its flip table is waited for: replaced, it
  // would leave none.
  async settleStale(generation) {
    const stale = this.clients.filter((c) => c && this.searching.has(c));
    if (!stale.length) return;
    const ended = Promise.allSettled(stale.map((c) => this.searching.get(c)));
    const writers = Promise.allSettled(stale.filter((c) => this.writing.has(c)).map((c) => this.searching.get(c)));
    await Promise.all([writers, Promise.race([ended, new Promise((r) => setTimeout(r, STALE_WAIT_MS))])]);
    for (const c of stale) if (this.searching.has(c) && !this.writing.has(c)) this.drop(c);
    if (generation !== this.generation) throw new Error('stopped');
  }

  // The worker for slot `i`, started if need be; `route` gets its progress.
  async client(i, generation) {
    if (!this.clients[i]) {
      const c = await this.makeClient((p) => {
        // Whether it is writing its flip table ('keeping' pieces) until it says all are kept.
        if (p.puzzle === 'optimal' && p.keeping) this.writing.add(c);
        else if (p.puzzle === 'optimal' && p.fraction >= 1) this.writing.delete(c);
        this.route(i, p);
      });
      // Cancelled meanwhile: not wanted.
      if (generation !== this.generation) {
        c.terminate();
        throw new Error('stopped');
      }
      this.clients[i] = c;
    }
    return this.clients[i];
  }

  // Has helper `c` build the second half of the flip table's walks and hands its table to
  // `first` in pieces; then tells `first` whether all of it came. `onTables` hears
  // {puzzle: 'optimal', helper: 'building' | 'merged' | 'failed'}.
  async buildShare(c, first, size, onTables) {
    let ok = false;
    let stopped = false;
    try {
      onTables({ puzzle: 'optimal', helper: 'building' });
      const { length } = await c.call('buildOptimalShare', { size, share: [1, 2] });
      const piece = 32 << 20;
      for (let start = 0; start < length; start += piece) {
        const bytes = await c.call('optimalSharePiece', { start, len: piece });
        await first.call('mergeOptimalPiece', { start, bytes }, [bytes.buffer]);
      }
      ok = true;
    } catch (err) {
      stopped = String(err.message) === 'stopped';
      if (stopped) throw err;
    } finally {
      c.call('dropOptimalShare').catch(() => {});
      if (!stopped) onTables({ puzzle: 'optimal', helper: ok ? 'merged' : 'failed' });
      await first.call('mergeOptimalEnd', { ok }).catch(() => {});
    }
  }

  drop(c) {
    this.searching.delete(c);
    this.writing.delete(c);
    c.terminate();
    const i = this.clients.indexOf(c);
    if (i >= 0) this.clients[i] = null;
  }
}

// One search of SharedOptimal.run, in named steps: its shares (the nodes three moves deep, dealt
// out in turn), the best solution so far, and what is proven of the whole tree.
class SearchRun {
  constructor(pool, { facelets, upper = '', size, workers, fromLength = 0, onTables = () => {}, onSearch = () => {} }, generation) {
    Object.assign(this, { pool, facelets, upper, size, workers, fromLength, onTables, onSearch, generation });
    // Set once this run has its answer: what its workers still send is not shown.
    this.finished = false;
    this.stopped = new Promise((_, reject) => (pool.stopRun = reject));
    this.stopped.catch(() => {});
    this.shares = Array.from({ length: workers }, () => ({ lower: 0, depth: 0, nodes: 0, upper: null, started: false, done: false }));
    this.queue = this.shares.map((_, i) => i);
    this.busy = new Map(); // client → the share it is searching
    this.best = upper ? upper.split(' ') : null;
    // Where the page is cross-origin isolated, the least length found so far is also kept in
    // memory shared with the workers: a worker inside a two-phase try reads it there (it hears
    // no message until the try ends), stops the try once it is pointless, and gets a larger
    // budget for it.
    this.capView = globalThis.crossOriginIsolated && typeof SharedArrayBuffer === 'function' ? new Uint32Array(new SharedArrayBuffer(4)) : null;
    if (this.capView) this.capView[0] = 0xffffffff;
    pool.capView = this.capView;
    this.started = null; // when the first share started
    // What the whole tree is proven to hold: a share not started yet (or not yet past its first
    // depth) holds no solution shorter than the root's bound, which each share reports as it
    // starts (`start`). The bound shown never goes down, and the depth shown is the least one
    // still to be finished over all shares, started or not.
    this.floor = 0;
    this.shown = 0;
    this.tookPart = new Set();
    // The best solution is optimal once every share has proven it holds nothing shorter: then
    // the answer need not wait for a share still inside a two-phase try.
    this.provenBest = new Promise((resolve) => (this.proven = resolve));
    // The flip table the first worker built with the second's half, handed back whole (its
    // pieces moved, not copied) for the second to load while the first writes it.
    this.handed = new Promise((resolve) => (this.handOver = resolve));
    // Workers outlive a run: their progress goes to the latest run.
    pool.route = (index, p) => this.progress(index, p);
  }

  // Resolves to the shortest solution: the first worker prepares its tables (and, where they
  // are still to be built, tries h0 alone, which proves short cubes optimal in seconds), the
  // others load them or help build them, and all take shares until none is left.
  async answer() {
    const first = await this.pool.client(0, this.generation);
    const halves = this.workers > 1 && hasFlipTable(this.size) ? 2 : 1;
    // Built (or loaded), the first worker searches at once; what it built is written between its
    // search's slices, and the helpers that read it from there wait for that (`firstKept`).
    // Where more than two workers search, the others wait for the kept copy: the first then
    // writes it at full speed before searching.
    const firstReady = first.call('prepareOptimal', { size: this.size, shares: halves, keepFirst: this.workers > 2 });
    let kept = null; // asked for only by helpers
    const firstKept = () => (kept ??= firstReady.then(() => first.call('optimalKept')));
    // (Not for a search of one length: h0 alone would take far too long at 20 moves.)
    const quick = this.fromLength
      ? Promise.resolve(null)
      : first.call('quickOptimal', { facelets: this.facelets, upper: this.upper, size: this.size }).then(
          (r) => (r?.done && typeof r.moves === 'string' ? (r.moves ? r.moves.split(' ') : []) : null),
          () => null,
        );
    const runs = [firstReady.then(() => this.work(first, false))];
    for (let i = 1; i < this.workers; i++) runs.push(this.helper(i, first, halves, firstKept));
    const all = Promise.all(runs).then(() => this.best ?? []);
    try {
      return await Promise.race([all, this.provenBest, quick.then((moves) => moves ?? all), this.stopped]);
    } finally {
      this.finished = true;
      if (this.pool.generation === this.generation) this.pool.stopRun = null;
      all.catch(() => {}); // after a quick answer the rest ends on its own, or with a cancel
    }
  }

  // Helper `i`: loads the kept tables at the same time as the first worker; where there is no
  // copy yet, the second builds half of a flip table's walks and hands its table to the first,
  // which merges it (or, when that fails, walks the missing half itself), and loads the whole
  // table handed back; the others wait for the first's kept copy. Then it takes shares.
  async helper(i, first, halves, firstKept) {
    const c = await this.pool.client(i, this.generation);
    const size = this.size;
    const load = () => c.call('prepareOptimal', { size, cacheOnly: true });
    try {
      await load().then(
        // Kept already: the first worker builds nothing (or walks the other half itself).
        () => i === 1 && halves === 2 && first.call('mergeOptimalEnd', { ok: false }).catch(() => {}),
        async (err) => {
          if (String(err.message) === 'stopped') throw err;
          if (i === 1 && halves === 2) await this.pool.buildShare(c, first, size, this.onTables);
          // The whole table from the first worker, or (none handed over) its kept copy.
          const flips = i === 1 && halves === 2 ? await Promise.race([this.handed, firstKept().then(() => null)]) : null;
          if (flips) return c.call('prepareOptimal', { size, cacheOnly: true, handed: flips }, flips.pieces.map((x) => x.buffer));
          await firstKept();
          await load();
        },
      );
    } catch (err) {
      if (String(err.message) === 'stopped') throw err;
      this.pool.drop(c);
      return;
    }
    await this.work(c, true);
  }

  // Takes shares from the queue until none is left; a helper that fails (out of memory, say)
  // hands its share back.
  async work(c, helper) {
    const { busy, shares, pool } = this;
    while (this.queue.length && !this.finished) {
      const which = this.queue.shift();
      busy.set(c, which);
      this.tookPart.add(c);
      shares[which].started = true;
      this.started ??= performance.now();
      let r;
      const call = c.call('solveOptimal', {
        facelets: this.facelets,
        upper: this.best ? this.best.join(' ') : '',
        size: this.size,
        share: [which, this.workers],
        capBuffer: this.capView?.buffer ?? null,
        fromLength: this.fromLength,
      });
      pool.searching.set(c, call);
      try {
        r = await call;
      } catch (err) {
        pool.searching.delete(c);
        busy.delete(c);
        if (!helper || String(err.message) === 'stopped') throw err;
        Object.assign(shares[which], { lower: 0, nodes: 0, started: false });
        this.queue.push(which);
        pool.drop(c);
        return;
      }
      pool.searching.delete(c);
      busy.delete(c);
      Object.assign(shares[which], { done: true, lower: r.lower, nodes: r.nodes });
      if (r.moves !== null) this.found(r.moves ? r.moves.split(' ') : []);
      this.report();
    }
  }

  // A share's solution: the best so far caps every share still searching.
  found(moves) {
    if (this.best && moves.length >= this.best.length) return;
    this.best = moves;
    if (this.capView) Atomics.store(this.capView, 0, Math.min(Atomics.load(this.capView, 0), moves.length));
    for (const other of this.busy.keys()) other.call('capOptimal', moves.length).catch(() => {});
  }

  // Progress from worker `index`: its flip table handed back, the first worker's table
  // progress, or a share's search.
  progress(index, p) {
    if (p.handed) {
      this.handOver(p.handed);
      return;
    }
    if (p.puzzle === 'optimal' && index === 0) this.onTables(p);
    const c = this.pool.clients[index];
    if (p.puzzle === 'optimal-search' && this.busy.has(c)) {
      if (p.start) this.floor = this.floor ? Math.min(this.floor, p.lower) : p.lower;
      Object.assign(this.shares[this.busy.get(c)], { lower: p.lower, depth: p.depth, nodes: p.nodes, upper: p.upper });
      this.report();
    }
  }

  // Tells `onSearch` where the whole search stands, and settles the answer once the best
  // solution is proven (every share holds nothing shorter).
  report() {
    if (this.finished) return;
    const { shares, floor } = this;
    if (this.best && shares.every((x) => Math.max(x.lower, floor) >= this.best.length)) this.proven(this.best);
    const open = shares.filter((x) => !x.done);
    this.shown = Math.max(this.shown, Math.min(...shares.map((x) => Math.max(x.lower, floor))));
    this.onSearch({
      lower: this.shown,
      depth: open.length ? Math.max(this.shown, Math.min(...open.map((x) => Math.max(x.depth, floor)))) : null,
      nodes: shares.reduce((a, x) => a + x.nodes, 0),
      upper: Math.min(this.best?.length ?? Infinity, ...shares.map((x) => x.upper ?? Infinity)),
      workers: this.tookPart.size,
      ms: performance.now() - this.started,
    });
  }
}
