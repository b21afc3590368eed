// The page: painting, validation (from Rust), solving in the worker, stepwise hints.
import init, { validate, apply_moves } from './pkg/cubehint.js';
import { Net, FACES, FACE_WORDS } from './net.js';
import { SolverClient } from './solver-client.js';

// Colour numbers follow the faces of the default scheme (WCA): U white, R red, F green,
// D yellow, L orange, B blue.
const COLOR_NAMES = ['white', 'red', 'green', 'yellow', 'orange', 'blue'];
const $ = (id) => document.getElementById(id);

const state = {
  size: 3,
  colors: { 2: solvedColors(2), 3: solvedColors(3) },
  selected: 0,
  solution: null, // { size, moves, step, lengthExact }
  ready: { 2: false, 3: false },
};

function solvedColors(size) {
  return FACES.flatMap((_, f) => Array(size * size).fill(f));
}

const colorName = (c) => COLOR_NAMES[c];
const net = new Net($('net'), { onPaint: paint, colorName });
const client = new SolverClient(new URL('./solver.worker.js', import.meta.url), onProgress);

// --- colours and letters -------------------------------------------------------------------

// For each face, the colour of its centre (3x3); the default scheme when centres repeat.
function centreColors(size, colors) {
  if (size === 2) return [0, 1, 2, 3, 4, 5];
  const centres = FACES.map((_, f) => colors[f * 9 + 4]);
  const distinct = new Set(centres).size === 6 && !centres.includes(-1);
  return distinct ? centres : [0, 1, 2, 3, 4, 5];
}

// The sticker string, or null while stickers are unpainted. On the 3x3 a letter names the
// face whose centre has the sticker's colour, so a cube painted in any orientation reads right.
function lettersOf(size, colors) {
  if (colors.includes(-1)) return null;
  const centre = centreColors(size, colors);
  return colors.map((c) => FACES[centre.indexOf(c)]).join('');
}

function colorsOf(letters, centre) {
  return [...letters].map((l) => centre[FACES.indexOf(l)]);
}

function current() {
  return state.colors[state.size];
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
    b.setAttribute('aria-pressed', String(c === state.selected));
    b.innerHTML = `<span class="chip" data-color="${FACES[c]}"></span>
      <span class="name">${name[0].toUpperCase() + name.slice(1)}</span> <span class="count"></span>`;
    b.addEventListener('click', () => {
      state.selected = c;
      for (const s of palette.children) s.setAttribute('aria-pressed', String(s === b));
    });
    palette.append(b);
  });
}

function setStatus(html, cls = '') {
  const s = $('status');
  s.className = `status ${cls}`;
  s.innerHTML = html;
}

const escapeHtml = (t) => t.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

function refresh({ keepField = false } = {}) {
  const size = state.size;
  const colors = current();
  net.show(colors);
  const per = size * size;
  const counts = COLOR_NAMES.map((_, c) => colors.filter((x) => x === c).length);
  [...$('palette').children].forEach((b, c) => {
    const count = b.querySelector('.count');
    count.textContent = `${counts[c]}/${per}`;
    count.classList.toggle('off', counts[c] > per);
    b.setAttribute('aria-label', `${COLOR_NAMES[c]}: ${counts[c]} of ${per} painted`);
  });
  const centre = centreColors(size, colors);
  $('up-name').textContent = size === 3 ? COLOR_NAMES[centre[0]] : 'top-layer';
  $('front-name').textContent = size === 3 ? COLOR_NAMES[centre[2]] : 'front';
  const letters = lettersOf(size, colors);
  if (!keepField) {
    $('facelets').value = letters ?? colors.map((c) => (c < 0 ? '-' : FACES[c])).join('');
  }
  let valid = false;
  if (!letters) {
    const left = colors.filter((c) => c < 0).length;
    const over = COLOR_NAMES.filter((_, c) => counts[c] > per);
    net.highlight([]);
    setStatus(
      `Painting: ${left} sticker${left === 1 ? '' : 's'} left to paint.` +
        (over.length ? ` <span class="bad">Too many ${over.join(', ')}: each colour appears ${per} times.</span>` : ''),
    );
  } else {
    const result = JSON.parse(validate(letters));
    if (result.ok) {
      valid = true;
      net.highlight([]);
      if (!state.solution) {
        const solved = letters === solvedLetters(size, letters);
        setStatus(solved ? 'This cube is solved.' : 'This is a real cube state. Press Solve.');
      }
    } else {
      net.highlight(result.problems.flatMap((p) => p.indices));
      const items = result.problems
        .map((p) => `<li><code>${p.code}</code>: ${escapeHtml(p.message)}</li>`)
        .join('');
      setStatus(`<span class="bad">This cube cannot exist:</span><ul>${items}</ul>`, 'invalid');
    }
  }
  $('solve').disabled = !valid;
  renderHints();
}

// True when every face is one colour (however a 2x2 is held): compares with itself per face.
function solvedLetters(size, letters) {
  const per = size * size;
  return [...letters].map((_, i) => letters[Math.floor(i / per) * per + (size === 3 ? 4 : 0)]).join('');
}

function describeMove(move, size, colors) {
  const face = move[0];
  const turn = move.endsWith('2') ? 'a half turn' : move.endsWith("'") ? 'a quarter turn counter-clockwise' : 'a quarter turn clockwise';
  const where = FACE_WORDS[face];
  if (size === 3) {
    const centre = COLOR_NAMES[colors[FACES.indexOf(face) * 9 + 4]];
    return `Turn the ${where} face (the one with the ${centre} centre) ${turn}, as seen looking straight at that face.`;
  }
  return `Turn the ${where} face ${turn}, as seen looking straight at that face.`;
}

function renderHints() {
  const sol = state.solution;
  const box = $('hints');
  if (!sol || sol.size !== state.size) {
    box.hidden = true;
    net.markTurn(null);
    return;
  }
  box.hidden = false;
  const sp = $('solution');
  sp.replaceChildren();
  if (sol.moves.length === 0) sp.textContent = '(already solved)';
  sol.moves.forEach((m, i) => {
    const s = document.createElement('span');
    s.className = `move${i < sol.step ? ' done' : ''}${i === sol.step ? ' current' : ''}`;
    s.textContent = m;
    sp.append(s, ' ');
  });
  const left = sol.moves.length - sol.step;
  const next = sol.moves[sol.step];
  if (next) {
    $('hint').textContent = `Move ${sol.step + 1} of ${sol.moves.length}: ${describeMove(next, sol.size, current())}`;
    const dir = next.endsWith('2') ? 'half' : next.endsWith("'") ? 'ccw' : 'cw';
    net.markTurn(next[0], dir);
  } else {
    $('hint').textContent = sol.moves.length ? 'Solved! Every face is one colour.' : 'This cube is already solved.';
    net.markTurn(null);
  }
  const unit = left === 1 ? 'move' : 'moves';
  $('left').textContent = sol.exact
    ? `${left} ${unit} left (the fewest possible).`
    : `At most ${left} ${unit} left.`;
  $('prev').disabled = sol.step === 0;
  $('next').disabled = sol.step >= sol.moves.length;
}

// --- actions -------------------------------------------------------------------------------

function paint(i) {
  const colors = current();
  if (colors[i] === state.selected) return;
  colors[i] = state.selected;
  state.solution = null;
  refresh();
}

function setPuzzle(size) {
  state.size = size;
  for (const b of document.querySelectorAll('[data-puzzle]')) {
    b.setAttribute('aria-pressed', String(Number(b.dataset.puzzle) === size));
  }
  net.build(size);
  refresh();
}

function setLetters(size, letters) {
  state.colors[size] = colorsOf(letters, [0, 1, 2, 3, 4, 5]);
  state.solution = null;
  if (state.size !== size) setPuzzle(size);
  else refresh();
}

function useField(e) {
  e.preventDefault();
  const text = $('facelets').value;
  const compact = text.replace(/\s+/g, '');
  const looksLikeStickers = (compact.length === 24 || compact.length === 54) && !/['’2wxyz()]/.test(compact);
  if (looksLikeStickers && /^[URFDLB]+$/.test(compact)) {
    setLetters(compact.length === 24 ? 2 : 3, compact);
    return;
  }
  if (looksLikeStickers) {
    const r = JSON.parse(validate(compact));
    const items = r.problems.map((p) => `<li><code>${p.code}</code>: ${escapeHtml(p.message)}</li>`).join('');
    setStatus(`<span class="bad">That sticker string cannot be used:</span><ul>${items}</ul>`, 'invalid');
    return;
  }
  try {
    setLetters(state.size, apply_moves(state.size, '', text));
    setStatus(`Applied ${escapeHtml(text.trim())} to a solved cube.`);
  } catch (err) {
    setStatus(`<span class="bad">${escapeHtml(String(err.message ?? err))}</span>`, 'invalid');
  }
}

async function solve() {
  const size = state.size;
  const letters = lettersOf(size, current());
  if (!letters) return;
  $('solve').disabled = true;
  setStatus(size === 3 && !state.ready[3] ? 'Preparing the 3x3 tables, then solving…' : 'Solving…');
  try {
    const t0 = performance.now();
    const r = await client.call(size === 2 ? 'solve2' : 'solve3', { facelets: letters });
    const ms = performance.now() - t0;
    if (state.size !== size || lettersOf(size, current()) !== letters) return; // changed meanwhile
    const moves = r.moves ? r.moves.split(' ') : [];
    state.solution = { size, moves, step: 0, exact: size === 2 };
    const what = size === 2 ? 'optimal solution' : 'solution';
    setStatus(`Found a ${moves.length}-move ${what} in ${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms. Use Next move to follow it.`);
  } catch (err) {
    setStatus(`<span class="bad">${escapeHtml(String(err.message ?? err))}</span>`, 'invalid');
  } finally {
    refresh();
  }
}

function step(delta) {
  const sol = state.solution;
  if (!sol) return;
  const i = delta > 0 ? sol.step : sol.step - 1;
  const m = sol.moves[i];
  if (!m) return;
  const move = delta > 0 ? m : m.endsWith('2') ? m : m.endsWith("'") ? m[0] : `${m}'`;
  const colors = current();
  const letters = lettersOf(sol.size, colors);
  const centre = centreColors(sol.size, colors);
  state.colors[sol.size] = colorsOf(apply_moves(sol.size, letters, move), centre);
  sol.step += delta;
  refresh();
}

async function scramble() {
  const size = state.size;
  $('scramble').disabled = true;
  setStatus('Scrambling…');
  try {
    const r = await client.call(size === 2 ? 'scramble2' : 'scramble3');
    state.colors[size] = colorsOf(r.facelets, [0, 1, 2, 3, 4, 5]);
    state.solution = null;
    if (state.size === size) refresh();
    setStatus(`Scrambled with ${escapeHtml(r.moves)} (hold white up, green in front). Press Solve.`);
  } catch (err) {
    setStatus(`<span class="bad">${escapeHtml(String(err.message ?? err))}</span>`, 'invalid');
  } finally {
    $('scramble').disabled = false;
  }
}

function onProgress({ puzzle, fraction }) {
  const box = $('progress-box');
  state.ready[puzzle] = fraction >= 1;
  box.hidden = state.ready[2] && state.ready[3];
  $('progress').value = fraction;
  $('progress-label').textContent =
    fraction >= 1 ? `${puzzle}x${puzzle} tables ready.` : `Preparing ${puzzle}x${puzzle} tables… ${Math.round(fraction * 100)}%`;
}

// --- start ---------------------------------------------------------------------------------

await init();
buildPalette();
for (const b of document.querySelectorAll('[data-puzzle]')) {
  b.addEventListener('click', () => setPuzzle(Number(b.dataset.puzzle)));
}
$('reset').addEventListener('click', () => {
  state.colors[state.size] = solvedColors(state.size);
  state.solution = null;
  refresh();
});
$('clear').addEventListener('click', () => {
  const size = state.size;
  // Keep the 3x3 centres: they say which colour belongs to which face.
  state.colors[size] = solvedColors(size).map((c, i) => (size === 3 && i % 9 === 4 ? c : -1));
  state.solution = null;
  refresh();
  setStatus('Cleared. Pick a colour, then click the stickers to match your cube.');
});
$('scramble').addEventListener('click', scramble);
$('solve').addEventListener('click', solve);
$('next').addEventListener('click', () => step(1));
$('prev').addEventListener('click', () => step(-1));
$('facelet-form').addEventListener('submit', useField);
setPuzzle(3);
$('progress-box').hidden = false;
client.call('prepare', 2).then(() => client.call('prepare', 3));
document.body.dataset.ready = 'true';
