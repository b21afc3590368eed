// One face at a time, with large stickers: for entering a cube on a phone, where the whole net's
// stickers are small. It edits the same stickers as the net (the same painting, undo and
// validation), a face at a time, and says how to hold the cube to see the next face.
import { $, faceButtons } from './dom.js';
import { COLOR_NAMES } from './settings.js';
import { current, faceColors, state } from './state.js';
import { FACES, FACE_WORDS } from './words.js';

// The faces in the one order of the page: the sticker string's, the camera's and the photos'.
const ORDER = FACES;
let at = 0; // index into ORDER
let paint = null;
let select = null;
let net = null;

// How to hold the cube to look at each face: by the colours of the centres on a 3x3; a 2x2 has
// no centres (held any way up, its faces are named by where they are).
function holding(face, name, size) {
  const n = (f) => name(FACES.indexOf(f));
  const c = (f) => (size === 3 ? ` (${n(f)} centre)` : '');
  const top = size === 3 ? `${n('U')} still on top` : 'the top still on top';
  switch (face) {
    case 'U':
      return `Top face${c('U')}: hold ${size === 3 ? n('F') : 'the front'} towards you and look down at the top; the row away from you is the first row.`;
    case 'R':
      return `Right face${c('R')}: from the front, turn the whole cube a quarter to the left, ${top}.`;
    case 'F':
      return `Front face${c('F')}: ${size === 3 ? `${n('U')} on top, ${n('F')} facing you` : 'the top on top, the front facing you'}.`;
    case 'D':
      return `Bottom face${c('D')}: from the front, tip the top away from you so the bottom faces you, ${size === 3 ? n('F') : 'the front'} at the top.`;
    case 'L':
      return `Left face${c('L')}: from the front, turn the whole cube a quarter to the right, ${top}.`;
    default:
      return `Back face${c('B')}: from the front, turn the whole cube half way round, ${top}.`;
  }
}

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
  const name = (f) => COLOR_NAMES[size === 3 ? colors[f * 9 + 4] : faces[f]] ?? 'unpainted';
  const face = ORDER[at];
  $('face-title').textContent = `Face ${at + 1} of 6: ${FACE_WORDS[face]} (${face})`;
  $('face-hold').textContent = holding(face, name, size);
  [...$('face-grid').children].forEach((b, p) => {
    const i = index(p);
    const c = colors[i];
    b.dataset.color = c < 0 ? '' : FACES[c];
    b.dataset.letter = c < 0 ? '' : (FACES[faces.indexOf(c)] ?? '');
    b.classList.toggle('problem', net.buttons[i]?.classList.contains('problem') ?? false);
    b.classList.toggle('doubt', net.buttons[i]?.classList.contains('doubt') ?? false);
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
