// What Solve aims for: the solved cube, a named pattern or stage (with a small picture), or a
// target painted on a second net (grey stickers: any colour); and the stage-by-stage hint
// mode. The target's letters follow the cube's own centres, as the cube's do.
import { check_target, named_targets } from './pkg/cubehint.js';
import { $, problemList } from './dom.js';
import { Net } from './net.js';
import { COLOR_NAMES, saveSettings, settings } from './settings.js';
import { current, faceColors, state } from './state.js';
import { FACES } from './words.js';

let targetNet = null;
let anyColour = false; // the target net's brush: a palette colour, or "any colour"
let onChange = () => {};
const named = { 2: null, 3: null };

const list = (size) => (named[size] ??= named_targets(size).map((t) => ({ name: t.name, description: t.description, moves: t.moves, facelets: t.facelets })));

// The select's options for the puzzle on screen.
function fillSelect() {
  const size = state.size;
  const select = $('goal');
  select.replaceChildren();
  const option = (value, text) => Object.assign(document.createElement('option'), { value, textContent: text });
  select.append(option('solved', 'the solved cube'));
  const patterns = document.createElement('optgroup');
  patterns.label = 'Patterns';
  const stages = document.createElement('optgroup');
  stages.label = 'Stages (any colour elsewhere)';
  for (const t of list(size)) (t.moves ? patterns : stages).append(option(t.name, `${t.name.replace(/-/g, ' ')}: ${t.description}`));
  select.append(patterns);
  if (stages.children.length) select.append(stages);
  select.append(option('painted', 'a target I paint…'));
  const goal = state.goal[size];
  select.value = [...select.options].some((o) => o.value === goal) ? goal : 'solved';
}

// The current puzzle's goal as `solve_to` takes it: 'solved', a name, or a sticker string with
// '*' for any colour (null while the painted target is not a possible one).
export function goalText() {
  const goal = state.goal[state.size];
  if (goal !== 'painted') return goal;
  const text = targetLetters();
  return check_target(text).ok ? text : null;
}

// Is Solve aiming at anything but the solved cube?
export const hasGoal = () => state.goal[state.size] !== 'solved';

// A few words for the goal ("the checkerboard", "your painted target").
export function goalLabel() {
  const goal = state.goal[state.size];
  if (goal === 'solved') return 'the solved cube';
  if (goal === 'painted') return 'your painted target';
  return `the ${goal.replace(/-/g, ' ')}`;
}

// The painted target as letters by the cube's centres ('*' for any colour).
function targetLetters() {
  const size = state.size;
  const faces = faceColors(size, current());
  return state.target[size].map((c) => (c < 0 ? '*' : FACES[faces.indexOf(c)] ?? '*')).join('');
}

// A small picture of a sticker string, as a net of squares (decorative: the option's words
// say what it is).
function picture(facelets) {
  const size = facelets.length === 24 ? 2 : 3;
  const faces = faceColors(size, current());
  const box = $('goal-picture');
  box.replaceChildren();
  box.style.setProperty('--n', size);
  const per = size * size;
  const origin = { U: [1, 0], L: [0, 1], F: [1, 1], R: [2, 1], B: [3, 1], D: [1, 2] };
  [...facelets].forEach((l, i) => {
    const face = FACES[Math.floor(i / per)];
    const p = i % per;
    const s = document.createElement('span');
    s.className = 'sticker mini';
    const c = l === '*' ? -1 : faces[FACES.indexOf(l)];
    s.dataset.color = c < 0 ? '' : FACES[c];
    s.style.gridColumn = String(origin[face][0] * size + (p % size) + 1);
    s.style.gridRow = String(origin[face][1] * size + Math.floor(p / size) + 1);
    box.append(s);
  });
}

// Shows the goal's picture or the target net, with the painted target's problems.
export function renderGoal() {
  const size = state.size;
  if ($('goal').dataset.size !== String(size)) {
    fillSelect();
    $('goal').dataset.size = String(size);
  }
  // A name no option has (an old or mistyped address) falls back to the solved cube.
  if (![...$('goal').options].some((o) => o.value === state.goal[size])) state.goal[size] = 'solved';
  const goal = state.goal[size];
  $('goal').value = goal;
  const t = list(size).find((x) => x.name === goal);
  $('goal-picture').hidden = !t;
  if (t) picture(t.facelets);
  $('goal-note').textContent = t ? (t.moves ? `Made from solved by ${t.moves}.` : 'Grey stickers may be any colour.') : '';
  const box = $('target-box');
  box.hidden = goal !== 'painted';
  $('method-row').hidden = size !== 3 || goal !== 'solved';
  if (goal !== 'painted') return;
  if (targetNet.size !== size || !targetNet.buttons.length) targetNet.build(size);
  const faces = faceColors(size, current());
  targetNet.show(state.target[size], (c) => (c < 0 ? '' : FACES[faces.indexOf(c)] ?? ''));
  $('target-any').setAttribute('aria-pressed', String(anyColour));
  const result = check_target(targetLetters());
  targetNet.highlight(result.ok ? [] : result.problems.flatMap((p) => [...p.indices]));
  const unknown = state.target[size].filter((c) => c < 0).length;
  $('target-status').innerHTML = result.ok
    ? `A possible target${unknown ? ` (${unknown} sticker${unknown === 1 ? '' : 's'} any colour)` : ''}. Press Solve.`
    : `<span class="bad">No cube can show this target:</span>${problemList(result.problems)}`;
}

// Wires the select, the method, the target net and its buttons; `selected()` is the palette's
// colour, `changed()` what the page does after any change.
export function initGoal({ selected, changed }) {
  onChange = changed;
  targetNet = new Net($('target-net'), {
    target: true,
    onPaint: (i) => paintTarget(i, selected()),
    colorName: (c) => COLOR_NAMES[c],
    onKey: (e, i) => {
      if (/^[1-6]$/.test(e.key)) {
        paintTarget(i, Number(e.key) - 1);
        targetNet.focusNext(i);
        return true;
      }
      if (e.key === '0' || e.key === '*') {
        paintTarget(i, -1);
        targetNet.focusNext(i);
        return true;
      }
      return false;
    },
  });
  $('goal').addEventListener('change', (e) => {
    state.goal[state.size] = e.target.value;
    state.solution = null;
    renderGoal();
    onChange();
  });
  $('method').value = state.method;
  $('fewest-row').hidden = !state.method;
  $('fewest').checked = settings.fewest === true;
  $('method').addEventListener('change', (e) => {
    state.method = e.target.value;
    $('fewest-row').hidden = !state.method;
    state.solution = null;
    onChange();
  });
  $('fewest').addEventListener('change', (e) => {
    settings.fewest = e.target.checked;
    saveSettings();
    state.solution = null;
    onChange();
  });
  $('target-any').addEventListener('click', () => {
    anyColour = !anyColour;
    renderGoal();
  });
  $('target-copy').addEventListener('click', () => {
    state.target[state.size] = [...current()];
    state.solution = null;
    renderGoal();
    onChange();
  });
  $('target-grey').addEventListener('click', () => {
    const size = state.size;
    // Centres stay: they name the faces.
    state.target[size] = current().map((c, i) => (size === 3 && i % 9 === 4 ? c : -1));
    state.solution = null;
    renderGoal();
    onChange();
  });
}

function paintTarget(i, colour) {
  const size = state.size;
  const c = anyColour ? -1 : colour;
  if (state.target[size][i] === c) return;
  state.target[size][i] = c;
  state.solution = null;
  renderGoal();
  onChange();
}

// The words once a solution that aims at a goal or stage is followed to its end.
export function goalReachedText(sol) {
  if (sol.stage != null) {
    return sol.stage + 1 >= sol.stages ? 'Solved! Every face is one colour.' : `${sol.name} done. Press Next stage for the next one.`;
  }
  return `Reached ${sol.goalLabel}.`;
}
