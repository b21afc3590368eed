// cubehint's JavaScript API, the npm package's and the page's: solve, scramble and validate with
// the search in a worker of its own (a Web Worker, or a Node worker thread: the caller's entry
// module says how one starts). Every answer is a plain object; every failure a CubehintError
// with the CLI's codes, or the AbortSignal's reason. See docs/js-api.md.
import { SharedOptimal } from './solver-client.js';
import { canonicalSize, sizeForMemory, workersFor } from './table-sizes.js';

// A failure with a stable code: the sticker codes of bad input (`length`, `letter`, `center`,
// `count`, `piece`, `duplicate`, `twist`, `flip`, `parity`), `target` (a target no cube can
// show), `puzzle` (the state is not of the puzzle asked for), `not-found` (no solution within
// `maxLength` was found; `best` holds the shortest found), `stopped` (the solver was ended) or
// `internal`. `problems` lists each sticker problem with the stickers involved.
export class CubehintError extends Error {
  constructor(code, message, extra = {}) {
    super(message);
    this.name = 'CubehintError';
    this.code = code;
    Object.assign(this, extra);
  }
}

// A failure from the worker ('error[twist]: …', as the CLI prints it) as a CubehintError.
function typed(err) {
  if (err instanceof CubehintError) return err;
  const text = String(err?.message ?? err);
  const m = /^error\[([a-z-]+)\]:\s*([\s\S]*)$/.exec(text);
  if (m) return new CubehintError(m[1], m[2]);
  if (text === 'stopped') return new CubehintError('stopped', 'the solver was stopped before it answered');
  return new CubehintError('internal', text);
}

// 2 or 3 from a puzzle as the caller names it (2, 3, '2x2', '3x3'); NaN for anything else.
const puzzleSize = (puzzle) => Number(String(puzzle).replace(/x.*/, ''));

// Table progress from a worker as the caller hears it.
const tablesEvent = (table, p) => ({ type: 'tables', table, fraction: p.fraction, ...(p.source ? { source: p.source } : {}) });

const STICKER_CODES = ['length', 'letter', 'center', 'count', 'piece', 'duplicate', 'twist', 'flip', 'parity'];

const aborted = (signal) => signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');

// Table progress as the caller hears it: `table` is `pocket` (2x2), `two-phase` (3x3), `phase1`
// or `optimal`.
const TABLE_NAMES = { 2: 'pocket', 3: 'two-phase', phase1: 'phase1', optimal: 'optimal' };

// A worker's answer as the caller gets it: the moves as an array and as text, their count, and
// whether they are proven the fewest.
function answer(puzzle, r, extra = {}) {
  const text = r?.moves ?? '';
  const moves = text ? text.split(' ') : [];
  return { puzzle, moves, text, length: moves.length, optimal: r?.optimal === true, ...extra };
}

// A solver: its own worker for solves and scrambles, and (started on the first optimal search)
// workers sharing the optimal search. `spawn(onProgress)` resolves to a started SolverClient.
// `memory` (GB) and `cores` pick the optimal tables' size and workers when not asked for.
export class Cubehint {
  // `onProgress(event, raw)` hears all of the main worker's progress (the page's table bars).
  constructor(spawn, { memory = 8, cores = 1, tableSize = null, workers = null, onProgress = null } = {}) {
    Object.assign(this, { spawn, memory, cores, tableSize, workers, onProgress });
    this.main = null; // Promise of the main worker's client
    this.listeners = new Set();
    this.optimalSearch = null;
  }

  // The main worker, started once (again after an abort ended it).
  client() {
    this.main ??= this.spawn((p) => this.progress(p)).catch((err) => {
      this.main = null;
      throw typed(err);
    });
    return this.main;
  }

  progress(p) {
    let event = null;
    if (p.puzzle === 'solve3') event = { type: 'longer', moves: p.best.split(' '), length: p.length, target: p.target };
    else if (TABLE_NAMES[p.puzzle] && typeof p.fraction === 'number') event = tablesEvent(TABLE_NAMES[p.puzzle], p);
    this.onProgress?.(event, p);
    if (event) for (const f of this.listeners) f(event, p);
  }

  // Runs `cmd` in the main worker. An abort ends that worker at once (a search cannot be
  // interrupted otherwise): the call rejects with the signal's reason, and other calls under
  // way in it are run again in the next one.
  async call(cmd, arg, { signal, onProgress } = {}) {
    signal?.throwIfAborted();
    // A listener of this call's own (one function given to two calls is heard by both, and
    // dropped by each as it ends).
    const listen = onProgress ? (event, raw) => onProgress(event, raw) : null;
    if (listen) this.listeners.add(listen);
    try {
      for (;;) {
        const main = this.client();
        const c = await main;
        signal?.throwIfAborted();
        try {
          return await new Promise((resolve, reject) => {
            const abort = () => {
              reject(aborted(signal));
              c.abortedBy = signal;
              if (this.main === main) this.main = null;
              c.terminate();
            };
            signal?.addEventListener('abort', abort, { once: true });
            c.call(cmd, arg)
              .then(resolve, reject)
              .finally(() => signal?.removeEventListener('abort', abort));
          });
        } catch (err) {
          if (signal?.aborted) throw aborted(signal);
          // Ended by another call's abort: this one goes on in a new worker.
          if (c.abortedBy && String(err?.message) === 'stopped') continue;
          throw typed(err);
        }
      }
    } finally {
      if (listen) this.listeners.delete(listen);
    }
  }

  // Resolves to { puzzle, moves, text, length, optimal, … } (docs/js-api.md).
  async solve(state, options = {}) {
    const { maxLength = 20, to = null, optimal = false, prefer = 'short', metric = 'htm', method = null, signal, onProgress } = options;
    const facelets = String(state ?? '').replace(/\s+/g, '');
    const size = facelets.length === 24 ? 2 : facelets.length === 54 ? 3 : null;
    const asked = options.puzzle == null ? null : puzzleSize(options.puzzle);
    if (asked !== null && asked !== 2 && asked !== 3) throw new CubehintError('puzzle', `puzzle ${options.puzzle}: cubehint solves the 2x2 and the 3x3`);
    if (asked && size && asked !== size) throw new CubehintError('puzzle', `a ${asked}x${asked} has ${asked === 2 ? 24 : 54} stickers; this state has ${facelets.length}`);
    if (metric !== 'htm' && metric !== 'qtm') throw new CubehintError('metric', `metric ${metric}: htm or qtm`);
    const common = { signal, onProgress };
    try {
      return await this.solveSized(facelets, size, { maxLength, to, optimal, prefer, metric, method, ...common });
    } catch (err) {
      // Bad stickers (the worker names the first): every problem, with the stickers involved.
      if (err instanceof CubehintError && STICKER_CODES.includes(err.code) && !err.problems) err.problems = (await this.validate(facelets).catch(() => null))?.problems ?? [];
      throw err;
    }
  }

  async solveSized(facelets, size, { maxLength, to, optimal, prefer, metric, method, signal, onProgress }) {
    const common = { signal, onProgress };
    if (!size) {
      const v = await this.validate(facelets);
      const first = v.problems[0] ?? { code: 'length', message: `a state has 24 (2x2) or 54 (3x3) stickers; this one has ${facelets.length}` };
      throw new CubehintError(first.code, first.message, { problems: v.problems });
    }
    if (method) {
      if (size !== 3) throw new CubehintError('puzzle', 'methods are for the 3x3');
      const r = await this.call('solveStage', { facelets, method, fewest: prefer === 'fewest' }, common);
      if (!r) return answer(3, null, { optimal: true, stage: null });
      const kase = r.case_name ? { name: r.case_name, look: r.case_look, alg: r.alg, before: r.before, after: r.after, view: r.view, algLength: r.alg_length } : null;
      return answer(3, r, { throughSolved: r.through_solved, stickers: r.stickers, stage: { index: r.stage, count: r.stages, name: r.name, goal: r.goal, case: kase } });
    }
    if (to) {
      const r = await this.call('solveTo', { facelets, to, metric, maxLength }, common);
      return answer(size, r, { metric, throughSolved: r.through_solved, stickers: r.stickers });
    }
    if (optimal && size === 3) return this.optimal(facelets, optimal, common);
    if (prefer === 'easy') {
      const r = await this.call('solveEasy', { facelets, metric }, common);
      return answer(size, r, { metric, cost: r.cost, shortest: { length: r.shortest_length, cost: r.shortest_cost }, candidates: r.candidates });
    }
    if (size === 2) {
      const r = await this.call('solve2', { facelets, metric }, common);
      return answer(2, { ...r, optimal: true }, { metric });
    }
    if (metric !== 'htm') throw new CubehintError('metric', 'the 3x3 is solved in the half-turn metric (htm)');
    const r = await this.call('solve3', { facelets, maxLength }, common);
    if (r.gaveUp) {
      const best = answer(3, r);
      throw new CubehintError('not-found', `no solution of ${maxLength} moves or fewer turned up; the shortest found has ${best.length}`, { best });
    }
    return answer(3, r);
  }

  // The shortest solution, searched by workers sharing the optimal tables (`optimal` names their
  // size, or true for the size the memory allows); the two-phase answer bounds it first.
  async optimal(facelets, which, { signal, onProgress } = {}) {
    const size = canonicalSize(typeof which === 'string' ? which : (this.tableSize ?? sizeForMemory(this.memory)));
    if (!size) throw new CubehintError('size', `optimal: ${which}: one of h0-2bit, h0, h3, h4, h5, h6 (or true)`);
    const upper = await this.solve(facelets, { signal, onProgress });
    signal?.throwIfAborted();
    if (upper.optimal) return upper;
    this.optimalSearch ??= new SharedOptimal((p) => this.spawn(p));
    const search = this.optimalSearch;
    const abort = () => search.cancel();
    signal?.addEventListener('abort', abort, { once: true });
    try {
      const moves = await search.run({
        facelets,
        upper: upper.text,
        size,
        workers: this.workers ?? workersFor(size, this.memory, this.cores),
        onTables: (p) => typeof p.fraction === 'number' && onProgress?.(tablesEvent('optimal', p), p),
        onSearch: (p) => onProgress?.({ type: 'search', lower: p.lower, depth: p.depth, nodes: p.nodes, upper: p.upper, workers: p.workers }, p),
      });
      return answer(3, { moves: moves.join(' '), optimal: true }, { tables: size });
    } catch (err) {
      if (signal?.aborted) throw aborted(signal);
      throw typed(err);
    } finally {
      signal?.removeEventListener('abort', abort);
    }
  }

  // A random-state scramble: { puzzle, moves, text, state }.
  async scramble({ puzzle = 3, signal } = {}) {
    const size = puzzleSize(puzzle);
    if (size !== 2 && size !== 3) throw new CubehintError('puzzle', `puzzle ${puzzle}: cubehint scrambles the 2x2 and the 3x3`);
    const r = await this.call(size === 2 ? 'scramble2' : 'scramble3', undefined, { signal });
    return { ...answer(size, r), state: r.facelets };
  }

  // Every problem of a sticker string, with the stickers involved: { ok, puzzle, problems }.
  async validate(state) {
    const r = await this.call('validate', String(state ?? ''));
    return { ok: r.ok, puzzle: r.size, problems: r.problems };
  }

  // The state after `moves` from `from` (the solved cube when not given).
  async applyMoves(moves, { puzzle = 3, from = '' } = {}) {
    const size = puzzleSize(puzzle);
    const text = Array.isArray(moves) ? moves.join(' ') : String(moves ?? '');
    return this.call('apply', { size, from: String(from).replace(/\s+/g, ''), moves: text });
  }

  // Builds (or loads) the tables before they are needed: 2, 3, or 'phase1'.
  async prepare(puzzle = 3, { signal, onProgress } = {}) {
    if (puzzle === 'phase1') return this.call('preparePhase1', undefined, { signal, onProgress });
    return this.call('prepare', puzzleSize(puzzle), { signal, onProgress });
  }

  // Ends every worker (tables are kept in the cache; a later call starts afresh).
  async terminate() {
    this.optimalSearch?.cancel();
    const main = this.main;
    this.main = null;
    (await main?.catch(() => null))?.terminate();
  }
}

// The package's plain functions, all on one solver made on first use by `createSolver()`.
export function sharedCalls(createSolver) {
  let shared = null;
  const solver = () => (shared ??= createSolver());
  return {
    solve: (state, options) => solver().solve(state, options),
    scramble: (options) => solver().scramble(options),
    validate: (state) => solver().validate(state),
    applyMoves: (moves, options) => solver().applyMoves(moves, options),
    prepare: (puzzle, options) => solver().prepare(puzzle, options),
  };
}
