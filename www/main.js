// The page's wiring: painting (mouse or keyboard, with undo), validation from Rust, solving in
// the worker, and the buttons. The parts live in modules of their own: state.js (the cubes,
// history, the address), settings.js, hints.js (following a solution), optimal-panel.js (Find
// optimal), net.js (the net), solver-client.js (the workers), dom.js.
import init, { validate, apply_moves, fill_forced } from './pkg/cubehint.js';
import { $, escapeHtml, problemList, seconds, setStatus } from './dom.js';
import { render as renderFace, initFaceView } from './face-view.js';
import { initScan } from './scan-panel.js';
import { goalLabel, goalText, hasGoal, initGoal, renderGoal } from './goal.js';
import { initHints, renderHints, speakHint, step } from './hints.js';
import { Net } from './net.js';
import { cancelOptimal, findOptimal, initOptimal, searchLength } from './optimal-panel.js';
import { COLOR_KEYS, COLOR_NAMES, applyLook, faceColor, saveSettings, settings } from './settings.js';
import { SolverClient } from './solver-client.js';
import {
  colorsOf,
  current,
  encodeState,
  faceColors,
  isSolvedColors,
  kept,
  lettersOf,
  remember,
  restore,
  save,
  solvedColors,
  state,
  takeHistory,
} from './state.js';
import { FACES } from './words.js';

const colorName = (c) => COLOR_NAMES[c];
const net = new Net($('net'), { onPaint: paint, colorName, onKey: netKey });
// The single-file page (dist/cubehint.html) hands us its inlined wasm and a Blob worker.
const single = globalThis.CUBEHINT_SINGLE;
let client = newClient();
initHints({ net, refresh: (o) => refresh(o), nextStage: () => solve() });
initOptimal({ newClient, single, client: () => client, refresh: (o) => refresh(o) });

// The solver's WebAssembly uses 128-bit SIMD. A module of one function returning a v128
// constant validates only where the browser has it.
const SIMD_PROBE = [0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 22, 1, 20, 0, 253, 12];
function hasSimd() {
  try {
    return WebAssembly.validate(new Uint8Array([...SIMD_PROBE, ...new Array(16).fill(0), 11]));
  } catch {
    return false;
  }
}

function newClient(progress = onProgress) {
  return new SolverClient(single?.workerUrl ?? new URL('./solver.worker.js', import.meta.url), progress, single?.workerType);
}

// Starts the worker and its tables (again, after a stopped search).
async function startWorker() {
  try {
    if (single) await client.call('init', single.wasm);
    // The puzzle on screen first, so its Solve is ready sooner (a 2x2 is answered by its search
    // engine until its table is there; a 3x3 waits for its tables).
    const first = state.size;
    await client.call('prepare', first);
    await client.call('prepare', 5 - first);
  } catch (err) {
    // Stop searching ended this worker while it prepared: the new one prepares on its own.
    if (String(err.message) === 'stopped') return;
    throw err;
  }
  // The 3x3 search's large table is built (or loaded) in the background; Solve works meanwhile.
  client.call('preparePhase1').catch(() => {});
  // Offline after the first visit: the service worker keeps the page, scripts and wasm. It is
  // registered once the tables are ready, so its downloads do not slow their build.
  if (!single && 'serviceWorker' in navigator && location.protocol.startsWith('http')) {
    navigator.serviceWorker.register('sw.js').catch(() => {});
  }
}

// --- rendering -----------------------------------------------------------------------------

function buildPalette() {
  const palette = $('palette');
  palette.replaceChildren();
  COLOR_NAMES.forEach((name, c) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'swatch';
    b.dataset.color = FACES[c];
    b.dataset.colorIndex = String(c);
    b.setAttribute('aria-pressed', String(c === state.selected));
    b.setAttribute('aria-keyshortcuts', String(c + 1));
    const chip = document.createElement('span');
    chip.className = 'chip';
    chip.dataset.colorIndex = String(c);
    const label = document.createElement('span');
    label.className = 'name';
    label.textContent = `${c + 1} ${name[0].toUpperCase()}${name.slice(1)}`;
    const count = document.createElement('span');
    count.className = 'count';
    b.append(chip, label, ' ', count);
    b.addEventListener('click', () => select(c));
    palette.append(b);
  });
}

function select(c) {
  state.selected = c;
  for (const s of $('palette').children) s.setAttribute('aria-pressed', String(Number(s.dataset.colorIndex) === c));
}

function refresh({ keepField = false, quiet = false } = {}) {
  const size = state.size;
  const colors = current();
  const faces = faceColors(size, colors);
  net.show(colors, (c) => (c < 0 ? '' : FACES[faces.indexOf(c)] ?? ''));
  const per = size * size;
  const counts = COLOR_NAMES.map((_, c) => colors.filter((x) => x === c).length);
  [...$('palette').children].forEach((b, c) => {
    const count = b.querySelector('.count');
    count.textContent = `${counts[c]}/${per}`;
    count.classList.toggle('off', counts[c] > per);
    // The name holds the visible text ("1 White 9/9") first, then says it in words.
    const name = COLOR_NAMES[c];
    b.setAttribute('aria-label', `${c + 1} ${name[0].toUpperCase()}${name.slice(1)} ${counts[c]}/${per}: ${counts[c]} of ${per} painted, key ${c + 1}`);
  });
  $('orientation').textContent =
    size === 3
      ? `Hold the cube with the ${COLOR_NAMES[faces[0]]} centre on top and the ${COLOR_NAMES[faces[2]]} centre facing you. The net shows the top face above, the bottom face below, and the four sides in a row: left, front, right, back.`
      : `Hold the cube any way up; paint the top face above, the bottom face below and the four sides in a row: left, front, right, back. Hints speak of faces as you hold it.`;
  const letters = lettersOf(size, colors);
  if (!keepField) {
    $('facelets').value = letters ?? colors.map((c) => (c < 0 ? '-' : FACES[faces.indexOf(c)] ?? '?')).join('');
  }
  let valid = false;
  if (!letters) {
    const left = colors.filter((c) => c < 0).length;
    const over = COLOR_NAMES.filter((_, c) => counts[c] > per);
    net.highlight([]);
    if (!quiet) {
      setStatus(
        `Painting: ${left} sticker${left === 1 ? '' : 's'} left to paint.` +
          (over.length ? ` <span class="bad">Too many ${over.join(', ')}: each colour appears ${per} times.</span>` : ''),
      );
    }
  } else {
    const result = validate(letters);
    if (result.ok) {
      valid = true;
      net.highlight([]);
      if (!state.solution && !quiet) {
        setStatus(isSolvedColors(size, colors) ? 'This cube is solved.' : 'This is a real cube state. Press Solve.');
      }
    } else {
      net.highlight(result.problems.flatMap((p) => [...p.indices]));
      setStatus(`<span class="bad">This cube cannot exist:</span>${problemList(result.problems)}`, 'invalid');
    }
  }
  $('solve').disabled = !valid;
  renderGoal();
  renderFace();
  $('optimal').hidden = size !== 3;
  $('optimal').disabled = !valid || document.body.dataset.optimal === 'searching' || isSolvedColors(size, colors);
  const h = state.history[size];
  $('undo').disabled = h.undo.length === 0;
  $('redo').disabled = h.redo.length === 0;
  renderHints();
  save();
}

// --- actions -------------------------------------------------------------------------------

function paint(i) {
  const colors = current();
  if (colors[i] === state.selected) return;
  net.markDoubt([]);
  remember();
  colors[i] = state.selected;
  state.solution = null;
  const filled = settings.forced ? fillForced() : 0;
  refresh();
  if (filled) {
    setStatus(`${$('status').innerHTML} Filled in ${filled} sticker${filled === 1 ? '' : 's'} that could only be one colour.`);
  }
}

// Paints the unpainted stickers whose colour the painted ones force; returns how many.
function fillForced() {
  const size = state.size;
  const colors = current();
  if (!colors.includes(-1)) return 0;
  const faces = faceColors(size, colors);
  if (size === 3 && FACES.some((_, f) => colors[f * 9 + 4] < 0)) return 0;
  const partial = colors.map((c) => (c < 0 ? '-' : FACES[faces.indexOf(c)] ?? '-')).join('');
  const full = fill_forced(size, partial);
  let n = 0;
  [...full].forEach((l, i) => {
    if (colors[i] < 0 && l !== '-') {
      colors[i] = faces[FACES.indexOf(l)];
      n++;
    }
  });
  return n;
}

function undoRedo(from, to) {
  if (!takeHistory(from, to)) return;
  refresh();
  setStatus(from === 'undo' ? 'Undone.' : 'Redone.');
}

function netKey(e, i) {
  const k = e.key.toLowerCase();
  let c = -1;
  if (/^[1-6]$/.test(k)) c = Number(k) - 1;
  else if (COLOR_KEYS.includes(k) && k.length === 1) c = COLOR_KEYS.indexOf(k);
  if (c < 0 || e.ctrlKey || e.metaKey || e.altKey) return false;
  select(c);
  paint(i);
  net.focusNext(i);
  return true;
}

function setPuzzle(size) {
  state.size = size;
  $('metric-row').hidden = size !== 2;
  for (const b of document.querySelectorAll('[data-puzzle]')) {
    b.setAttribute('aria-pressed', String(Number(b.dataset.puzzle) === size));
  }
  net.build(size);
  refresh();
}

function setColors(size, colors) {
  if (state.size === size) remember();
  state.colors[size] = colors;
  state.solution = null;
  if (state.size !== size) setPuzzle(size);
  else refresh();
}

// What the field holds: a sticker string in face letters (U R F D L B, either case) or in colour
// letters (w r g y o b, as the palette's names start), or else moves applied to a solved cube.
// A long run of such letters is a sticker string even when its length is wrong: it is refused
// with its length, not read as dozens of turns. Nothing changes on a refusal.
function useField(e) {
  e.preventDefault();
  const text = $('facelets').value;
  const compact = text.replace(/\s+/g, '');
  if (!compact) {
    setStatus(
      'Type a sticker string (54 letters for a 3x3, 24 for a 2x2, faces in the order U R F D L B) or moves such as <code>R U R\' U\'</code>, then press Use.',
      'invalid',
    );
    return;
  }
  const letters = /^[urfdlbwgyo]+$/i.test(compact);
  const sized = compact.length === 24 || compact.length === 54;
  const long = compact.length >= 20 && text.trim().split(/\s+/).some((t) => t.length >= 5);
  if (letters && (sized || long)) {
    const faces = compact.toUpperCase();
    if (!sized) {
      const kind = /^[URFDLB]+$/.test(faces) ? '' : ' in colour letters';
      setStatus(
        `<span class="bad">That sticker string${kind} has ${compact.length} letters: a 3x3 needs 54 and a 2x2 24 (spaces are ignored). Nothing was changed.</span>`,
        'invalid',
      );
      return;
    }
    const size = compact.length === 24 ? 2 : 3;
    if (/^[URFDLB]+$/.test(faces)) {
      setColors(size, colorsOf(faces, faceColor()));
      return;
    }
    if (/^[wrgyob]+$/i.test(compact)) {
      setColors(size, [...compact.toLowerCase()].map((ch) => COLOR_KEYS.indexOf(ch)));
      const legend = [...COLOR_KEYS].map((k, c) => `${k} ${COLOR_NAMES[c]}`).join(', ');
      $('status').insertAdjacentHTML('afterbegin', `Read as colours (${legend}). `);
      return;
    }
  }
  // One word of exactly 24 or 54 letters is a sticker string with a typo, not moves (53 turns
  // and an x); so is a sized string with no move marks.
  const oneWord = sized && /^[a-z]+$/i.test(compact) && !/\s/.test(text.trim());
  const stickers = oneWord || (sized && !/['’2()xz0-9]/i.test(compact));
  if (stickers) {
    setStatus(`<span class="bad">That sticker string cannot be used:</span>${problemList(validate(compact).problems)}`, 'invalid');
    return;
  }
  try {
    setColors(state.size, colorsOf(apply_moves(state.size, '', text), faceColor()));
    setStatus(`Applied ${escapeHtml(text.trim())} to a solved cube.`);
  } catch (err) {
    setStatus(`<span class="bad">${escapeHtml(String(err.message ?? err))}</span>`, 'invalid');
  }
}

let solving = null; // the state being solved, while Solve waits

// Ends the search (its worker is ended and started again); a solution shown stays.
function stopButton() {
  const stop = document.createElement('button');
  stop.type = 'button';
  stop.textContent = 'Stop searching';
  stop.addEventListener('click', () => {
    cancelOptimal(); // a hard cube's search of one length, if that is what runs
    client.terminate();
    client = newClient();
    state.ready[3] = false;
    startWorker();
  });
  return stop;
}

async function solve() {
  const size = state.size;
  const letters = lettersOf(size, current());
  if (!letters) return;
  $('solve').disabled = true;
  setStatus(size === 3 && !state.ready[3] ? 'Preparing the 3x3 tables, then solving…' : 'Solving…');
  // A rare hard 3x3 can take a few seconds: offer a way out after one.
  const job = (solving = { letters, shown: false });
  const offer = setTimeout(() => $('status').append(' Still searching. ', stopButton()), 1000);
  try {
    const t0 = performance.now();
    const metric = size === 2 ? settings.metric : 'htm';
    const method = size === 3 && !hasGoal() ? state.method : '';
    const to = hasGoal() ? goalText() : null;
    if (hasGoal() && !to) {
      setStatus('<span class="bad">The painted target is not one a cube can show:</span> see the problems under the target.', 'invalid');
      return;
    }
    let r;
    const easy = settings.easy && !method && !to;
    if (method) r = await client.call('solveStage', { facelets: letters, method });
    else if (to) r = await client.call('solveTo', { facelets: letters, to, metric });
    else if (easy) r = await client.call('solveEasy', { facelets: letters, metric });
    else r = await client.call(size === 2 ? 'solve2' : 'solve3', { facelets: letters, metric, maxLength: maxLength() });
    const ms = performance.now() - t0;
    // Changed meanwhile (or a hard cube's first solution is being followed): left as it is.
    if (state.size !== size || lettersOf(size, current()) !== letters || (job.shown && state.solution?.step > 0)) return;
    if (method && !r) {
      state.solution = null;
      setStatus('This cube is solved: every stage is done.');
      return;
    }
    const moves = r.moves ? r.moves.split(' ') : [];
    const exact = (size === 2 && !to) || r.optimal === true;
    state.solution = { size, moves, step: 0, exact, metric, start: [...current()] };
    if (r.stickers?.length) state.solution.stickers = [...r.stickers];
    const time = `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;
    const how = exact ? 'the fewest' : r.through_solved ? 'found by way of the solved cube (the search for the fewest stopped)' : 'not proven the fewest';
    if (method) {
      Object.assign(state.solution, { stage: r.stage, stages: r.stages, name: r.name, goal: r.goal });
      setStatus(`Stage ${r.stage + 1} of ${r.stages}, ${escapeHtml(r.name)}: ${escapeHtml(r.goal)} ${moves.length} move${moves.length === 1 ? '' : 's'} (${how}), found in ${time}. The pieces it places are outlined on the net.`);
    } else if (to) {
      state.solution.goalLabel = goalLabel();
      setStatus(`Found ${moves.length} move${moves.length === 1 ? '' : 's'} to ${escapeHtml(goalLabel())} (${how}) in ${time}. Use Next move to follow them.`);
    } else if (easy) {
      const what = exact ? 'optimal solution' : 'solution';
      const than = r.shortest_length === moves.length && r.shortest_cost === r.cost ? '' : `; the shortest found, ${r.shortest_length} moves, costs ${r.shortest_cost.toFixed(1)}`;
      setStatus(`Found a ${moves.length}-move ${what} easy to turn (turning cost ${r.cost.toFixed(1)}${than}; chosen from ${r.candidates}) in ${time}. Use Next move to follow it.`);
    } else if (r.gaveUp) {
      await searchAllOfLength(letters, moves.length, ms, t0);
    } else {
      const what = exact ? 'optimal solution' : 'solution';
      setStatus(`Found a ${moves.length}-move ${what} in ${time}. Use Next move to follow it.`);
    }
  } catch (err) {
    const stopped = String(err.message) === 'stopped';
    const kept = state.solution && state.solution.size === size;
    const said = stopped ? (kept ? `Stopped. The ${state.solution.moves.length}-move solution stays.` : 'Stopped. Press Solve to search again.') : `<span class="bad">${escapeHtml(String(err.message ?? err))}</span>`;
    setStatus(said, stopped ? '' : 'invalid');
  } finally {
    solving = null;
    clearTimeout(offer);
    refresh({ quiet: true });
  }
}

// The longest solution Solve gives a 3x3: `?max=N` in the address (1 to 20), else 20.
function maxLength() {
  const n = Number(new URLSearchParams(location.search).get('max'));
  return Number.isInteger(n) && n >= 1 && n <= 20 ? n : 20;
}

// A hard 3x3 whose two-phase search found nothing within the length (its longer solution of
// `shown` moves is on show): every sequence of that length, searched with the optimal solver's
// tables, answers it (or proves none that short exists).
async function searchAllOfLength(letters, shown, ms, t0) {
  const max = maxLength();
  setStatus(`A hard cube: the quick search found no solution of ${max} moves or fewer in ${seconds(ms)}; this one has ${shown} (shown: you can follow it). Now searching every ${max}-move sequence with the optimal solver's tables…`);
  $('status').append(' ', stopButton());
  const found = await searchLength(letters, max);
  const took = seconds(performance.now() - t0);
  if (state.size !== 3 || lettersOf(3, current()) !== letters) {
    setStatus(`For the cube as it was when you pressed Solve, a ${found.length}-move solution was found in ${took}: ${escapeHtml(found.join(' '))}.`);
    return;
  }
  const within = found.length <= max;
  state.solution = { size: 3, moves: found, step: 0, exact: !within, metric: 'htm', start: [...current()] };
  setStatus(
    within
      ? `Found a ${found.length}-move solution in ${took} (every ${max}-move sequence searched with the optimal solver's tables). Use Next move to follow it.`
      : `No solution of ${max} moves or fewer exists: the shortest has ${found.length} moves (found in ${took}). Use Next move to follow it.`,
  );
}

async function scramble() {
  const size = state.size;
  $('scramble').disabled = true;
  setStatus('Scrambling…');
  try {
    const r = await client.call(size === 2 ? 'scramble2' : 'scramble3');
    setColors(size, colorsOf(r.facelets, faceColor()));
    const hold = `${COLOR_NAMES[faceColor()[0]]} on top, ${COLOR_NAMES[faceColor()[2]]} in front`;
    setStatus(`Scrambled with ${escapeHtml(r.moves)} (hold ${hold}). Press Solve.`);
  } catch (err) {
    setStatus(`<span class="bad">${escapeHtml(String(err.message ?? err))}</span>`, 'invalid');
  } finally {
    $('scramble').disabled = false;
  }
}

// A hard 3x3: a longer solution found at once, shown while the search for a shorter goes on.
function onHardBest({ best, length, target }) {
  const letters = lettersOf(3, current());
  if (state.size !== 3 || !solving || solving.letters !== letters) return;
  if (state.solution && state.solution.step > 0) return; // being followed: left alone
  state.solution = { size: 3, moves: best.split(' '), step: 0, exact: false, metric: 'htm', start: [...current()] };
  solving.shown = true;
  refresh({ quiet: true });
  setStatus(`A hard cube: found ${length} moves at once (shown; you can follow them). Searching for ${target} or fewer…`);
  $('status').append(' ', stopButton());
}

function onProgress({ puzzle, fraction, source, ms, best, length, target }) {
  if (puzzle === 'solve3') {
    onHardBest({ best, length, target });
    return;
  }
  if (puzzle === 'phase1') {
    const note = $('search-note');
    note.hidden = fraction >= 1;
    note.textContent = `Preparing the faster 3x3 search in the background… ${Math.round(fraction * 100)}% (Solve works meanwhile)`;
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
    fraction >= 1 ? `${puzzle}x${puzzle} tables ready.` : `Preparing ${puzzle}x${puzzle} tables… ${Math.round(fraction * 100)}%`;
  if (source) {
    document.body.dataset[`tables${puzzle}`] = source;
    document.body.dataset[`tables${puzzle}Ms`] = String(Math.round(ms));
  }
}

function onKeydown(e) {
  const inField = e.target.closest?.('input, select, textarea');
  if ((e.ctrlKey || e.metaKey) && !inField) {
    const k = e.key.toLowerCase();
    if (k === 'z' && !e.shiftKey) {
      e.preventDefault();
      undoRedo('undo', 'redo');
    } else if (k === 'y' || (k === 'z' && e.shiftKey)) {
      e.preventDefault();
      undoRedo('redo', 'undo');
    }
    return;
  }
  if (inField || e.target.closest?.('[data-facelet], [data-target-facelet]') || !state.solution || e.altKey) return;
  if (e.key === 'ArrowRight') step(1);
  else if (e.key === 'ArrowLeft') step(-1);
}

// --- start ---------------------------------------------------------------------------------

await init(single ? { module_or_path: single.wasm } : undefined);
applyLook();
buildPalette();
restore(location.hash.slice(1) || kept() || '');
for (const b of document.querySelectorAll('[data-puzzle]')) {
  b.addEventListener('click', () => setPuzzle(Number(b.dataset.puzzle)));
}
$('reset').addEventListener('click', () => {
  setColors(state.size, solvedColors(state.size));
  setStatus('Reset to a solved cube.');
});
$('clear').addEventListener('click', () => {
  const size = state.size;
  // Keep the 3x3 centres: they say which colour belongs to which face.
  setColors(size, solvedColors(size).map((c, i) => (size === 3 && i % 9 === 4 ? c : -1)));
  setStatus('Cleared. Pick a colour, then click the stickers to match your cube.');
});
$('undo').addEventListener('click', () => undoRedo('undo', 'redo'));
$('redo').addEventListener('click', () => undoRedo('redo', 'undo'));
$('scramble').addEventListener('click', scramble);
$('solve').addEventListener('click', solve);
$('optimal').addEventListener('click', findOptimal);
$('optimal-cancel').addEventListener('click', cancelOptimal);
initGoal({ selected: () => state.selected, changed: () => refresh() });
initFaceView({ paint, select, net });
initScan((size, colors, doubtful, how) => {
  setColors(size, colors);
  net.markDoubt(doubtful);
  const check = doubtful.length
    ? ` ${doubtful.length} sticker${doubtful.length === 1 ? ' was' : 's were'} hard to read (dashed outline): check ${doubtful.length === 1 ? 'it' : 'them'} against your cube.`
    : '';
  $('status').insertAdjacentHTML('afterbegin', `${escapeHtml(how[0].toUpperCase() + how.slice(1))}.${escapeHtml(check)} `);
});
$('next').addEventListener('click', () => step(1));
$('prev').addEventListener('click', () => step(-1));
$('facelet-form').addEventListener('submit', useField);
document.addEventListener('keydown', onKeydown);
// A setting: keep it, then do what it changes.
function onSetting(id, key, read, then) {
  $(id).addEventListener(id === 'speed' ? 'input' : 'change', (e) => {
    settings[key] = read(e.target);
    saveSettings();
    then?.();
  });
}
const checked = (el) => el.checked;
const value = (el) => el.value;
for (const r of document.querySelectorAll('input[name="mode"]')) {
  r.addEventListener('change', () => {
    settings.mode = r.value;
    saveSettings();
    renderHints();
  });
}
onSetting('speak', 'speak', checked, speakHint);
onSetting('forced', 'forced', checked);
onSetting('easy', 'easy', checked, () => {
  state.solution = null;
  refresh();
});
onSetting('letters', 'letters', checked, applyLook);
onSetting('speed', 'speed', (el) => Number(el.value), applyLook);
onSetting('metric', 'metric', value, () => {
  state.solution = null;
  refresh();
});
$('scheme').addEventListener('change', (e) => {
  // Repaint in the new scheme: each sticker keeps its face.
  const before = { 2: faceColor(), 3: faceColors(3, state.colors[3]) };
  settings.scheme = e.target.value;
  saveSettings();
  applyLook();
  for (const size of [2, 3]) {
    state.colors[size] = state.colors[size].map((c) => (c < 0 ? c : faceColor()[before[size].indexOf(c)]));
  }
  state.solution = null;
  refresh();
});
window.addEventListener('hashchange', () => {
  if (location.hash.slice(1) === encodeState()) return;
  state.solution = null;
  restore(location.hash.slice(1));
  setPuzzle(state.size);
});
setPuzzle(state.size);
$('progress-box').hidden = false;
if (hasSimd()) {
  startWorker();
} else {
  setStatus(
    '<span class="bad">This browser cannot run the solver:</span> it needs WebAssembly with SIMD ' +
      '(Chrome or Edge 91, Firefox 89, Safari 16.4 or later). You can still paint the cube and share its link.',
    'invalid',
  );
}

document.body.dataset.ready = 'true';
