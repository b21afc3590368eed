// One face at a time, with large stickers: for entering a cube on a phone, where the whole net's
// stickers are small. It edits the same stickers as the net (the same painting, undo and
// validation), a face at a time, and says how to hold the cube to see the next face.
import { $, faceButtons } from './dom.js';
import { COLOR_NAMES } from './settings.js';
import { current, faceColors, state } from './state.js';
import { FACES, FACE_WORDS, holdFace } from './words.js';

// The faces in the one order of the page: the sticker string's, the camera's and the photos'.
const ORDER = FACES;
let at = 0; // index into ORDER
let paint = null;
let select = null;
let net = null;

// Builds the face grid for the puzzle on screen.
function build() {
  const size = state.size;
  const grid = $('face-grid');
  grid.replaceChildren();
  grid.style.setProperty('--n', size);
  for (let p = 0; p < size * size; p++) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'sticker face-sticker';
    b.dataset.faceSticker = String(p);
    b.tabIndex = p === 0 ? 0 : -1;
    b.addEventListener('click', () => paint(index(p)));
    b.addEventListener('keydown', (e) => key(e, p));
    b.addEventListener('focus', () => [...grid.children].forEach((c, k) => (c.tabIndex = k === p ? 0 : -1)));
    grid.append(b);
  }
  grid.dataset.size = String(size);
}

const index = (p) => FACES.indexOf(ORDER[at]) * state.size * state.size + p;

function key(e, p) {
  const size = state.size;
  const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -size, ArrowDown: size };
  if (moves[e.key] !== undefined) {
    e.preventDefault();
    const q = (p + moves[e.key] + size * size) % (size * size);
    $('face-grid').children[q].focus();
    return;
  }
  if (/^[1-6]$/.test(e.key) && !e.ctrlKey && !e.metaKey && !e.altKey) {
    e.preventDefault();
    select(Number(e.key) - 1);
    paint(index(p));
    const next = $('face-grid').children[(p + 1) % (size * size)];
    next?.focus();
  }
}

function go(delta) {
  at = (at + delta + ORDER.length) % ORDER.length;
  render();
  $('face-grid').children[0]?.focus();
}

// Shows the current face as the net does (colours, problems), with its name and how to hold it.
export function render() {
  const on = $('face-at-a-time').checked;
  $('face-view').hidden = !on;
  document.body.classList.toggle('face-at-a-time', on);
  if (!on) return;
  const size = state.size;
  if ($('face-grid').dataset.size !== String(size)) build();
  const colors = current();
  const faces = faceColors(size, colors);
  // A 3x3's faces by their centres' colours; a 2x2 has no centres: by where they are.
  const name = size === 3 ? (f) => COLOR_NAMES[colors[FACES.indexOf(f) * 9 + 4]] ?? 'unpainted' : null;
  const face = ORDER[at];
  $('face-title').textContent = `Face ${at + 1} of 6: ${FACE_WORDS[face]} (${face})`;
  const how = holdFace(face, name);
  $('face-hold').textContent = `Show ${how}.`;
  [...$('face-grid').children].forEach((b, p) => {
    const i = index(p);
    const c = colors[i];
    b.dataset.color = c < 0 ? '' : FACES[c];
    b.dataset.letter = c < 0 ? '' : (FACES[faces.indexOf(c)] ?? '');
    b.classList.toggle('problem', net.buttons[i]?.classList.contains('problem') ?? false);
    for (const mark of ['doubt', 'changed', 'asking']) b.classList.toggle(mark, net.buttons[i]?.classList.contains(mark) ?? false);
    b.setAttribute('aria-label', `${face}${p + 1}: ${c < 0 ? 'not painted' : COLOR_NAMES[c]}`);
  });
  for (const b of document.querySelectorAll('[data-face-jump]')) b.setAttribute('aria-pressed', String(b.dataset.faceJump === face));
}

// Shows face `f` (an index into FACES), as after a scan whose doubtful stickers start there.
export function showFace(f) {
  at = ORDER.indexOf(FACES[f]);
  render();
}

// Wires the switch (on by default on narrow screens), the face buttons and the jumps.
export function initFaceView(deps) {
  ({ paint, select, net } = deps);
  const narrow = window.matchMedia('(max-width: 520px)').matches;
  $('face-at-a-time').checked = narrow;
  $('face-at-a-time').addEventListener('change', render);
  $('face-prev').addEventListener('click', () => go(-1));
  $('face-next').addEventListener('click', () => go(1));
  faceButtons($('face-jumps'), ORDER, 'faceJump', (face) => `the ${FACE_WORDS[face]} face`, (face) => {
    at = ORDER.indexOf(face);
    render();
  });
}
