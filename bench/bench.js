// The browser benchmark: our wasm solver (in its page worker) and cubing.js (min2phase in its
// own worker) on the same states in the same Chromium. Every time is measured on the page's
// main thread around one request, worker round trip included, for both sides alike.
import { SharedOptimal, SolverClient } from '/www/solver-client.js';

const now = () => performance.now();

function summary(times, lengths) {
  const t = [...times].sort((a, b) => a - b);
  const at = (p) => t[Math.min(t.length - 1, Math.round((t.length - 1) * p))];
  const mean = lengths.reduce((a, b) => a + b, 0) / Math.max(1, lengths.length);
  return { n: t.length, median: at(0.5), p95: at(0.95), max: t[t.length - 1], meanLength: mean };
}

const countMoves = (alg) => (alg.trim() === '' ? 0 : alg.trim().split(/\s+/).length);

// states: [{ moves, facelets }] (moves may be empty when only facelets were given).
window.runBench = async function runBench({ states3, states2 }) {
  const out = {};
  // --- ours ---------------------------------------------------------------------------------
  const ours = new SolverClient(new URL('/www/solver.worker.js', location.href), () => {});
  let t0 = now();
  await ours.call('init');
  out.oursWorkerStartMs = now() - t0;
  // The first 2x2 answer, asked before any table exists (the IDA* engine answers).
  t0 = now();
  const first2 = await ours.call('solve2', { facelets: states2[0].facelets });
  out.ours2FirstAnswerMs = now() - t0;
  out.ours2FirstEngine = first2.engine;
  t0 = now();
  out.ours2TableWorkerMs = (await ours.call('prepare', 2)).ms;
  out.ours2TableMs = now() - t0;
  let times = [];
  let lengths = [];
  for (const s of states2) {
    t0 = now();
    const r = await ours.call('solve2', { facelets: s.facelets });
    times.push(now() - t0);
    lengths.push(r.length);
  }
  out.ours2 = summary(times, lengths);
  t0 = now();
  out.ours3TableWorkerMs = (await ours.call('prepare', 3)).ms;
  out.ours3TableMs = now() - t0;
  // Every state twice: with the small tables alone (what a first visit has until the phase-1
  // table is built), then with the phase-1 table.
  // Also the worker's own time for each solve (without the round trip), on its clock.
  const solveAll = async () => {
    const times = [];
    const inWorker = [];
    const lengths = [];
    for (const s of states3) {
      t0 = now();
      const r = await ours.call('solve3', { facelets: s.facelets, maxLength: 20 });
      times.push(now() - t0);
      inWorker.push(ours.lastMs);
      const n = countMoves(r.moves);
      lengths.push(n);
      if (!s.moves) s.moves = await ours.call('invert', r.moves);
    }
    return [summary(times, lengths), lengths.filter((n) => n <= 20).length / lengths.length, summary(inWorker, lengths)];
  };
  [out.ours3Small, out.ours3SmallWithin20, out.ours3SmallWorker] = await solveAll();
  t0 = now();
  const p1 = await ours.call('preparePhase1');
  out.oursPhase1Ms = now() - t0;
  out.oursPhase1Source = p1.source;
  [out.ours3, out.ours3Within20, out.ours3Worker] = await solveAll();
  // The worker round trip alone: a request that does almost nothing.
  const trips = [];
  for (let i = 0; i < 200; i++) {
    t0 = now();
    await ours.call('invert', 'R');
    trips.push(now() - t0);
  }
  out.oursRoundTrip = summary(trips, [0]).median;
  // A later visit: a fresh worker takes the phase-1 table from IndexedDB.
  const again = new SolverClient(new URL('/www/solver.worker.js', location.href), () => {});
  await again.call('prepare', 3);
  t0 = now();
  const p1again = await again.call('preparePhase1');
  out.oursPhase1AgainMs = now() - t0;
  out.oursPhase1AgainSource = p1again.source;
  again.worker.terminate();

  // --- cubing.js ----------------------------------------------------------------------------
  const search = await import('/node_modules/cubing/dist/lib/cubing/search/index.js');
  const { cube3x3x3, cube2x2x2 } = await import('/node_modules/cubing/dist/lib/cubing/puzzles/index.js');
  const { Alg } = await import('/node_modules/cubing/dist/lib/cubing/alg/index.js');
  const k3 = await cube3x3x3.kpuzzle();
  const k2 = await cube2x2x2.kpuzzle();
  const pattern = (k, moves) => k.defaultPattern().applyAlg(new Alg(moves));
  // Their first call builds their tables; then each state is solved in turn.
  async function theirs(solve, k, warmUp, states) {
    const t = now();
    await solve(pattern(k, warmUp));
    const tableMs = now() - t;
    const times = [];
    const lengths = [];
    for (const s of states) {
      const p = pattern(k, s.moves);
      const t1 = now();
      const alg = await solve(p);
      times.push(now() - t1);
      lengths.push(countMoves(alg.toString()));
    }
    return [tableMs, summary(times, lengths)];
  }
  [out.theirs3TableMs, out.theirs3] = await theirs(search.experimentalSolve3x3x3IgnoringCenters, k3, "R U R' F", states3);
  [out.theirs2TableMs, out.theirs2] = await theirs(search.experimentalSolve2x2x2, k2, "R U F'", states2);
  document.getElementById('out').textContent = JSON.stringify(out, null, 2);
  return out;
};
document.body.dataset.ready = 'true';

// The optimal solver in its worker: the table build (or cache load), then each state solved
// optimally. Returns per-state times and lengths; the worker's cache (IndexedDB and its files) is cleared first
// when `fresh` is set, so the build is timed. With `workers` above 1 the search is shared as the
// page shares it (the table time then includes the other workers loading the kept copy).
window.runOptimalBench = async function runOptimalBench({ states, size = 'h4', fresh = true, workers = 1 }) {
  if (fresh) await new Promise((r) => { const q = indexedDB.deleteDatabase('cubehint-tables'); q.onsuccess = q.onerror = q.onblocked = r; });
  if (fresh && navigator.storage?.getDirectory) {
    // The flip tables kept as files.
    const root = await navigator.storage.getDirectory();
    for await (const name of root.keys()) await root.removeEntry(name).catch(() => {});
  }
  if (workers > 1) {
    const shared = new SharedOptimal(async (onProgress) => {
      const c = new SolverClient(new URL('/www/solver.worker.js', location.href), onProgress);
      await c.call('init');
      return c;
    });
    let t0 = now();
    // A solved cube: every worker gets its tables ready before the timed states (its answer
    // comes at once, from the part built first: the table time is when the first worker's
    // tables are all there).
    let tablesDone;
    const tablesReady = new Promise((r) => (tablesDone = r));
    const onTables = (p) => p.fraction >= 1 && tablesDone();
    await shared.run({ facelets: 'UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB', size, workers, onTables });
    await tablesReady;
    const out = { tableMs: now() - t0, source: fresh ? 'built' : 'ready (kept or built)', states: [] };
    for (const s of states) {
      let nodes = 0;
      t0 = now();
      const moves = await shared.run({ facelets: s.facelets, size, workers, onSearch: (p) => (nodes = p.nodes) });
      out.states.push({ ms: now() - t0, length: moves.length, nodes });
    }
    shared.cancel();
    return out;
  }
  // As on the page, whose solver worker builds and keeps the exact phase-1 table when it
  // loads: that table first, then the optimal solver's own tables are timed.
  let phase1Ms = null;
  if (fresh) {
    const first = new SolverClient(new URL('/www/solver.worker.js', location.href), () => {});
    await first.call('init');
    phase1Ms = (await first.call('preparePhase1')).ms;
    first.terminate();
  }
  const worker = new SolverClient(new URL('/www/solver.worker.js', location.href), () => {});
  await worker.call('init');
  let t0 = now();
  const table = await worker.call('prepareOptimal', size);
  const tableMs = now() - t0;
  // The tables built are written for the next visit between the search's slices; the states
  // are timed after that.
  await worker.call('optimalKept');
  const out = { tableMs, keptMs: now() - t0, source: table.source, phase1Ms, states: [] };
  for (const s of states) {
    t0 = now();
    const r = await worker.call('solveOptimal', { facelets: s.facelets, size });
    out.states.push({ ms: now() - t0, length: countMoves(r.moves ?? ''), nodes: r.nodes });
  }
  worker.terminate();
  return out;
};
