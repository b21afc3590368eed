// The page's wiring: painting (mouse or keyboard, with undo), validation from Rust, the sticker
// field, the steps of the page (enter the cube, then follow its solution), and the buttons. The
// parts live in modules of their own: state.js (the cubes, history, the address), settings.js,
// solve-flow.js (Solve and the solver worker), hints.js (following a solution), optimal-panel.js
// (Find optimal), net.js (the net), solver-client.js (the workers), dom.js.
import init, { validate, apply_moves, fill_forced } from './pkg/cubehint.js';
import { $, escapeHtml, problemList, setStatus } from './dom.js';
import { render as renderFace, initFaceView, showFace } from './face-view.js';
import { initScan, refreshAsk, scanAnswer } from './scan-panel.js';
import { initGoal, renderGoal } from './goal.js';
import { initHints, renderHints, speakHint, step } from './hints.js';
import { Net } from './net.js';
import { cancelOptimal, findOptimal, initOptimal } from './optimal-panel.js';
import { COLOR_KEYS, COLOR_NAMES, applyLook, faceColor, saveSettings, settings } from './settings.js';
import { initSolve, newClient, solve, solver, startWorker } from './solve-flow.js';
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
const single = globalThis.CUBEHINT_SINGLE;
// Whether the field holds text the person typed and has not used yet: the page then leaves it
// as it is (a step through a solution, a setting), and Solve uses it first.
let fieldEdited = false;
// Whether the cube on show is complete and real (what refresh found): Solve can take it.
let solvable = false;
initSolve({ refresh: (o) => refresh(o), showSolution, takeField });
initHints({ net, refresh: (o) => refresh(o), nextStage: () => solve() });
initOptimal({ newClient, single, solver, refresh: (o) => refresh(o) });

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
  refreshAsk();
  const letters = lettersOf(size, colors);
  if (!keepField && !fieldEdited) {
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
  solvable = valid;
  $('solve').disabled = !valid;
  if (!state.solution || state.solution.size !== size) document.body.dataset.flow = 'enter';
  renderGoal();
  // The palette beside the net being painted: the target's while a target is painted.
  const paletteAt = state.goal[size] === 'painted' ? $('target-palette') : $('palette-home');
  if ($('palette').parentNode !== paletteAt) paletteAt.append($('palette'));
  renderFace();
  $('optimal').hidden = size !== 3;
  $('optimal').disabled = !valid || document.body.dataset.optimal === 'searching' || isSolvedColors(size, colors);
  const h = state.history[size];
  $('undo').disabled = h.undo.length === 0;
  $('redo').disabled = h.redo.length === 0;
  renderHints();
  save();
}

// --- the steps: enter the cube, then follow its solution ------------------------------------

// A narrow screen shows one step at a time: the editor folds away while a solution is followed.
const narrow = () => window.matchMedia('(max-width: 700px)').matches;

// The solution is on show: the hint, the 3D cube and Next move come into view (on a narrow
// screen the editor folds away; Edit cube brings it back).
function showSolution() {
  if (!state.solution || state.solution.size !== state.size) return;
  document.body.dataset.flow = 'follow';
  const top = $('follow-top');
  requestAnimationFrame(() => top.scrollIntoView({ block: 'start', behavior: 'instant' }));
}

// Back to the editor (the solution stays, for when it is shown again).
function showEditor({ focus = false } = {}) {
  const was = document.body.dataset.flow;
  document.body.dataset.flow = 'enter';
  if (was === 'follow' && narrow()) {
    window.scrollTo({ top: 0, behavior: 'instant' });
    if (focus) $('solve').focus({ preventScroll: true });
  }
}

// After Use, Use these or Use photos on a narrow screen: a cube that can be solved is, at once
// (true); otherwise the editor stays, with Solve or the problems in view.
function solveWhenNarrow(note = '') {
  if (!narrow() || !solvable || isSolvedColors(state.size, current())) {
    if (narrow()) requestAnimationFrame(() => $('status').scrollIntoView({ block: 'nearest', behavior: 'instant' }));
    return false;
  }
  solve({ note });
  return true;
}

// --- actions -------------------------------------------------------------------------------

function paint(i) {
  // A doubtful sticker of a scan painted (its own colour too): an answer, and the scan's legal
  // cube follows it.
  if (scanAnswer(i, state.selected)) return;
  const colors = current();
  if (colors[i] === state.selected) return;
  net.markDoubt([]);
  remember();
  fieldEdited = false;
  colors[i] = state.selected;
  state.solution = null;
  const filled = settings.forced ? fillForced() : 0;
  refresh();
  if (filled) {
    setStatus(`${$('status').innerHTML} Filled in ${filled} sticker${filled === 1 ? '' : 's'} that could only be one colour.`);
  }
  // The cube is complete and real: Solve, the next step, in view.
  if (solvable && narrow()) $('solve').scrollIntoView({ block: 'nearest', behavior: 'instant' });
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
  fieldEdited = false;
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
  fieldEdited = false;
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
function applyField() {
  const text = $('facelets').value;
  const compact = text.replace(/\s+/g, '');
  if (!compact) {
    setStatus(
      'Type a sticker string (54 letters for a 3x3, 24 for a 2x2, faces in the order U R F D L B) or moves such as <code>R U R\' U\'</code>, then press Use.',
      'invalid',
    );
    return false;
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
      return false;
    }
    const size = compact.length === 24 ? 2 : 3;
    if (/^[URFDLB]+$/.test(faces)) {
      setColors(size, colorsOf(faces, faceColor()));
      return true;
    }
    if (/^[wrgyob]+$/i.test(compact)) {
      setColors(size, [...compact.toLowerCase()].map((ch) => COLOR_KEYS.indexOf(ch)));
      const legend = [...COLOR_KEYS].map((k, c) => `${k} ${COLOR_NAMES[c]}`).join(', ');
      $('status').insertAdjacentHTML('afterbegin', `Read as colours (${legend}). `);
      return true;
    }
  }
  // One word of exactly 24 or 54 letters is a sticker string with a typo, not moves (53 turns
  // and an x); so is a sized string with no move marks.
  const oneWord = sized && /^[a-z]+$/i.test(compact) && !/\s/.test(text.trim());
  const stickers = oneWord || (sized && !/['’2()xz0-9]/i.test(compact));
  if (stickers) {
    setStatus(`<span class="bad">That sticker string cannot be used:</span>${problemList(validate(compact).problems)}`, 'invalid');
    return false;
  }
  try {
    setColors(state.size, colorsOf(apply_moves(state.size, '', text), faceColor()));
    setStatus(`Applied ${escapeHtml(text.trim())} to a solved cube.`);
    return true;
  } catch (err) {
    setStatus(`<span class="bad">${escapeHtml(String(err.message ?? err))}</span>`, 'invalid');
    return false;
  }
}

// Solve's first step: text typed but not used is used now; false (the text kept, the reason
// shown) when it cannot be, or when the cube it gives cannot exist (its problems shown).
function takeField() {
  return !fieldEdited || (applyField() && solvable);
}

// Use: the field's cube on the net; on a narrow screen, solved at once (the next step).
function useField(e) {
  e.preventDefault();
  if (!applyField()) return;
  solveWhenNarrow(/^Applied|^Read as/.test($('status').textContent) ? `${$('status').innerHTML} ` : '');
}



async function scramble() {
  const size = state.size;
  $('scramble').disabled = true;
  setStatus('Scrambling…');
  try {
    const r = await solver.scramble({ puzzle: size });
    setColors(size, colorsOf(r.state, faceColor()));
    const hold = `${COLOR_NAMES[faceColor()[0]]} on top, ${COLOR_NAMES[faceColor()[2]]} in front`;
    setStatus(`Scrambled with ${escapeHtml(r.text)} (hold ${hold}). Press Solve.`);
  } catch (err) {
    setStatus(`<span class="bad">${escapeHtml(String(err.message ?? err))}</span>`, 'invalid');
  } finally {
    $('scramble').disabled = false;
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
initScan((size, read, how, answered = null) => {
  setColors(size, read.colors);
  net.markDoubt(read.doubtful, read.changed);
  const left = read.doubtful.length;
  const check = left ? ` ${left} sticker${left === 1 ? '' : 's'} to check (dashed outline): answer the question above the net, or paint ${left === 1 ? 'it' : 'them'}.` : '';
  const changed = read.changed.length
    ? ` ${read.changed.length} sticker${read.changed.length === 1 ? ' was' : 's were'} read as the colour that makes a real cube (dotted outline).`
    : '';
  const head = answered ? `${answered.sticker} is ${answered.colour}.` : `${how[0].toUpperCase() + how.slice(1)}.`;
  const problem = read.problem ? ` ${read.problem}` : '';
  const note = `${escapeHtml(head + problem + check + (answered ? '' : changed))} `;
  $('status').insertAdjacentHTML('afterbegin', note);
  // Stickers to check, or a face that looks wrong, first: Solve then, with them in view.
  if (left || read.problem || !solveWhenNarrow(note)) {
    showEditor();
    if (left || read.problem) showFace(read.problem ? read.problemFace : Math.floor(read.doubtful[0] / (size * size)));
  }
});
$('next').addEventListener('click', () => step(1));
$('prev').addEventListener('click', () => step(-1));
$('facelet-form').addEventListener('submit', useField);
$('facelets').addEventListener('input', () => (fieldEdited = true));
$('edit-cube').addEventListener('click', () => showEditor({ focus: true }));
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
// A link or a reload with a solution in it opens on that solution.
if (state.solution) showSolution();
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
