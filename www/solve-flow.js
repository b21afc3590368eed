// Solving, from the press of Solve to the solution on show: the solver worker (started, stopped
// and started again), the kinds of solve (plain, to a target, stage by stage, easy to turn), a
// hard cube's way (a longer solution at once, shorter ones offered, never swapped in under the
// person following), and the tables' progress. main.js wires the buttons; hints.js follows.
import { $, escapeHtml, seconds, setStatus } from './dom.js';
import { goalLabel, goalText, hasGoal } from './goal.js';
import { cancelOptimal, searchLength } from './optimal-panel.js';
import { settings } from './settings.js';
import { Cubehint } from './cubehint-api.js';
import { SolverClient } from './solver-client.js';
import { current, lettersOf, state } from './state.js';
import { invertMove } from './words.js';

// The single-file page (dist/cubehint.html) hands us its inlined wasm and a Blob worker.
const single = globalThis.CUBEHINT_SINGLE;
let refresh = null;
let showSolution = null; // () => void: the follow view, once a solution is on show
let takeField = null; // () => boolean: uses text typed into the field but not yet used

// "a 20-move", "an 8-move", "an 18-move".
const nMove = (n) => `${/^(8|11|18)$|^8\d$/.test(String(n)) ? 'an' : 'a'} ${n}-move`;
const movesWord = (n) => `${n} move${n === 1 ? '' : 's'}`;

export function newClient(progress = onProgress) {
  return new SolverClient(single?.workerUrl ?? new URL('./solver.worker.js', import.meta.url), progress, single?.workerType);
}

// The page's solver: the package's API (cubehint-api.js) over its own worker, whose progress
// (the tables' bars, a hard cube's first solution) goes to onProgress.
export const solver = new Cubehint(
  async (progress) => {
    const c = newClient(progress);
    if (single) await c.call('init', single.wasm);
    return c;
  },
  { onProgress: (_, raw) => onProgress(raw) },
);

// `deps`: the page's refresh, what shows the follow view, and what takes the typed field.
export function initSolve(deps) {
  ({ refresh, showSolution, takeField } = deps);
}

// Starts the worker and its tables (again, after a stopped search).
let started = 0;
export async function startWorker() {
  const mine = ++started;
  try {
    // The puzzle on screen first, so its Solve is ready sooner (a 2x2 is answered by its search
    // engine until its table is there; a 3x3 waits for its tables).
    const first = state.size;
    await solver.prepare(first);
    await solver.prepare(5 - first);
  } catch (err) {
    // Stop searching ended this worker while it prepared: the new one prepares on its own.
    if (err.code === 'stopped') return;
    throw err;
  }
  // The 3x3 search's large table is built (or loaded) in the background; Solve works meanwhile.
  // Its note goes when it is ready, and also when it cannot be (the worker was stopped, or the
  // table did not fit): Solve works without it.
  solver.prepare('phase1').catch(() => {
    if (mine === started) $('search-note').hidden = true;
  });
  // Offline after the first visit: the service worker keeps the page, scripts and wasm. It is
  // registered once the tables are ready, so its downloads do not slow their build.
  if (!single && 'serviceWorker' in navigator && location.protocol.startsWith('http')) {
    navigator.serviceWorker.register('sw.js').catch(() => {});
  }
}

// The search under way: { letters, size, shown, stopped }, else null.
let job = null;

// Ends whatever search is under way at once (its worker is ended and a new one started); a
// solution on show stays, and the status says so.
export function stopSearch({ quiet = false } = {}) {
  cancelOptimal(); // a hard cube's search of one length, if that is what runs
  if (job) job.stopped = true;
  solver.terminate();
  state.ready[3] = false;
  $('search-note').hidden = true;
  startWorker();
  job = null;
  $('solve').disabled = false;
  if (quiet) return;
  sayStopped();
  refresh({ quiet: true });
}

// What a stopped search leaves: the solution on show, if any.
function sayStopped() {
  const sol = state.solution;
  const kept = sol && sol.size === state.size;
  setStatus(kept ? `Stopped. The ${sol.moves.length}-move solution stays.` : 'Stopped. Press Solve to search again.');
}

function stopButton() {
  const stop = document.createElement('button');
  stop.type = 'button';
  stop.textContent = 'Stop searching';
  stop.addEventListener('click', () => stopSearch());
  return stop;
}

// A button in the status that puts `moves` on show, found for the cube as it was when Solve was
// pressed (`letters`), instead of the solution being followed; offered, never swapped in.
function offerButton(moves, letters, exact) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'primary';
  b.textContent = `Show the ${moves.length}-move solution`;
  b.addEventListener('click', () => {
    const sol = state.solution;
    // Where the person follows a solution of the same cube, the moves they made are undone
    // first: the cube in their hand has been turned too.
    const same = sol?.size === 3 && state.size === 3 && lettersOf(3, sol.start) === letters;
    if (!same && (state.size !== 3 || lettersOf(3, current()) !== letters)) return;
    const undo = same ? sol.moves.slice(0, sol.step).reverse().map(invertMove) : [];
    state.solution = { size: 3, moves: [...undo, ...moves], step: 0, exact: exact && !undo.length, metric: 'htm', start: [...current()] };
    const back = undo.length ? ` The first ${movesWord(undo.length)} undo the ones you made.` : '';
    setStatus(`Showing ${nMove(moves.length)} solution${exact ? ', the fewest possible' : ''}.${back} Use Next move to follow it.`);
    refresh({ quiet: true });
    showSolution();
  });
  return b;
}

// Whether the solution on show is one the person has started to follow.
const following = () => state.solution && state.solution.step > 0;

// Offers a shorter solution found for a hard cube while a longer one is on show. When the person
// has started to follow the longer one, it is said (the rest of theirs may be as short).
function offerShorter(moves, letters, exact, still = '') {
  const sol = state.solution;
  const left = sol ? sol.moves.length - sol.step : 0;
  const intro = `Found ${nMove(moves.length)} solution for the cube as you entered it${exact ? ' (the fewest possible)' : ''}.`;
  if (following()) {
    setStatus(`${intro} You are following the ${sol.moves.length}-move one: ${movesWord(left)} left on it.${still} `);
  } else {
    setStatus(`${intro} The ${sol.moves.length}-move one stays on show until you choose.${still} `);
  }
  $('status').append(offerButton(moves, letters, exact));
}

// What Solve does: the cube on show (or the text typed into the field, when it was changed and
// not used yet), solved in the worker the way the settings say. `note` (HTML) goes before what
// the status then says (how the cube was entered, say). A click's event is no option.
export async function solve(options) {
  const { note = '' } = options instanceof Event ? {} : (options ?? {});
  // Typed but not used: that is the cube to solve (a wrong text is refused and kept).
  if (!takeField()) return;
  const size = state.size;
  const letters = lettersOf(size, current());
  if (!letters) return;
  // Solve again during a search: the old one ends first.
  if (job) stopSearch({ quiet: true });
  $('solve').disabled = true;
  setStatus(size === 3 && !state.ready[3] ? 'Preparing the 3x3 tables, then solving…' : 'Solving…');
  const mine = (job = { letters, size, shown: false, stopped: false });
  // A rare hard 3x3 can take a few seconds: offer a way out after one.
  const offer = setTimeout(() => mine === job && !mine.shown && $('status').append(' Still searching. ', stopButton()), 1000);
  const live = () => job === mine && !mine.stopped;
  try {
    const t0 = performance.now();
    const metric = size === 2 ? settings.metric : 'htm';
    const method = size === 3 && !hasGoal() ? state.method : '';
    const to = hasGoal() ? goalText() : null;
    if (hasGoal() && !to) {
      setStatus('<span class="bad">The painted target is not one a cube can show:</span> see the problems under the target.', 'invalid');
      return;
    }
    const easy = settings.easy && !method && !to;
    const fewest = settings.fewest === true;
    let r;
    try {
      r = await solver.solve(letters, { method, to, metric, maxLength: maxLength(), prefer: method && fewest ? 'fewest' : easy ? 'easy' : 'short' });
    } catch (err) {
      // A hard cube with no solution within the length in the quick search: its longer one is
      // on show (`longer` progress), and the optimal solver's tables take over.
      if (err.code !== 'not-found' || !live()) throw err;
      if (!mine.shown) onHardBest({ best: err.best.text, length: err.best.length, target: maxLength() });
      await hardLength(mine, err.best.length, performance.now() - t0, t0);
      return;
    }
    const ms = performance.now() - t0;
    if (!live()) return;
    const moves = r.moves;
    // A hard cube whose longer solution is on show: the answer is offered, not swapped in.
    if (mine.shown) {
      offerShorter(moves, letters, r.optimal === true, ` Found in ${seconds(ms)}.`);
      return;
    }
    // Changed meanwhile (painted, or a step taken on the solution on show): left as it is.
    if (state.size !== size || lettersOf(size, current()) !== letters) {
      setStatus(`The cube changed during the search, so its answer (${movesWord(moves.length)}, for the cube as it was) is not shown. Press Solve for the cube as it is now.`);
      return;
    }
    if (method && !r.stage) {
      state.solution = null;
      setStatus('This cube is solved: every stage is done.');
      return;
    }
    const exact = r.optimal === true;
    state.solution = { size, moves, step: 0, exact, metric, start: [...current()] };
    if (r.stickers?.length) state.solution.stickers = [...r.stickers];
    const time = `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;
    const how = exact ? 'the fewest' : r.throughSolved ? 'found by way of the solved cube (the search for the fewest stopped)' : 'not proven the fewest';
    if (method) {
      const { index, count, name, goal } = r.stage;
      const k = r.stage.case;
      Object.assign(state.solution, { stage: index, stages: count, name, goal });
      Object.assign(state.solution, { caseName: k?.name, caseLook: k?.look, alg: k?.alg, before: k?.before, after: k?.after, view: k?.view, algLength: k?.algLength, fewest });
      const byAlg = k && k.name !== 'skip' && !fewest;
      const kind = byAlg ? `the ${escapeHtml(k.name)} case's algorithm` : how;
      setStatus(`Stage ${index + 1} of ${count}, ${escapeHtml(name)}: ${escapeHtml(goal)} ${movesWord(moves.length)} (${kind}), found in ${time}. The pieces it places are outlined on the net.`);
    } else if (to) {
      state.solution.goalLabel = goalLabel();
      setStatus(`Found ${movesWord(moves.length)} to ${escapeHtml(goalLabel())} (${how}) in ${time}. Use Next move to follow them.`);
    } else if (easy) {
      const what = exact ? 'optimal solution' : 'solution';
      const than = r.shortest.length === moves.length && r.shortest.cost === r.cost ? '' : `; the shortest found, ${r.shortest.length} moves, costs ${r.shortest.cost.toFixed(1)}`;
      setStatus(`Found ${nMove(moves.length)} ${what} easy to turn (turning cost ${r.cost.toFixed(1)}${than}; chosen from ${r.candidates}) in ${time}. Use Next move to follow it.`);
    } else if (moves.length === 0) {
      setStatus('This cube is already solved.');
    } else {
      const what = exact ? 'optimal solution' : 'solution';
      setStatus(`Found ${nMove(moves.length)} ${what} in ${time}. Use Next move to follow it.`);
    }
    if (note) $('status').insertAdjacentHTML('afterbegin', note);
    showSolution();
  } catch (err) {
    if (!live() && err.code === 'stopped') return; // said by stopSearch
    if (err.code === 'stopped') sayStopped();
    else setStatus(`<span class="bad">${escapeHtml(String(err.message ?? err))}</span>`, 'invalid');
  } finally {
    clearTimeout(offer);
    if (job === mine) {
      job = null;
      refresh({ quiet: true });
    }
  }
}

// The longest solution Solve gives a 3x3: `?max=N` in the address (1 to 20), else 20.
function maxLength() {
  const n = Number(new URLSearchParams(location.search).get('max'));
  return Number.isInteger(n) && n >= 1 && n <= 20 ? n : 20;
}

// A hard 3x3 whose two-phase search found nothing within the length (its longer solution is on
// show): every sequence of that length, searched with the optimal solver's tables, answers it
// (or proves none that short exists). Not while the person already follows the longer one:
// that search takes minutes and gigabytes, and its answer could not be used any more.
async function hardLength(mine, shown, ms, t0) {
  const max = maxLength();
  const letters = mine.letters;
  if (following()) {
    setStatus(`No solution of ${max} moves or fewer turned up in ${seconds(ms)}. You are following the ${shown}-move one, which solves the cube; Find optimal searches for the shortest.`);
    return;
  }
  setStatus(`A hard cube: the quick search found no solution of ${max} moves or fewer in ${seconds(ms)}; the ${shown}-move one is on show (you can follow it). Now searching every ${max}-move sequence with the optimal solver's tables…`);
  $('status').append(' ', stopButton());
  const found = await searchLength(letters, max);
  if (job !== mine || mine.stopped) return;
  const took = seconds(performance.now() - t0);
  const within = found.length <= max;
  if (!within && !following() && state.size === 3 && lettersOf(3, current()) === letters) {
    // Proven: nothing that short exists, and this is a shortest solution.
    state.solution = { size: 3, moves: found, step: 0, exact: true, metric: 'htm', start: [...current()] };
    setStatus(`No solution of ${max} moves or fewer exists: the shortest has ${found.length} moves (found in ${took}). Use Next move to follow it.`);
    showSolution();
    return;
  }
  offerShorter(found, letters, !within, ` Every ${max}-move sequence searched with the optimal solver's tables, in ${took}.`);
}

// A hard 3x3: a longer solution found at once. The first is shown (the person can follow it at
// once); shorter ones found meanwhile are offered.
function onHardBest({ best, length, target }) {
  const mine = job;
  if (!mine || mine.stopped || mine.size !== 3) return;
  const letters = lettersOf(3, current());
  if (!mine.shown) {
    if (state.size !== 3 || letters !== mine.letters) return;
    state.solution = { size: 3, moves: best.split(' '), step: 0, exact: false, metric: 'htm', start: [...current()] };
    mine.shown = true;
    refresh({ quiet: true });
    setStatus(`A hard cube: found ${length} moves at once (shown; you can follow them). Searching for ${target} or fewer…`);
    $('status').append(' ', stopButton());
    showSolution();
    return;
  }
  offerShorter(best.split(' '), mine.letters, false, ` Still searching for ${target} or fewer…`);
  $('status').append(' ', stopButton());
}

export function onProgress({ puzzle, fraction, source, ms, best, length, target }) {
  if (puzzle === 'solve3') {
    onHardBest({ best, length, target });
    return;
  }
  if (puzzle === 'phase1') {
    const note = $('search-note');
    note.hidden = fraction >= 1;
    note.textContent = `Preparing the faster 3x3 search in the background… ${Math.min(99, Math.floor(fraction * 100))}% (Solve works meanwhile)`;
    if (source) {
      document.body.dataset.tablesPhase1 = source;
      document.body.dataset.tablesPhase1Ms = String(Math.round(ms));
    }
    return;
  }
  const box = $('progress-box');
  state.ready[puzzle] = fraction >= 1;
  box.hidden = state.ready[2] && state.ready[3];
  $('progress').value = fraction;
  $('progress-label').textContent =
    fraction >= 1 ? `${puzzle}x${puzzle} tables ready.` : `Preparing ${puzzle}x${puzzle} tables… ${Math.min(99, Math.floor(fraction * 100))}%`;
  if (source) {
    document.body.dataset[`tables${puzzle}`] = source;
    document.body.dataset[`tables${puzzle}Ms`] = String(Math.round(ms));
  }
}
