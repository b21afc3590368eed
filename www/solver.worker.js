// The solver worker: owns the wasm Solver and its tables. Tables come from the browser's cache
// (IndexedDB, checked by format version and checksum before use), else from a served file in
// the same format, else they are built in slices between which requests are answered.
import init, { OptimalSolver, Solver, apply_moves, validate } from './pkg/cubehint.js';
import { canonicalSize } from './table-sizes.js';
import { PIECE, dbDeleteBig, dbEachPiece, dbGetBig, dbPutBig, fileReadInto, serveTablesFrom, storeFlips } from './table-store.js';
import { provide } from './table-provision.js';

// Bytes of a table's header (`docs/tables.md`).
const HEADER_LENGTH = 168;

let solver = null;
let ready = null;

// The first request may carry the wasm bytes (the single-file page has no wasm file to fetch).
function start(wasm) {
  ready ??= init(wasm ? { module_or_path: wasm } : undefined).then(() => {
    solver = new Solver();
    const seed = new Uint32Array(2);
    crypto.getRandomValues(seed);
    solver.seed(seed[0], seed[1]);
  });
  return ready;
}

// Lets queued requests run between slices of a build. A message to ourselves, not setTimeout:
// nested timeouts are clamped to 4 ms each, which would add up over a hundred slices.
const channel = new MessageChannel();
const waiting = [];
channel.port1.onmessage = () => waiting.shift()?.();
const pause = () =>
  new Promise((r) => {
    waiting.push(r);
    channel.port2.postMessage(0);
  });

// Bytes start..end of a built flip table as kept: its header, then its entries. With `view`, a
// view of the solver's memory, no copy (to be written before the next call into the solver,
// which may move that memory); else a copy of its own (to be stored or moved).
function flipBytes(solver, header, start, end, view) {
  const h = header.length;
  if (start >= h) {
    const entries = solver.flip_entries_view(start - h, end - start);
    return view ? entries : entries.slice();
  }
  const out = new Uint8Array(end - start);
  out.set(header.subarray(start, Math.min(end, h)));
  if (end > h) out.set(solver.flip_entries_view(0, end - h), h - start);
  return out;
}


const builds = {};
// Cache writes, one after another, behind the builds; each starts after a pause, so the
// request that waited for the tables is answered before they are serialised.
let saving = Promise.resolve();

// How many cache writes are under way, told to the client ({storing}) as it changes: a Node
// program is kept running until they end, so that what was built is kept.
let storing = 0;
function stored(promise) {
  postMessage({ storing: ++storing });
  promise.finally(() => postMessage({ storing: --storing }));
  return promise;
}

// Prepares the tables of one puzzle (the 2x2 distance table, or the two-phase tables); the same
// Promise serves every caller.
function prepare(puzzle) {
  builds[puzzle] ??= (async () => {
    await start();
    const started = performance.now();
    const name = puzzle === 2 ? 'pocket-htm' : 'two-phase';
    const report = (fraction) => postMessage({ progress: { puzzle, fraction } });
    const { source, keep } = await provide(solver, name, { served: `tables/${name}.bin`, report, pause });
    // Kept for the next visit; the table serves requests while the copy is written.
    if (keep) saving = stored(saving.then(pause).then(keep).catch(() => false));
    const ms = performance.now() - started;
    postMessage({ progress: { puzzle, fraction: 1 } });
    // Where the table came from is announced once its copy is stored, so a page that reloads
    // on hearing it finds the copy.
    saving.then(() => postMessage({ progress: { puzzle, fraction: 1, source, ms } }));
    return { ms, source };
  })();
  return builds[puzzle];
}

// The exact phase-1 table (35 MB) that makes the 3x3 search several times faster: from the
// cache or a served file when one checks out, else built in slices of about 40 ms after the
// 3x3 tables are ready. Requests between slices are answered with the tables already there.
let phase1 = null;
function preparePhase1() {
  phase1 ??= (async () => {
    await prepare(3);
    const started = performance.now();
    const report = (fraction) => postMessage({ progress: { puzzle: 'phase1', fraction } });
    const { source, keep } = await provide(solver, 'phase1', { served: 'tables/phase1.bin', sliceMs: 40, report, pause });
    postMessage({ progress: { puzzle: 'phase1', fraction: 1 } });
    // Copying the table out for the cache holds the worker for a moment: done before this
    // resolves, so whoever waits for the table is not surprised by it later.
    if (keep) saving = stored(saving.then(keep).catch(() => false));
    await saving;
    const ms = performance.now() - started;
    postMessage({ progress: { puzzle: 'phase1', fraction: 1, source, ms } });
    return { source, ms };
  })();
  return phase1;
}

// Hands a stored table (kept in pieces) to `load`, which throws when it fails its check; says
// where the table comes from: 'cache', 'built' (none stored) or 'rebuilt (…)'.
async function loadStored(key, load) {
  const bytes = await dbGetBig(key).catch(() => null);
  if (!bytes) return 'built';
  try {
    load(bytes);
    return 'cache';
  } catch {
    return 'rebuilt (the cached copy failed its check)';
  }
}

// The same for a flip table (hundreds of megabytes), handed to `solver` a piece at a time as it
// is read from its file or from IndexedDB: no whole copy of it is made in this worker's memory.
async function loadStoredFlips(key, solver) {
  let refused = null; // the reason a kept copy was refused
  const rebuilt = (e) => `rebuilt (the cached copy was refused: ${e?.message ?? e})`;
  const load = (piece) => {
    try {
      solver.load_flip_piece(piece);
    } catch (e) {
      refused = e;
      return false; // no need to read the rest
    }
  };
  // A kept file is read straight into the table's memory: its header checked first, the
  // entries at the end.
  solver.load_flip_begin();
  let length = await fileReadInto(`${key}.bin`, HEADER_LENGTH, load, (at, len) => solver.load_flip_view(at, len));
  if (length !== null) {
    try {
      solver.load_flip_end_in_place(length - HEADER_LENGTH); // checks the table, or lets go of it
      return 'cache';
    } catch (e) {
      return rebuilt(refused ?? e);
    }
  }
  // Else one kept in IndexedDB (in pieces, by an earlier version or where there are no files).
  if (!refused) {
    solver.load_flip_begin(); // afresh: none of a file cut short is kept
    length = await dbEachPiece(key, load).catch(() => null);
  }
  try {
    solver.load_flip_end(); // checks the table, or lets go of the part read
    return 'cache';
  } catch (e) {
    return refused || length !== null ? rebuilt(refused ?? e) : 'built';
  }
}

// Loads a flip table handed over by the worker that built it, as a kept one is read.
function loadHandedFlips(handed, solver) {
  solver.load_flip_begin();
  for (const piece of handed.pieces) solver.load_flip_piece(piece);
  solver.load_flip_end();
  return 'handed';
}

// The optimal solver's tables: from the cache when they check out, else built in slices with
// progress and then cached (h3 is 243 MB, h4 485 MB, h5 971 MB: the browser may ask before
// keeping them). The h0 size's table is kept as 'optimal-large', h0-2bit's as 'optimal-small';
// a flip table is all its size reads (its groups hold their own fallback). Its build gives the
// h0 entries within 8 moves on its way, searched while the rest builds (quickOptimal), never
// kept. A kept flip table of an earlier layout is refused with its reason and built again; the
// near entries earlier versions kept beside it ('optimal-h3-near' and so on) are dropped. A
// helper worker (`cacheOnly`)
// takes them from the cache or not at all: building them again beside the first worker would
// only slow it down.
let optimal = null;
let optimalBuilding = null; // the solver while its tables build (for quickOptimal)
// With `shares` 2 a flip table to build is built as share 0 of 2: another worker builds the
// other (`buildOptimalShare`), the page hands its table over in pieces
// (`mergeOptimalPiece`), then says whether all came (`mergeOptimalEnd`); if not, this worker
// walks the missing share itself.
let sharesMerged = null; // {promise, resolve}: whether the other share's table is all merged
function prepareOptimal(name, cacheOnly = false, shares = 1, handed = null) {
  const size = canonicalSize(name) ?? 'h3';
  if (!optimal && shares === 2) {
    let resolve;
    sharesMerged = { promise: new Promise((r) => (resolve = r)), resolve };
  }
  optimal ??= (async () => {
    await start();
    const started = performance.now();
    const solver = new OptimalSolver(size);
    // Store keys as earlier versions named them, so that the tables they kept are still used.
    const flipKey = { h3: 'optimal-h3', h4: 'optimal-h4', h5: 'optimal-h5', h6: 'optimal-h6' }[size];
    const h0Key = size === 'h0-2bit' ? 'optimal-small' : 'optimal-large';
    let source;
    let h3Source = null;
    if (flipKey) {
      if (!cacheOnly) dbDeleteBig(`${flipKey}-near`).catch(() => false);
      h3Source = handed ? loadHandedFlips(handed, solver) : await loadStoredFlips(flipKey, solver);
      source = h3Source === 'handed' ? 'built' : h3Source;
    } else {
      source = await loadStored(h0Key, (bytes) => solver.table_offer('h0', bytes));
    }
    // The h0 sizes keep their table once built (a flip table is kept below).
    let h0Stored = flipKey || source === 'cache';
    if (cacheOnly && !solver.ready()) {
      optimal = null;
      solver.free();
      throw new Error('the optimal tables are not in the cache');
    }
    // A flip table to build (not from the cache): quickOptimal may search h0 meanwhile. (The
    // medium and small sizes are h0 alone: their own search is the quick one.)
    if (flipKey && !solver.ready()) optimalBuilding = solver;
    // The cache writes wait on the disk, not on this thread: each goes on beside the build
    // steps that follow it, and the tables are reported ready once all are written (helper
    // workers read them from the cache).
    const stores = [];
    let waiting = null;
    let helped = false; // a second worker built half of the flip table and handed it over
    if (flipKey && !solver.ready() && shares === 2) {
      solver.build_share(0, 2);
      waiting = sharesMerged.promise;
    }
    while (!solver.ready()) {
      if (waiting && solver.build_walks_done()) {
        const merged = await waiting;
        waiting = null;
        helped = merged;
        if (merged) solver.build_merged();
        else solver.build_take_over(1, 2);
        continue;
      }
      const fraction = solver.build_step();
      postMessage({ progress: { puzzle: 'optimal', fraction: 0.9 * Math.min(fraction, 0.999) } });
      if (!h0Stored && solver.ready_h0()) {
        const bytes = solver.table_bytes('h0');
        stores.push(stored(dbPutBig(h0Key, bytes.length, (start, end) => bytes.slice(start, end)).catch(() => false)));
        h0Stored = true;
      }
      await pause();
    }
    // The flip table's bytes, when built here (not loaded).
    const length = h3Source && h3Source !== 'cache' && h3Source !== 'handed' ? solver.flip_bytes_len() : 0;
    const header = length ? solver.flip_header() : null;
    if (helped) {
      // The second worker, waiting meanwhile, gets the whole flip table at once (copied out,
      // moved to the page) and searches while this one writes it.
      const pieces = [];
      for (let at = 0; at < length; at += PIECE) pieces.push(flipBytes(solver, header, at, Math.min(length, at + PIECE), false));
      postMessage({ progress: { puzzle: 'optimal', handed: { length, pieces } } }, pieces.map((p) => p.buffer));
    }
    let keepingFlips = false; // the flip table is being written
    if (length) {
      // Writing it takes seconds: its progress is the last tenth, so that the bar does not stand
      // still meanwhile. The file gets views of the solver's memory, no copies.
      const piece = (start, end, view) => {
        postMessage({ progress: { puzzle: 'optimal', fraction: 0.9 + (0.1 * start) / length, keeping: true } });
        return flipBytes(solver, header, start, end, view);
      };
      keepingFlips = true;
      stores.push(stored(storeFlips(flipKey, length, piece, pause).catch(() => false).finally(() => (keepingFlips = false))));
    }
    // The exact phase-1 table, for the two-phase search asked for a solution at each new depth
    // (and for the bounds where there is no flip table): the copy the solver worker keeps, else
    // built.
    // (Its progress, where it is built here, shares that last tenth with the flip table's write:
    // only one of them is shown.)
    const report = (fraction) => keepingFlips || postMessage({ progress: { puzzle: 'optimal', fraction: 0.9 + 0.1 * fraction } });
    const phase1 = await provide(solver, 'phase1', { sliceMs: 100, report, pause });
    if (phase1.keep) stores.push(stored(phase1.keep().catch(() => false)));
    const ms = performance.now() - started;
    optimalBuilding = null;
    // Searches start now: the writes go on between their slices (a search slice, about a second,
    // then a 32 MB piece of the flip table), and the tables are reported kept once all are
    // written.
    if (source !== 'cache') postMessage({ progress: { puzzle: 'optimal', built: true, source, ms } });
    const kept = Promise.all(stores).then(() => {
      postMessage({ progress: { puzzle: 'optimal', fraction: 1, source, ms } });
    });
    return { solver, source, ms, kept };
  })();
  return optimal;
}

// The least solution length any worker of the page's shared optimal search has found, in
// memory shared with the page (a cross-origin isolated page only): the wasm search reads it
// through this global, also inside a two-phase try, which the page's messages cannot reach.
let sharedCap = null;
globalThis.cubehintSharedCap = () => (sharedCap ? Atomics.load(sharedCap, 0) : 0xffffffff);

// A share of a flip table's walks built for another worker (the one that finishes the table),
// which gets its bytes in pieces.
let shareBuild = null;

const handlers = {
  prepareOptimal: async (arg) => {
    const { size, cacheOnly, shares, handed, keepFirst } = typeof arg === 'string' ? { size: arg, cacheOnly: false } : arg;
    const { source, ms, kept } = await prepareOptimal(size, cacheOnly, shares, handed);
    // Where more helpers wait to read the tables built here, they are written at full speed
    // first.
    if (keepFirst) await kept;
    return { source, ms };
  },
  // Once the tables built here are also kept (after `prepareOptimal`: searches go on meanwhile),
  // for workers that read them from there.
  optimalKept: async () => {
    await (await optimal)?.kept;
    return true;
  },
  buildOptimalShare: async ({ size, share: [which, of] }) => {
    shareBuild?.free();
    shareBuild = new OptimalSolver(canonicalSize(size) ?? size);
    shareBuild.build_share(which, of);
    while (!shareBuild.build_walks_done()) {
      shareBuild.build_step();
      await pause();
    }
    return { length: shareBuild.build_len() };
  },
  optimalSharePiece: ({ start, len }) => shareBuild.build_piece(start, len),
  dropOptimalShare: () => {
    shareBuild?.free();
    shareBuild = null;
    return true;
  },
  mergeOptimalPiece: ({ start, bytes }) => {
    if (!optimalBuilding) throw new Error('no table is being built here');
    optimalBuilding.merge_build_piece(start, bytes);
    return true;
  },
  // From the page once the second worker's half is all merged (ok) or cannot be (not ok); also
  // when the tables were kept already and nothing is built, where nothing waits for it.
  mergeOptimalEnd: ({ ok }) => {
    sharesMerged?.resolve(ok);
    return true;
  },
  // Streams progress (depth, proven bound, nodes) between slices of about a second; the page
  // cancels by ending this worker. `fromLength` (not 0) searches that length first and answers
  // with any solution that long (a hard cube's 20). `share` [which, of] searches one part of every depth when
  // several workers share the search (the page caps the others when one finds a solution);
  // `capBuffer`, a SharedArrayBuffer, holds the least length found by any of them.
  solveOptimal: async ({ facelets, upper = '', size = 'h3', share = [0, 1], capBuffer = null, fromLength = 0 }) => {
    const { solver } = await prepareOptimal(size);
    solver.start_share(facelets, upper, share[0], share[1], fromLength);
    sharedCap = capBuffer ? new Uint32Array(capBuffer) : null;
    if (sharedCap) solver.watch_shared_cap();
    const t0 = performance.now();
    // The first report, before any node, gives the root's bound (`start`): every share holds
    // no shorter solution, started or not.
    for (let nodes = 0; ; nodes = 4e6) {
      const r = plain(solver.search_step(nodes), SEARCH_STEP);
      postMessage({ progress: { puzzle: 'optimal-search', ...r, ms: performance.now() - t0, start: nodes === 0 } });
      if (r.done) return r;
      await pause();
    }
  },
  // While a first visit's tables build: a search of h0 alone (there after about a tenth of the
  // build), its steps taking turns with the build's, for at most `nodes` nodes. Short cubes are
  // proven optimal this way in seconds (a 14-move one, tests/browser/optimal-huge.test.mjs); null
  // when not within the budget, or when
  // the tables come from the cache or are ready first (the full search is then as quick).
  quickOptimal: async ({ facelets, upper = '', size = 'h3', nodes = 2e7 }) => {
    let settled = false;
    prepareOptimal(size).then(
      () => (settled = true),
      () => (settled = true),
    );
    while (!settled && !optimalBuilding?.ready_h0()) await new Promise((r) => setTimeout(r, 50));
    const solver = optimalBuilding;
    if (settled || !solver) return null;
    solver.start_early(facelets, upper);
    for (;;) {
      const r = plain(solver.early_step(1e6), SEARCH_STEP);
      if (r.done) return r;
      // Out of budget, or the tables are ready and the full search takes over.
      if (r.nodes >= nodes || settled) return null;
      await pause();
    }
  },
  // Another share found a solution of `len` moves: longer ones are not wanted.
  capOptimal: async (len) => {
    if (optimal) (await optimal).solver.cap(len);
    return true;
  },
  init: (wasm) => start(wasm).then(() => true),
  // The package's caller: where served table files are (a URL ending in '/'), or none (null).
  configure: ({ tables = null }) => {
    serveTablesFrom(tables);
    return true;
  },
  validate: (facelets) => {
    const v = validate(facelets);
    const problems = v.problems.map((p) => ({ code: p.code, message: p.message, stickers: [...p.stickers] }));
    const out = { ok: v.ok, size: v.size ?? null, problems };
    v.free();
    return out;
  },
  apply: ({ size, from = '', moves }) => apply_moves(size, from, moves),
  prepare: (puzzle) => prepare(puzzle),
  preparePhase1: () => preparePhase1(),
  solve2: ({ facelets, metric = 'htm' }) => plain(solver.solve_2x2(facelets, metric), ['moves', 'engine', 'length']),
  // Nearly every cube is answered within the first try (FIRST_NODES, or FIRST_NODES_EXACT with the
  // phase-1 table: well under a second). A hard one gets a longer solution at once (a 30-move cap
  // is met in milliseconds, then shortened while that stays quick), told to the page, which shows
  // it within a second; then the search for one within `maxLength` goes on, each try given more
  // nodes than the last, until one turns up or HARD_MS have gone; then `gaveUp`, and the page
  // searches every sequence of that length with the optimal solver's tables. The page's Stop ends
  // it.
  solve3: async ({ facelets, maxLength = 20 }) => {
    await prepare(3);
    const KEYS = ['moves', 'optimal'];
    // A try that ran out of nodes ('stopped') or went through every phase-1 length without one
    // short enough ('too-long': not a proof that none exists) hands over to the next step.
    const missed = (err) => /stopped|too-long/.test(String(err?.message ?? err));
    const attempt = (length, nodes, ms) => {
      try {
        return plain(solver.solve_3x3(facelets, length, nodes, Math.max(ms, 1)), KEYS);
      } catch (err) {
        if (!missed(err)) throw err;
        return { missed: String(err?.message ?? err) };
      }
    };
    const first = attempt(maxLength, solver.table_ready('phase1') ? FIRST_NODES_EXACT : FIRST_NODES, FIRST_MS);
    if (!first.missed) return first;
    const t0 = performance.now();
    const since = () => performance.now() - t0;
    let best = plain(solver.solve_3x3(facelets, 30, HARD_NODES), KEYS);
    const size = (r) => r.moves.split(' ').length;
    while (size(best) > maxLength + 1 && since() < SHORTEN_MS) {
      const shorter = attempt(size(best) - 1, SHORTEN_NODES, SHORTEN_MS - since());
      if (shorter.missed) break;
      best = shorter;
    }
    if (size(best) <= maxLength) return best;
    postMessage({ progress: { puzzle: 'solve3', best: best.moves, length: size(best), target: maxLength } });
    let budget = QUICK_NODES;
    for (;;) {
      await pause();
      const r = attempt(maxLength, budget, HARD_MS - since());
      if (!r.missed) return r;
      if (/too-long/.test(r.missed) || since() >= HARD_MS) return { ...best, gaveUp: true };
      budget *= 2;
    }
  },
  invert: (moves) => solver.invert(moves),
  // A target or a stage: the search for the fewest moves gets about TARGET_NODES nodes (a few
  // seconds), then the moves go by way of the solved cube.
  solveTo: async ({ facelets, to, metric = 'htm', maxLength = 20 }) => {
    await prepare(facelets.replace(/\s/g, '').length === 24 ? 2 : 3);
    return plain(solver.solve_to(facelets, to, metric, maxLength, TARGET_NODES), TARGET_KEYS);
  },
  solveEasy: async ({ facelets, metric = 'htm' }) => {
    await prepare(facelets.replace(/\s/g, '').length === 24 ? 2 : 3);
    return plain(solver.solve_easy(facelets, metric), ['moves', 'cost', 'shortest_length', 'shortest_cost', 'candidates', 'optimal']);
  },
  solveStage: async ({ facelets, method, fewest = false }) => {
    await prepare(3);
    const r = solver.solve_stage(method, facelets, fewest, TARGET_NODES);
    return r ? plain(r, TARGET_KEYS) : null;
  },
  scramble2: async () => {
    await prepare(2);
    return plain(solver.scramble_2x2(), ['moves', 'facelets']);
  },
  scramble3: async () => {
    await prepare(3);
    return plain(solver.scramble_3x3(), ['moves', 'facelets']);
  },
};

// A typed result from the solver (a wasm-bindgen class, whose fields are getters) as a plain
// object the page can be sent, absent values as null; the wasm side is freed at once.
function plain(result, keys) {
  const out = Object.fromEntries(keys.map((k) => [k, result[k] ?? null]));
  result.free();
  return out;
}
const SEARCH_STEP = ['done', 'moves', 'depth', 'lower', 'nodes', 'upper'];
const TARGET_KEYS = ['moves', 'optimal', 'through_solved', 'stage', 'stages', 'name', 'goal', 'stickers', 'case_name', 'case_look', 'alg', 'before', 'after', 'view', 'alg_length'];
const TARGET_NODES = 3e7;
// A 3x3 search's first try, in nodes: 1 million without the exact phase-1 table, in which 1,996 of
// 2,000 random cubes were answered within 20 moves (2 million answered all 2,000, and 2,994 of
// another 3,000; the few missed show a longer solution first, and the page offers the 20 once it
// turns up); 500,000 with it, in which all 2,000 were (the slowest in 69 ms in Node 20's V8).
// Nodes give the same answer on every machine, but a hard cube, which no first try answers, waits
// all of it before its first solution can be shown, and its nodes cost more than a random cube's:
// 1 million took it 0.48 to 0.71 s in Chromium here (the random cubes' slowest 0.41 s in Node),
// more on a slow phone. So the first try also ends after FIRST_MS, and the shortening after
// SHORTEN_MS in all: a hard cube's first solution was on screen 0.73 to 0.81 s after Solve on a
// 375 x 740 page here (0.83 to 1.21 s when only nodes ended the tries). Then the most a hard
// cube's first, longer solution may take (a 30-move cap is met in a few milliseconds), the nodes
// spent on each shortening try, and the next tries' first budget (doubled each time; the last
// ends at HARD_MS).
const FIRST_NODES = 1e6;
const FIRST_NODES_EXACT = 5e5;
const FIRST_MS = 500;
const HARD_NODES = 1.6e9;
const SHORTEN_NODES = 5e5;
const SHORTEN_MS = 250;
const QUICK_NODES = 2e7;
// How long a hard cube's two-phase search for one within the length goes on: as the CLI's 10 s.
const HARD_MS = 10000;

onmessage = async (e) => {
  const { id, cmd, arg } = e.data;
  try {
    if (cmd !== 'init') await start();
    const t0 = performance.now();
    const result = await handlers[cmd](arg);
    // Big byte arrays (table pieces) move to the page instead of being copied.
    postMessage({ id, ok: true, result, ms: performance.now() - t0 }, result instanceof Uint8Array ? [result.buffer] : []);
  } catch (err) {
    postMessage({ id, ok: false, error: String(err?.message ?? err) });
  }
};
