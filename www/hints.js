// Following a solution: the move list, the hint in words (and speech), the moves left, and
// stepping through it on the net.
import { apply_moves, turn_sources } from './pkg/cubehint.js';
import { $ } from './dom.js';
import { COLOR_NAMES, saveSettings, settings, turnMs } from './settings.js';
import { colorsOf, current, faceColors, lettersOf, replay, state } from './state.js';
import { FACES, describeMove, directionOf, invertMove } from './words.js';
import { goalReachedText } from './goal.js';
import { Cube3d } from './cube3d.js';
import { renderCase } from './case-view.js';

let net = null;
let refresh = null;
let nextStage = null;
let cube3d = null;

// The net to mark and animate, the page's refresh after a step, and how to ask for the next
// stage (stage-by-stage hints).
export function initHints(deps) {
  ({ net, refresh, nextStage } = deps);
  $('next-stage').addEventListener('click', () => nextStage());
  cube3d = new Cube3d($('scene3d'));
  $('hold-view').addEventListener('click', () => cube3d.hold());
  $('replay').addEventListener('click', replay3d);
  $('show3d').checked = settings.show3d !== false;
  $('show3d').addEventListener('change', (e) => {
    settings.show3d = e.target.checked;
    saveSettings();
    renderHints();
  });
}

export function renderHints() {
  const sol = state.solution;
  const box = $('hints');
  if (!sol || sol.size !== state.size) {
    box.hidden = true;
    renderCase(null);
    net.markTurn(null);
    net.markStage([]);
    return;
  }
  box.hidden = false;
  const in3d = $('show3d').checked;
  $('scene3d').hidden = !in3d;
  $('hold-view').hidden = !in3d;
  const upcoming = settings.mode === 'count' ? null : (sol.moves[sol.step] ?? null);
  $('replay').hidden = !in3d || !upcoming;
  if (in3d) cube3d.show(sol.size, current(), upcoming);
  const staged = sol.stage != null;
  const aimed = staged || sol.goalLabel;
  $('hints-title').textContent = staged ? `Stage ${sol.stage + 1} of ${sol.stages}: ${sol.name}` : sol.goalLabel ? `Moves to ${sol.goalLabel}` : 'Solution';
  $('stage-goal').hidden = !staged;
  $('stage-goal').textContent = staged ? sol.goal : '';
  renderCase(sol);
  net.markStage(sol.stickers ?? []);
  const mode = settings.mode;
  const sp = $('solution');
  sp.replaceChildren();
  if (sol.moves.length === 0) sp.textContent = aimed ? '(already there)' : '(already solved)';
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
    const done = aimed ? goalReachedText(sol) : sol.moves.length ? 'Solved! Every face is one colour.' : 'This cube is already solved.';
    hint.textContent = next ? '' : done;
    net.markTurn(mode === 'count' || !next ? null : next[0], next ? directionOf(next) : '');
  }
  const unit = (qtm ? 'quarter turn' : 'move') + (left === 1 ? '' : 's');
  $('left').textContent = left === 0 ? '' : sol.exact ? `${left} ${unit} left (the fewest possible).` : `${left} ${unit} left.`;
  // At the end of a stage: the next one, from where the cube is.
  $('next-stage').hidden = !(staged && !next && sol.stage + 1 < sol.stages);
  $('prev').disabled = sol.step === 0;
  $('next').disabled = sol.step >= sol.moves.length;
}

// Colour names of the faces as the cube is held now (3x3: by centre).
export function faceNames() {
  const colors = current();
  const faces = faceColors(state.size, colors);
  return FACES.map((_, f) => (state.size === 3 ? COLOR_NAMES[colors[f * 9 + 4]] : COLOR_NAMES[faces[f]]));
}

// Shows the solution's state after `step` moves (clicking a move in the list).
export function jumpTo(step) {
  const sol = state.solution;
  if (!sol || step < 0 || step > sol.moves.length) return;
  const before = [...state.colors[sol.size]];
  replay(sol, step);
  net.animateChange(before, state.colors[sol.size]);
  refresh({ quiet: true });
  speakHint();
}

export function step(delta) {
  const sol = state.solution;
  if (!sol) return;
  const i = delta > 0 ? sol.step : sol.step - 1;
  const m = sol.moves[i];
  if (!m) return;
  const before = [...current()];
  const move = delta > 0 ? m : invertMove(m);
  state.colors[sol.size] = afterMove(sol.size, before, move);
  sol.step += delta;
  refresh({ quiet: true });
  net.animateTurn(Array.from(turn_sources(sol.size, move)), turnMs());
  if ($('show3d').checked) cube3d.turn(move, before, state.colors[sol.size], turnMs());
  speakHint();
}

// The move to make, shown turning on the 3D cube, which then turns back.
function replay3d() {
  const sol = state.solution;
  const m = sol?.moves[sol.step];
  if (!m) return;
  const before = [...current()];
  cube3d.preview(m, before, afterMove(sol.size, before, m), Math.max(turnMs(), 500));
}

// The colours of a cube of `size` after `move`, each face keeping its colour.
function afterMove(size, colors, move) {
  return colorsOf(apply_moves(size, lettersOf(size, colors), move), faceColors(size, colors));
}

export function speakHint() {
  if (!settings.speak || !('speechSynthesis' in window)) return;
  let text = ($('hint').textContent || $('left').textContent).replace(/^Move \d+ of \d+: /, '');
  // A case's first move: its name and how to hold the cube come first.
  const sol = state.solution;
  if (sol?.caseName && sol.caseName !== 'skip' && sol.step === 0) text = `${sol.caseName}. ${sol.caseLook ?? ''} ${text}`;
  speechSynthesis.cancel();
  speechSynthesis.speak(new SpeechSynthesisUtterance(text));
}

