// The page: painting (mouse or keyboard, with undo), validation from Rust, solving in the
// worker, stepwise hints in words (and speech), sharing through the address bar.
import init, { validate, apply_moves, turn_sources, fill_forced } from './pkg/cubehint.js';
import { Net, FACES } from './net.js';
import { SharedOptimal, SolverClient } from './solver-client.js';
import { describeMove, directionOf, invertMove } from './words.js';

// Colours are numbered 0..5: white, red, green, yellow, orange, blue. A scheme says which colour
// each face (U R F D L B) has when the cube is solved.
const COLOR_NAMES = ['white', 'red', 'green', 'yellow', 'orange', 'blue'];
const COLOR_KEYS = 'wrgyob';
const DEFAULT_CSS = ['#ffffff', '#d0021b', '#009b48', '#ffd500', '#ff6c00', '#0046ad'];
const SCHEMES = {
  standard: [0, 1, 2, 3, 4, 5],
  yellow: [3, 2, 1, 0, 5, 4],
  custom: [0, 1, 2, 3, 4, 5],
};
const STORE = 'cubehint-state';
const SETTINGS = 'cubehint-settings';
const $ = (id) => document.getElementById(id);

const settings = {
  scheme: 'standard',
  css: [...DEFAULT_CSS],
  letters: false,
  forced: true,
  metric: 'htm',
  speed: 400,
  speak: false,
  mode: 'full',
  ...safeJson(localStorage.getItem(SETTINGS)),
};
const faceColor = () => SCHEMES[settings.scheme] ?? SCHEMES.standard;

const state = {
  size: 3,
  colors: { 2: solvedColors(2), 3: solvedColors(3) },
  selected: 0,
  history: { 2: { undo: [], redo: [] }, 3: { undo: [], redo: [] } },
  solution: null, // { size, moves, step, exact, start }
  ready: { 2: false, 3: false },
};

function safeJson(text) {
  try {
    return JSON.parse(text) ?? {};
  } catch {
    return {};
  }
}

function solvedColors(size) {
  const map = faceColor();
  return FACES.flatMap((_, f) => Array(size * size).fill(map[f]));
}

const colorName = (c) => COLOR_NAMES[c];
const net = new Net($('net'), { onPaint: paint, colorName, onKey: netKey });
// The single-file page (dist/cubehint.html) hands us its inlined wasm and a Blob worker.
const single = globalThis.CUBEHINT_SINGLE;
let client = newClient();

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
  if (single) await client.call('init', single.wasm);
  // The puzzle on screen first, so its Solve is ready sooner (a 2x2 is answered by its search
  // engine until its table is there; a 3x3 waits for its tables).
  const first = state.size;
  await client.call('prepare', first);
  await client.call('prepare', 5 - first);
  // The 3x3 search's large table is built (or loaded) in the background; Solve works meanwhile.
  client.call('preparePhase1').catch(() => {});
  // Offline after the first visit: the service worker keeps the page, scripts and wasm. It is
  // registered once the tables are ready, so its downloads do not slow their build.
  if (!single && 'serviceWorker' in navigator && location.protocol.startsWith('http')) {
    navigator.serviceWorker.register('sw.js').catch(() => {});
  }
}

// --- colours and letters -------------------------------------------------------------------

// For each face, the colour that names it: the 3x3 centres when they are six different colours,
// otherwise (and on the 2x2) the scheme.
function faceColors(size, colors) {
  if (size === 3) {
    const centres = FACES.map((_, f) => colors[f * 9 + 4]);
    if (new Set(centres).size === 6 && !centres.includes(-1)) return centres;
  }
  return faceColor();
}

// The sticker string, or null while stickers are unpainted. A letter names the face whose
// colour the sticker has, so a 3x3 painted in any orientation reads right.
function lettersOf(size, colors) {
  if (colors.includes(-1)) return null;
  const faces = faceColors(size, colors);
  return colors.map((c) => FACES[faces.indexOf(c)] ?? '?').join('');
}

function colorsOf(letters, faces) {
  return [...letters].map((l) => faces[FACES.indexOf(l)]);
}

const current = () => state.colors[state.size];
const encodeColors = (colors) => colors.map((c) => (c < 0 ? '-' : COLOR_KEYS[c])).join('');
const decodeColors = (text, size) => {
  const n = 6 * size * size;
  if (typeof text !== 'string' || text.length !== n || !/^[wrgyob-]+$/.test(text)) return null;
  return [...text].map((ch) => (ch === '-' ? -1 : COLOR_KEYS.indexOf(ch)));
};

// --- keeping and sharing -------------------------------------------------------------------

// The address bar holds the puzzle, its stickers (the solution's start when one is shown), the
// solution and the hint step, so a copied link opens exactly this view.
function encodeState() {
  const p = new URLSearchParams();
  p.set('p', String(state.size));
  const sol = state.solution;
  for (const size of [2, 3]) {
    const colors = sol && sol.size === size ? sol.start : state.colors[size];
    p.set(`c${size}`, encodeColors(colors));
  }
  if (sol) {
    p.set('moves', sol.moves.join('_'));
    p.set('step', String(sol.step));
    if (sol.exact) p.set('exact', '1');
    if (sol.metric === 'qtm') p.set('metric', 'qtm');
  }
  return p.toString().replace(/%27/g, "'");
}

function save() {
  const text = encodeState();
  history.replaceState(null, '', `#${text}`);
  try {
    localStorage.setItem(STORE, text);
  } catch {
    /* private mode: the address bar still holds the state */
  }
}

function restore(text) {
  const p = new URLSearchParams(text);
  const size = p.get('p') === '2' ? 2 : 3;
  for (const s of [2, 3]) {
    const colors = decodeColors(p.get(`c${s}`), s);
    if (colors) state.colors[s] = colors;
  }
  state.size = size;
  const moves = (p.get('moves') ?? '').split('_').filter(Boolean);
  if (moves.length && moves.every((m) => /^[URFDLB]['2]?$/.test(m))) {
    const step = Math.max(0, Math.min(moves.length, Number(p.get('step')) || 0));
    const exact = size === 2 || p.get('exact') === '1';
    state.solution = { size, moves, step: 0, exact, metric: p.get('metric') ?? 'htm', start: [...state.colors[size]] };
    replay(state.solution, step);
  }
}

function saveSettings() {
  try {
    localStorage.setItem(SETTINGS, JSON.stringify(settings));
  } catch {
    /* not kept, but still applied */
  }
}

// --- rendering -----------------------------------------------------------------------------

function applyLook() {
  const root = document.documentElement.style;
  settings.css.forEach((css, c) => root.setProperty(`--color-${c}`, css));
  root.setProperty('--turn-ms', `${turnMs()}ms`);
  document.body.classList.toggle('show-letters', settings.letters);
  $('scheme').value = settings.scheme;
  $('letters').checked = settings.letters;
  $('forced').checked = settings.forced;
  $('metric').value = settings.metric;
  $('speed').value = String(settings.speed);
  $('speak').checked = settings.speak;
  for (const r of document.querySelectorAll('input[name="mode"]')) r.checked = r.value === settings.mode;
  const custom = $('custom-colors');
  custom.hidden = settings.scheme !== 'custom';
  if (!custom.children.length) {
    COLOR_NAMES.forEach((name, c) => {
      const label = document.createElement('label');
      label.className = 'color-pick';
      const input = document.createElement('input');
      input.type = 'color';
      input.value = settings.css[c];
      input.addEventListener('input', () => {
        settings.css[c] = input.value;
        saveSettings();
        applyLook();
      });
      label.append(input, ` ${name}`);
      custom.append(label);
    });
  }
}

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

function setStatus(html, cls = '') {
  const s = $('status');
  s.className = `status ${cls}`;
  s.innerHTML = html;
}

const escapeHtml = (t) => t.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
const problemList = (problems) =>
  `<ul>${problems.map((p) => `<li><code>${p.code}</code>: ${escapeHtml(p.message)}</li>`).join('')}</ul>`;

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
    b.setAttribute('aria-label', `${COLOR_NAMES[c]} (key ${c + 1}): ${counts[c]} of ${per} painted`);
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
  $('optimal').hidden = size !== 3;
  $('optimal').disabled = !valid || document.body.dataset.optimal === 'searching' || isSolvedColors(size, colors);
  const h = state.history[size];
  $('undo').disabled = h.undo.length === 0;
  $('redo').disabled = h.redo.length === 0;
  renderHints();
  save();
}

function isSolvedColors(size, colors) {
  const per = size * size;
  return FACES.every((_, f) => colors.slice(f * per, (f + 1) * per).every((c) => c === colors[f * per]));
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
  const mode = settings.mode;
  const sp = $('solution');
  sp.replaceChildren();
  if (sol.moves.length === 0) sp.textContent = '(already solved)';
  if (mode === 'count') {
    sp.hidden = true;
  } else {
    sp.hidden = false;
    sol.moves.forEach((m, i) => {
      const shown = mode === 'full' || i <= sol.step;
      const b = document.createElement('button');
      b.type = 'button';
      b.className = `move${i < sol.step ? ' done' : ''}${i === sol.step ? ' current' : ''}`;
      b.textContent = shown ? m : '•';
      b.setAttribute('aria-label', shown ? `Go to move ${i + 1}: ${m}` : `Go to move ${i + 1}`);
      if (i === sol.step) b.setAttribute('aria-current', 'step');
      b.addEventListener('click', () => jumpTo(i));
      sp.append(b, ' ');
    });
  }
  // Quarter-turn metric: a half turn counts two.
  const qtm = sol.metric === 'qtm';
  const left = sol.moves.slice(sol.step).reduce((n, m) => n + (qtm && m.endsWith('2') ? 2 : 1), 0);
  const next = sol.moves[sol.step];
  const hint = $('hint');
  if (next && mode !== 'count') {
    hint.textContent = `Move ${sol.step + 1} of ${sol.moves.length}: ${describeMove(next, sol.size, faceNames())}`;
    net.markTurn(next[0], directionOf(next));
  } else {
    hint.textContent = next ? '' : sol.moves.length ? 'Solved! Every face is one colour.' : 'This cube is already solved.';
    net.markTurn(mode === 'count' || !next ? null : next[0], next ? directionOf(next) : '');
  }
  const unit = (qtm ? 'quarter turn' : 'move') + (left === 1 ? '' : 's');
  $('left').textContent = sol.exact ? `${left} ${unit} left (the fewest possible).` : `At most ${left} ${unit} left.`;
  $('prev').disabled = sol.step === 0;
  $('next').disabled = sol.step >= sol.moves.length;
}

// Colour names of the faces as the cube is held now (3x3: by centre).
function faceNames() {
  const colors = current();
  const faces = faceColors(state.size, colors);
  return FACES.map((_, f) => (state.size === 3 ? COLOR_NAMES[colors[f * 9 + 4]] : COLOR_NAMES[faces[f]]));
}

// --- actions -------------------------------------------------------------------------------

function remember() {
  const h = state.history[state.size];
  h.undo.push([...current()]);
  if (h.undo.length > 200) h.undo.shift();
  h.redo.length = 0;
}

function paint(i) {
  const colors = current();
  if (colors[i] === state.selected) return;
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
  const h = state.history[state.size];
  const stack = h[from];
  if (!stack.length) return;
  h[to].push([...current()]);
  state.colors[state.size] = stack.pop();
  state.solution = null;
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
  const stickers = sized && !/['’2()xz0-9]/i.test(compact);
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

async function solve() {
  const size = state.size;
  const letters = lettersOf(size, current());
  if (!letters) return;
  $('solve').disabled = true;
  setStatus(size === 3 && !state.ready[3] ? 'Preparing the 3x3 tables, then solving…' : 'Solving…');
  // A rare hard 3x3 can take a few seconds: offer a way out after one.
  const offer = setTimeout(() => {
    const stop = document.createElement('button');
    stop.type = 'button';
    stop.textContent = 'Stop searching';
    stop.addEventListener('click', () => {
      client.terminate();
      client = newClient();
      state.ready[3] = false;
      startWorker();
    });
    $('status').append(' Still searching. ', stop);
  }, 1000);
  try {
    const t0 = performance.now();
    const metric = size === 2 ? settings.metric : 'htm';
    const r = await client.call(size === 2 ? 'solve2' : 'solve3', { facelets: letters, metric });
    const ms = performance.now() - t0;
    if (state.size !== size || lettersOf(size, current()) !== letters) return; // changed meanwhile
    const moves = r.moves ? r.moves.split(' ') : [];
    const exact = size === 2 || r.optimal === true;
    state.solution = { size, moves, step: 0, exact, metric, start: [...current()] };
    const what = exact ? 'optimal solution' : 'solution';
    setStatus(`Found a ${moves.length}-move ${what} in ${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms. Use Next move to follow it.`);
  } catch (err) {
    const stopped = String(err.message) === 'stopped';
    setStatus(stopped ? 'Stopped. Press Solve to search again.' : `<span class="bad">${escapeHtml(String(err.message ?? err))}</span>`, stopped ? '' : 'invalid');
  } finally {
    clearTimeout(offer);
    refresh({ quiet: true });
  }
}

// --- optimal 3x3 -------------------------------------------------------------------------------

// The optimal search runs in workers of its own, so Cancel can end it at once while Solve keeps
// working. Its tables are built once and kept in the browser: 2 GB (h6 and h0's entries within 8
// moves) on a device that reports at least 16 GB of memory, 529 MB (h4 and the same) on 8 GB,
// 294 MB (h3) on 4 GB, or 59 MB / 29 MB on less; `?table=small|medium|large|huge|h5|h6` in the
// address chooses. Here, with two workers, h6 was built in 80 s and h5 (1 GB) in 76 s, and h6
// found seed 7's six random cubes' optimal solutions in a median of 8.0 s against h5's 13.2 s;
// h6 loads in 7-10 s on later visits against h5's 2.5-4.7 s. Where there are several cores and
// memory to spare, more workers load the kept tables and each searches a share of every depth
// (`?workers=N` chooses how many).
const optimalSearch = new SharedOptimal(async (onProgress) => {
  const c = newClient(onProgress);
  if (single) await c.call('init', single.wasm);
  return c;
});
let optimalFallback = null; // a smaller size once the tables failed to fit in this browser
// The size to try when a size's tables did not fit.
const SMALLER_TABLES = { h6: 'h5', h5: 'huge', huge: 'large' };
function optimalTableSize() {
  const asked = new URLSearchParams(location.search).get('table');
  if (['small', 'medium', 'large', 'huge', 'h5', 'h6'].includes(asked)) return asked;
  if (optimalFallback) return optimalFallback;
  const memory = navigator.deviceMemory ?? 8;
  return memory < 2 ? 'small' : memory < 4 ? 'medium' : memory < 8 ? 'large' : memory < 16 ? 'huge' : 'h6';
}

// Workers for the optimal search: one a core, at most four, each with its own copy of the
// tables (about 2.1 GB for the h6 size, 1.1 GB for the h5, 0.6 GB for the huge, 0.35 GB for the
// large), using at most a third of the reported memory.
function optimalWorkerCount(size) {
  const asked = Number(new URLSearchParams(location.search).get('workers'));
  if (Number.isInteger(asked) && asked >= 1) return Math.min(asked, 8);
  const perWorker = { h6: 2.1, h5: 1.1, huge: 0.6, large: 0.35, medium: 0.1, small: 0.05 }[size];
  const memory = navigator.deviceMemory ?? 8;
  return Math.max(1, Math.min(navigator.hardwareConcurrency || 1, 4, Math.floor(memory / 3 / perWorker)));
}

function seconds(ms) {
  return ms < 1000 ? `${Math.round(ms)} ms` : ms < 120000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.floor(ms / 60000)} min ${Math.round((ms % 60000) / 1000)} s`;
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
        : `Building the optimal solver's tables${document.body.dataset.tablesOptimalHelper === 'building' ? ' with two workers' : ''} (once: they are kept for next time${{ large: '; about two minutes', huge: '; a few minutes', h5: '; a minute or two', h6: '; a minute or two' }[optimalTableSize()] ?? ''})… ${Math.round(p.fraction * 100)}%`;
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

async function findOptimal() {
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
      const r = await client.call('solve3', { facelets: letters }).catch(() => ({ moves: '' }));
      upper = r.moves;
      // Solve proves cubes within 10 moves of solved shortest on its own.
      if (r.optimal === true) moves = upper ? upper.split(' ') : [];
    }
    const known = upper ? upper.split(' ').length : 0;
    if (known && !moves) {
      $('optimal-detail').textContent = `Meanwhile, Solve gives a ${known}-move solution at once. The shortest may be the same length: the search then proves it.`;
    }
    while (!moves) {
      const size = optimalTableSize();
      try {
        moves = await optimalSearch.run({
          facelets: letters,
          upper,
          size,
          workers: optimalWorkerCount(size),
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
          onSearch: showSearchProgress,
        });
      } catch (err) {
        if (String(err.message) === 'stopped' || !SMALLER_TABLES[size]) throw err;
        // The browser could not hold the biggest tables (memory): tables half the size.
        optimalSearch.cancel();
        optimalFallback = SMALLER_TABLES[size];
        lastSearch = null; // nothing of the failed run to keep showing
        $('optimal-detail').textContent = 'This browser could not hold the biggest tables; trying tables half the size.';
      }
    }
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

// The moves left of the solution on show when it is proven shortest and the cube is where
// following it has taken it (the rest of a shortest solution is a shortest one); else null.
function provenRest(letters) {
  const sol = state.solution;
  if (sol?.size !== 3 || !sol.exact) return null;
  const now = apply_moves(3, lettersOf(3, sol.start), sol.moves.slice(0, sol.step).join(' '));
  return now === letters ? sol.moves.slice(sol.step) : null;
}

function cancelOptimal() {
  optimalSearch.cancel();
}

// Sets the stickers to the solution's state after `step` moves.
function replay(sol, step) {
  const faces = faceColors(sol.size, sol.start);
  const moves = sol.moves.slice(0, step).join(' ');
  state.colors[sol.size] = colorsOf(apply_moves(sol.size, lettersOf(sol.size, sol.start), moves), faces);
  sol.step = step;
}

// Shows the solution's state after `step` moves (clicking a move in the list).
function jumpTo(step) {
  const sol = state.solution;
  if (!sol || step < 0 || step > sol.moves.length) return;
  const before = [...state.colors[sol.size]];
  replay(sol, step);
  net.animateChange(before, state.colors[sol.size]);
  refresh({ quiet: true });
  speakHint();
}

function step(delta) {
  const sol = state.solution;
  if (!sol) return;
  const i = delta > 0 ? sol.step : sol.step - 1;
  const m = sol.moves[i];
  if (!m) return;
  const before = [...current()];
  const letters = lettersOf(sol.size, before);
  const faces = faceColors(sol.size, before);
  const move = delta > 0 ? m : invertMove(m);
  state.colors[sol.size] = colorsOf(apply_moves(sol.size, letters, move), faces);
  sol.step += delta;
  refresh({ quiet: true });
  net.animateTurn(Array.from(turn_sources(sol.size, move)), turnMs());
  speakHint();
}

// How long a turn's animation lasts: the speed setting, or none when motion is reduced.
function turnMs() {
  const reduce = matchMedia('(prefers-reduced-motion: reduce)').matches;
  return reduce || settings.speed >= 1000 ? 0 : 1000 - settings.speed;
}

function speakHint() {
  if (!settings.speak || !('speechSynthesis' in window)) return;
  const text = $('hint').textContent || $('left').textContent;
  speechSynthesis.cancel();
  speechSynthesis.speak(new SpeechSynthesisUtterance(text.replace(/^Move \d+ of \d+: /, '')));
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

function onProgress({ puzzle, fraction, source, ms }) {
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
  if (inField || e.target.closest?.('[data-facelet]') || !state.solution || e.altKey) return;
  if (e.key === 'ArrowRight') step(1);
  else if (e.key === 'ArrowLeft') step(-1);
}

// --- start ---------------------------------------------------------------------------------

await init(single ? { module_or_path: single.wasm } : undefined);
applyLook();
buildPalette();
restore(location.hash.slice(1) || localStorage.getItem(STORE) || '');
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
