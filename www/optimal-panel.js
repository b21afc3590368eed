// Find optimal: the shortest solution, searched by workers of their own (SharedOptimal) so that
// Cancel can end it at once while Solve keeps working. The tables are built once and kept in the
// browser; their size follows the memory the browser reports, or `?table=` in the address, and
// `?workers=N` says how many workers share a search (`docs/optimal.md`).
import { apply_moves } from './pkg/cubehint.js';
import { $, escapeHtml, seconds, setStatus } from './dom.js';
import { SharedOptimal } from './solver-client.js';
import { current, lettersOf, state } from './state.js';
import { canonicalSize, sizeForMemory, workersFor } from './table-sizes.js';

let newClient = null;
let single = null;
let solver = null; // the page's solver (cubehint-api.js): Solve's answer bounds the search
let refresh = null;

// How to start a worker, the page's solver, and the page's refresh.
export function initOptimal(deps) {
  ({ newClient, single, solver, refresh } = deps);
}

const optimalSearch = new SharedOptimal(async (onProgress) => {
  const c = newClient(onProgress);
  if (single) await c.call('init', single.wasm);
  return c;
});
let optimalFallback = null; // a smaller size once the tables failed to fit in this browser
// The size to try when a size's tables did not fit.
const SMALLER_TABLES = { h6: 'h5', h5: 'h4', h4: 'h3' };
// The tables' size: `?table=` when it names one, else by the memory the browser reports (h6
// with 16 GB, h4 with 8, h3 with 4, h0 with 2, h0-2bit below).
function optimalTableSize() {
  const asked = canonicalSize(new URLSearchParams(location.search).get('table'));
  if (asked) return asked;
  if (optimalFallback) return optimalFallback;
  return sizeForMemory(navigator.deviceMemory ?? 8);
}

// Workers for the optimal search: one a core, at most four, each with its own copy of the
// tables (GB each, below), using at most a third of the reported memory.
function optimalWorkerCount(size) {
  const asked = Number(new URLSearchParams(location.search).get('workers'));
  if (Number.isInteger(asked) && asked >= 1) return Math.min(asked, 8);
  return workersFor(size, navigator.deviceMemory ?? 8, navigator.hardwareConcurrency);
}

function onTablesProgress(p) {
  // A second worker builds half of the flip table ('building'), then hands it over ('merged'),
  // or fails and the first builds it all ('failed').
  if (p.helper) {
    document.body.dataset.tablesOptimalHelper = p.helper;
    return;
  }
  // Built: the search starts, and the tables are written for the next visit meanwhile.
  if (p.built) return;
  if (p.source) document.body.dataset.tablesOptimal = p.source;
  keepingShown = p.keeping ? p.fraction : null;
  // Tables ready, or still being written, while a search already shows its progress: the
  // search's line stays (its details say how far the writing is).
  if (lastSearch) return;
  const bar = $('optimal-progress');
  bar.value = p.fraction;
  $('optimal-label').textContent =
    p.fraction >= 1
      ? 'Optimal table ready.'
      : p.keeping
        ? `Keeping the optimal solver's tables for next time… ${Math.round(p.fraction * 100)}%`
        : `Building the optimal solver's tables${document.body.dataset.tablesOptimalHelper === 'building' ? ' with two workers' : ''} (once: they are kept for next time${{ h3: '; a minute or two', h4: '; a minute or two', h5: '; a minute or two', h6: '; two or three minutes' }[optimalTableSize()] ?? ''})… ${Math.round(p.fraction * 100)}%`;
}

// The latest search progress and when it came: the time shown goes on between reports (a
// worker asking the two-phase search for a solution of the proven length sends none for a while).
let lastSearch = null;
// Ends the answer while the tables it built are still being written (the search did not wait).
const SAVING = ' The tables are still being saved for next time: keep this page open a few more seconds.';
// How far the tables built by this search have been written for the next visit (the bar's last
// tenth, 0.9 to 1), while they are; else null.
let keepingShown = null;
function showSearchProgress(p, at = performance.now()) {
  lastSearch = { p, at };
  $('optimal-progress').removeAttribute('value');
  const trying = p.depth ? ` Trying ${p.depth} moves now…` : '';
  $('optimal-label').textContent = p.lower > 0 ? `Searching: no solution shorter than ${p.lower} moves.${trying}` : `Searching…${trying}`;
  const best = Number.isFinite(p.upper) ? ` The best solution known so far has ${p.upper} moves.` : '';
  const by = p.workers > 1 ? ` by ${p.workers} workers` : '';
  const ms = p.ms + (performance.now() - at);
  const keeping = keepingShown === null ? '' : ` Keeping the tables for next time meanwhile: ${Math.round((keepingShown - 0.9) * 1000)}%.`;
  $('optimal-detail').textContent = `${(p.nodes / 1e6).toFixed(1)} million positions checked${by} in ${seconds(ms)}.${best}${keeping}`;
  document.body.dataset.optimalLower = String(p.lower);
  document.body.dataset.optimalWorkers = String(Math.max(p.workers, Number(document.body.dataset.optimalWorkers ?? 0)));
}

export async function findOptimal() {
  const letters = lettersOf(3, current());
  if (state.size !== 3 || !letters) return;
  $('optimal').disabled = true;
  $('optimal-box').hidden = false;
  $('optimal-label').textContent = 'Finding the shortest solution…';
  $('optimal-detail').textContent = 'This can take from a moment to many minutes. You can keep using the page.';
  document.body.dataset.optimal = 'searching';
  setStatus('Looking for the shortest solution…');
  const t0 = performance.now();
  lastSearch = null;
  const ticking = setInterval(() => lastSearch && showSearchProgress(lastSearch.p, lastSearch.at), 1000);
  try {
    const sol = state.solution;
    // When this search built the tables (a first visit), the time says how much of it that took:
    // the next search starts with them.
    let builtIn = null;
    // Whether those tables are all written for the next visit yet (the search does not wait).
    let kept = false;
    // `of` says where a solution known already came from (no time to report).
    const done = (moves, of = null) => {
      document.body.dataset.optimal = 'done';
      const total = performance.now() - t0;
      // Searching from when the first share started (a second worker given the table at once
      // starts before the first, which is still writing it).
      const searching = lastSearch ? Math.min(total, lastSearch.p.ms + (performance.now() - lastSearch.at)) : total - builtIn;
      const split = builtIn === null ? '' : `: ${seconds(total - searching)} building the tables${kept ? ', kept for next time,' : ''} and ${seconds(searching)} searching`;
      const how = of ?? ` (${seconds(total)}${split})`;
      const saving = builtIn !== null && !kept ? SAVING : '';
      setStatus(`Found an optimal solution: ${moves.length} moves, and no shorter one exists${how}. Use Next move to follow it.${saving}`);
    };
    // The moves left of a solution proven shortest are the shortest from here: no search.
    const rest = provenRest(letters);
    if (rest) return done(rest, sol.step > 0 ? ': the rest of the one you are following' : ': the one on show');
    // A known solution bounds the search: when nothing shorter exists, the search ends there.
    let upper = '';
    let moves = null;
    if (sol?.size === 3 && sol.step === 0 && lettersOf(3, sol.start) === letters) upper = sol.moves.join(' ');
    else {
      const r = await solver.solve(letters).catch(() => ({ text: '' }));
      upper = r.text;
      // Solve proves cubes within 10 moves of solved shortest on its own.
      if (r.optimal === true) moves = r.moves;
    }
    const known = upper ? upper.split(' ').length : 0;
    if (known && !moves) {
      $('optimal-detail').textContent = `Meanwhile, Solve gives a ${known}-move solution at once. The shortest may be the same length: the search then proves it.`;
    }
    moves ??= await runSized({
      facelets: letters,
      upper,
      onTables: (p) => {
        onTablesProgress(p);
        if (p.built && p.source !== 'cache') builtIn = performance.now() - t0;
        if (p.fraction >= 1 && p.source) {
          kept = true;
          // Said to be still saving in the answer on show: now they are kept.
          const s = $('status');
          if (s.textContent.endsWith(SAVING)) s.textContent = s.textContent.replace(SAVING, ' The tables are kept for next time.');
        }
      },
    });
    if (state.size !== 3 || lettersOf(3, current()) !== letters) {
      document.body.dataset.optimal = 'done';
      setStatus(`The cube changed during the search; its result (${moves.join(' ') || 'already solved'}) was for the earlier state.`);
      return;
    }
    state.solution = { size: 3, moves, step: 0, exact: true, metric: 'htm', start: [...current()] };
    done(moves);
  } catch (err) {
    const stopped = String(err.message) === 'stopped';
    if (!stopped) cancelOptimal();
    document.body.dataset.optimal = stopped ? 'cancelled' : 'failed';
    setStatus(stopped ? 'Cancelled the optimal search. Your cube is as it was.' : `<span class="bad">${escapeHtml(String(err.message ?? err))}</span>`, stopped ? '' : 'invalid');
  } finally {
    clearInterval(ticking);
    $('optimal-box').hidden = true;
    refresh({ quiet: true });
  }
}

// A search (`SharedOptimal.run` options, without the tables' size and the workers) with the
// tables the browser can hold: when the biggest do not fit (memory), again with tables half the
// size. Progress goes to the optimal box.
async function runSized(options) {
  for (;;) {
    const size = optimalTableSize();
    try {
      return await optimalSearch.run({ ...options, size, workers: optimalWorkerCount(size), onSearch: showSearchProgress });
    } catch (err) {
      if (String(err.message) === 'stopped' || !SMALLER_TABLES[size]) throw err;
      optimalSearch.cancel();
      optimalFallback = SMALLER_TABLES[size];
      lastSearch = null; // nothing of the failed run to keep showing
      $('optimal-detail').textContent = 'This browser could not hold the biggest tables; trying tables half the size.';
    }
  }
}

// A hard cube's last step: every `length`-move sequence (then each shorter length, then longer
// ones) searched with the optimal solver's tables, shown in the optimal box; the first solution
// found is the answer (docs/optimal.md, "Hard cubes"). Resolves to its moves: at most `length`
// of them, or, when none that short exists, a shortest solution. Cancel (or Stop searching)
// rejects with 'stopped'.
export async function searchLength(letters, length) {
  $('optimal').disabled = true;
  $('optimal-box').hidden = false;
  $('optimal-label').textContent = `Searching every ${length}-move sequence…`;
  $('optimal-detail').textContent = "With the optimal solver's tables: this can take minutes. You can keep using the page.";
  document.body.dataset.optimal = 'searching';
  lastSearch = null;
  const ticking = setInterval(() => lastSearch && showSearchProgress(lastSearch.p, lastSearch.at), 1000);
  try {
    const moves = await runSized({ facelets: letters, fromLength: length, onTables: onTablesProgress });
    document.body.dataset.optimal = 'done';
    return moves;
  } catch (err) {
    document.body.dataset.optimal = String(err.message) === 'stopped' ? 'cancelled' : 'failed';
    throw err;
  } finally {
    clearInterval(ticking);
    $('optimal-box').hidden = true;
    refresh({ quiet: true });
  }
}

// The moves left of the solution on show when it is proven shortest and the cube is where
// following it has taken it (the rest of a shortest solution is a shortest one); else null.
function provenRest(letters) {
  const sol = state.solution;
  if (sol?.size !== 3 || !sol.exact) return null;
  const now = apply_moves(3, lettersOf(3, sol.start), sol.moves.slice(0, sol.step).join(' '));
  return now === letters ? sol.moves.slice(sol.step) : null;
}

export function cancelOptimal() {
  optimalSearch.cancel();
}

