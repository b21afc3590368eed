// What is on the page: both puzzles' stickers (colours 0..5, -1 unpainted), undo history, the
// solution being followed; their sticker strings; and how they are kept in the address bar and
// localStorage.
import { apply_moves } from './pkg/cubehint.js';
import { COLOR_KEYS, faceColor } from './settings.js';
import { FACES } from './words.js';

const STORE = 'cubehint-state';

export const state = {
  size: 3,
  colors: { 2: solvedColors(2), 3: solvedColors(3) },
  selected: 0,
  history: { 2: { undo: [], redo: [] }, 3: { undo: [], redo: [] } },
  solution: null, // { size, moves, step, exact, start, and for a goal or stage: goalLabel, stage, stages, name, goal, stickers }
  ready: { 2: false, 3: false },
  // What Solve aims for, per puzzle: 'solved', a pattern's or stage's name, or 'painted' (the
  // target net, colours as above, -1 any colour); and the stage-by-stage method, if any.
  goal: { 2: 'solved', 3: 'solved' },
  target: { 2: solvedColors(2), 3: solvedColors(3) },
  method: '',
};

export function solvedColors(size) {
  const map = faceColor();
  return FACES.flatMap((_, f) => Array(size * size).fill(map[f]));
}

// For each face, the colour that names it: the 3x3 centres when they are six different colours,
// otherwise (and on the 2x2) the scheme.
export function faceColors(size, colors) {
  if (size === 3) {
    const centres = FACES.map((_, f) => colors[f * 9 + 4]);
    if (new Set(centres).size === 6 && !centres.includes(-1)) return centres;
  }
  return faceColor();
}

// The sticker string, or null while stickers are unpainted. A letter names the face whose
// colour the sticker has, so a 3x3 painted in any orientation reads right.
export function lettersOf(size, colors) {
  if (colors.includes(-1)) return null;
  const faces = faceColors(size, colors);
  return colors.map((c) => FACES[faces.indexOf(c)] ?? '?').join('');
}

export function colorsOf(letters, faces) {
  return [...letters].map((l) => faces[FACES.indexOf(l)]);
}

export const current = () => state.colors[state.size];
const encodeColors = (colors) => colors.map((c) => (c < 0 ? '-' : COLOR_KEYS[c])).join('');
const decodeColors = (text, size) => {
  const n = 6 * size * size;
  if (typeof text !== 'string' || text.length !== n || !/^[wrgyob-]+$/.test(text)) return null;
  return [...text].map((ch) => (ch === '-' ? -1 : COLOR_KEYS.indexOf(ch)));
};

// The address bar holds the puzzle, its stickers (the solution's start when one is shown), the
// solution and the hint step, so a copied link opens exactly this view.
export function encodeState() {
  const p = new URLSearchParams();
  p.set('p', String(state.size));
  const sol = state.solution;
  for (const size of [2, 3]) {
    const colors = sol && sol.size === size ? sol.start : state.colors[size];
    p.set(`c${size}`, encodeColors(colors));
  }
  const goal = state.goal[state.size];
  if (goal !== 'solved') p.set('to', goal);
  if (goal === 'painted') p.set('t', encodeColors(state.target[state.size]));
  if (state.method) p.set('method', state.method);
  if (sol) {
    p.set('moves', sol.moves.join('_'));
    p.set('step', String(sol.step));
    if (sol.exact) p.set('exact', '1');
    if (sol.metric === 'qtm') p.set('metric', 'qtm');
    if (sol.stage != null) {
      p.set('stage', `${sol.stage}/${sol.stages}`);
      p.set('sname', sol.name);
      p.set('sgoal', sol.goal);
    }
    if (sol.stickers?.length) p.set('marks', sol.stickers.join('.'));
  }
  return p.toString().replace(/%27/g, "'");
}

export function save() {
  const text = encodeState();
  history.replaceState(null, '', `#${text}`);
  try {
    localStorage.setItem(STORE, text);
  } catch {
    /* private mode: the address bar still holds the state */
  }
}

export function restore(text) {
  const p = new URLSearchParams(text);
  const size = p.get('p') === '2' ? 2 : 3;
  for (const s of [2, 3]) {
    const colors = decodeColors(p.get(`c${s}`), s);
    if (colors) state.colors[s] = colors;
  }
  state.size = size;
  const to = p.get('to');
  if (to && /^[a-z-]+$/i.test(to)) state.goal[size] = to;
  const target = decodeColors(p.get('t'), size);
  if (target) state.target[size] = target;
  if (['beginner', 'cfop-2look', 'cfop'].includes(p.get('method'))) state.method = p.get('method');
  const moves = (p.get('moves') ?? '').split('_').filter(Boolean);
  if (moves.length && moves.every((m) => /^[URFDLB]['2]?$/.test(m))) {
    const step = Math.max(0, Math.min(moves.length, Number(p.get('step')) || 0));
    const exact = size === 2 || p.get('exact') === '1';
    state.solution = { size, moves, step: 0, exact, metric: p.get('metric') ?? 'htm', start: [...state.colors[size]] };
    const stage = /^(\d+)\/(\d+)$/.exec(p.get('stage') ?? '');
    if (stage) Object.assign(state.solution, { stage: Number(stage[1]), stages: Number(stage[2]), name: p.get('sname') ?? '', goal: p.get('sgoal') ?? '' });
    else if (state.goal[size] !== 'solved') state.solution.goalLabel = state.goal[size] === 'painted' ? 'your painted target' : `the ${state.goal[size].replace(/-/g, ' ')}`;
    const marks = (p.get('marks') ?? '').split('.').filter((x) => /^\d+$/.test(x)).map(Number);
    if (marks.length) state.solution.stickers = marks;
    replay(state.solution, step);
  }
}

// The state kept by an earlier visit, if any.
export const kept = () => localStorage.getItem(STORE);

export function isSolvedColors(size, colors) {
  const per = size * size;
  return FACES.every((_, f) => colors.slice(f * per, (f + 1) * per).every((c) => c === colors[f * per]));
}

export function remember() {
  const h = state.history[state.size];
  h.undo.push([...current()]);
  if (h.undo.length > 200) h.undo.shift();
  h.redo.length = 0;
}

// Moves the current stickers to the `to` stack and takes the top of the `from` stack (undo or
// redo); false when there is nothing to take.
export function takeHistory(from, to) {
  const h = state.history[state.size];
  const stack = h[from];
  if (!stack.length) return false;
  h[to].push([...current()]);
  state.colors[state.size] = stack.pop();
  state.solution = null;
  return true;
}

// Sets the stickers to the solution's state after `step` moves.
export function replay(sol, step) {
  const faces = faceColors(sol.size, sol.start);
  const moves = sol.moves.slice(0, step).join(' ');
  state.colors[sol.size] = colorsOf(apply_moves(sol.size, lettersOf(sol.size, sol.start), moves), faces);
  sol.step = step;
}

