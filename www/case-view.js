// A last-layer case as learners' charts show it (stage-by-stage hints with a method): its name,
// a picture of the top layer seen from above, what to look for, how to hold the cube, and the
// algorithm in the method's own words, triggers named.
import { $ } from './dom.js';
import { current, faceColors } from './state.js';
import { FACES } from './words.js';
import { COLOR_NAMES } from './settings.js';

// Short sequences learners know by name, as they appear between brackets in an algorithm.
const NAMED = new Map([
  ["R U R' U'", 'the “sexy move”'],
  ["R' F R F'", 'the sledgehammer'],
  ["R U R' U R U2 R'", 'the Sune'],
  ["F R U R' U' F'", 'the top-cross algorithm'],
  ["R' F R' B2 R F' R' B2 R2", 'the headlights algorithm'],
  ["R U' R U R U R U' R' U' R2", 'the U perm'],
]);

const SVG = 'http://www.w3.org/2000/svg';
// Where each of the 21 stickers of a view sits on a 5 × 5 grid seen from above, back at the
// top: U1…U9, then the top rows of F, R, B, L (each left to right as seen facing it).
const CELLS = [
  [1, 1], [2, 1], [3, 1], [1, 2], [2, 2], [3, 2], [1, 3], [2, 3], [3, 3],
  [1, 4], [2, 4], [3, 4], // F, front row
  [4, 3], [4, 2], [4, 1], // R, front to back
  [3, 0], [2, 0], [1, 0], // B, right to left seen from above
  [0, 1], [0, 2], [0, 3], // L, back to front
];

// A permutation case: the top face is one colour already.
const topDone = (view) => view.slice(0, 9) === 'UUUUUUUUU';

// The picture: orientation cases (the top not yet one colour) in the top colour and grey, as
// OLL charts draw them; permutation cases in every colour.
function drawView(view) {
  const svg = $('case-view');
  svg.replaceChildren();
  svg.setAttribute('aria-label', describeView(view));
  const faces = faceColors(3, current());
  const every = topDone(view);
  const colour = (letter) => (every || letter === 'U' ? `var(--color-${faces[FACES.indexOf(letter)]})` : '#8a8f98');
  [...view].forEach((letter, k) => {
    const [x, y] = CELLS[k];
    // Top stickers fill their cell; side stickers are strips against the top face.
    const [left, width] = x === 0 ? [0.55, 0.4] : x === 4 ? [4.05, 0.4] : [x + 0.05, 0.9];
    const [up, height] = y === 0 ? [0.55, 0.4] : y === 4 ? [4.05, 0.4] : [y + 0.05, 0.9];
    const r = document.createElementNS(SVG, 'rect');
    r.setAttribute('x', left);
    r.setAttribute('y', up);
    r.setAttribute('width', width);
    r.setAttribute('height', height);
    r.setAttribute('rx', 0.08);
    r.setAttribute('fill', colour(letter));
    r.setAttribute('stroke', '#222');
    r.setAttribute('stroke-width', 0.04);
    svg.append(r);
  });
}

// The picture in words, for a screen reader: where the top colour shows (orientation cases),
// or which colour each side's top row shows (permutation cases).
const SPOTS = ['back left corner', 'back edge', 'back right corner', 'left edge', 'centre', 'right edge', 'front left corner', 'front edge', 'front right corner'];
const SIDES = ['front', 'right', 'back', 'left'];
function describeView(view) {
  const names = faceColors(3, current()).map((c) => COLOR_NAMES[c]);
  const name = (letter) => names[FACES.indexOf(letter)];
  if (!topDone(view)) {
    const up = SPOTS.filter((_, k) => view[k] === 'U' && k !== 4);
    const side = SIDES.map((s, f) => [s, [...view.slice(9 + f * 3, 12 + f * 3)].filter((l) => l === 'U').length]).filter(([, n]) => n);
    return `The top layer seen from above. The top colour (${name('U')}) is on top at: ${up.join(', ') || 'the centre only'}; it shows on the sides: ${side.map(([s, n]) => `${s} ${n}`).join(', ') || 'nowhere'}.`;
  }
  const rows = SIDES.map((s, f) => `${s}: ${[...view.slice(9 + f * 3, 12 + f * 3)].map(name).join(' ')}`);
  return `The top layer seen from above, its top face done. The top row of each side, left to right: ${rows.join('; ')}.`;
}

// The moves inside each bracketed group of an algorithm (nested groups too), and the names of
// those learners know.
function namedGroups(alg) {
  const groups = [];
  const open = [];
  for (const token of alg.match(/[[\]()]|[^\s[\]()]+/g) ?? []) {
    if (token === '(' || token === '[') open.push([]);
    else if (token === ')' || token === ']') groups.push((open.pop() ?? []).join(' '));
    else open.forEach((g) => g.push(token));
  }
  return [...new Set(groups.filter((g) => NAMED.has(g)))].map((g) => `(${g}) is ${NAMED.get(g)}`);
}

const TOP_WORDS = { U: 'U (the top a quarter turn clockwise)', "U'": "U' (the top a quarter turn anticlockwise)", U2: 'U2 (the top a half turn)' };

export function renderCase(sol) {
  const box = $('case-box');
  const has = sol && sol.stage != null && sol.caseName;
  box.hidden = !has;
  if (!has) return;
  $('case-name').textContent = sol.caseName === 'skip' ? 'Skip: this stage needs at most a turn of the top' : `Case: ${sol.caseName}`;
  $('case-view').hidden = !sol.view;
  if (sol.view) drawView(sol.view);
  $('case-look').textContent = sol.caseLook ?? '';
  $('case-look').hidden = !sol.caseLook;
  const alg = $('case-alg');
  alg.hidden = !sol.alg;
  if (sol.alg) {
    const code = document.createElement('code');
    code.textContent = sol.alg;
    alg.replaceChildren('Algorithm: ', code);
  }
  const hold = [];
  if (sol.before) hold.push(`First turn ${TOP_WORDS[sol.before]}, so the cube looks like the picture.`);
  else if (sol.view) hold.push('Hold the cube as the picture shows it (the back at the top of the picture).');
  if (sol.after) hold.push(`After the algorithm, ${TOP_WORDS[sol.after]} finishes the stage.`);
  const named = sol.alg ? namedGroups(sol.alg) : [];
  if (named.length) hold.push(`Triggers: ${named.join('; ')}.`);
  if (sol.alg && /[a-zMESxyz]/.test(sol.alg.replace(/\s/g, ''))) {
    hold.push('The moves below turn the same algorithm with the centres kept still: a wide turn such as r is L (with the cube turned), a slice such as M is L\' R.');
  }
  $('case-hold').textContent = hold.join(' ');
  const diff = $('case-diff');
  const fewer = sol.fewest && sol.algLength > sol.moves.length;
  diff.hidden = !sol.fewest;
  diff.textContent = sol.fewest
    ? fewer
      ? `In the fewest moves: ${sol.moves.length}, where the algorithm takes ${sol.algLength}.`
      : `The algorithm is as short as the fewest moves found: ${sol.moves.length}.`
    : '';
}
