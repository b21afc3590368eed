// The unfolded cube net: draws stickers as buttons, reports clicks and keys, marks the face to
// turn, animates changes. It knows nothing about solving; stickers hold colour numbers 0..5 or
// -1 for "not painted yet".

import { FACES, FACE_WORDS as FACE_NAMES } from './words.js';

export { FACES };
// Where each face's top-left sticker sits on the net, in face-widths: U; L F R B; D.
const ORIGIN = { U: [1, 0], L: [0, 1], F: [1, 1], R: [2, 1], B: [3, 1], D: [1, 2] };
const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

export function stickerName(size, index) {
  const per = size * size;
  return FACES[Math.floor(index / per)] + String((index % per) + 1);
}

export class Net {
  // `target`: the second net, of a target to solve to; its stickers are named
  // data-target-facelet (the cube's own are data-facelet) and "any colour" where unpainted.
  constructor(container, { onPaint, colorName, onKey, target = false }) {
    this.container = container;
    this.target = target;
    this.onPaint = onPaint;
    this.onKey = onKey;
    this.colorName = colorName;
    this.size = 3;
    this.buttons = [];
    this.at = new Map(); // "col,row" -> sticker index
  }

  // Lays out the net for a 2x2 or 3x3.
  build(size) {
    this.size = size;
    this.container.replaceChildren();
    this.container.style.setProperty('--n', size);
    this.container.dataset.size = String(size);
    const band = `.9rem repeat(${size}, var(--sticker))`;
    this.container.style.gridTemplateRows = `${band} ${band} ${band}`;
    this.buttons = [];
    this.at.clear();
    const per = size * size;
    for (let i = 0; i < 6 * per; i++) {
      const face = FACES[Math.floor(i / per)];
      const p = i % per;
      const [ox, oy] = ORIGIN[face];
      const col = ox * size + (p % size);
      const row = oy * size + Math.floor(p / size);
      // Each band of faces has a row for the face names above its stickers.
      const gridRow = oy * (size + 1) + 2 + Math.floor(p / size);
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'sticker';
      b.dataset[this.target ? 'targetFacelet' : 'facelet'] = stickerName(size, i);
      b.dataset.face = face;
      b.dataset.col = String(col);
      b.dataset.row = String(row);
      b.tabIndex = i === 0 ? 0 : -1; // one tab stop; arrows move within the net
      b.style.gridColumn = String(col + 1);
      b.style.gridRow = String(gridRow);
      b.addEventListener('click', () => this.onPaint(i));
      b.addEventListener('keydown', (e) => this.key(e, i));
      b.addEventListener('focus', () => this.rove(i));
      this.container.append(b);
      this.buttons.push(b);
      this.at.set(`${col},${row}`, i);
    }
    for (const face of FACES) {
      const [ox, oy] = ORIGIN[face];
      const label = document.createElement('div');
      label.className = 'face-label';
      label.setAttribute('aria-hidden', 'true');
      label.style.gridColumn = `${ox * size + 1} / span ${size}`;
      label.style.gridRow = String(oy * (size + 1) + 1);
      label.textContent = FACE_NAMES[face];
      const turn = document.createElement('div');
      turn.className = 'face-turn';
      turn.dataset.faceTurn = face;
      turn.setAttribute('aria-hidden', 'true');
      turn.style.gridColumn = `${ox * size + 1} / span ${size}`;
      turn.style.gridRow = `${oy * (size + 1) + 2} / span ${size}`;
      this.container.append(label, turn);
    }
  }

  rove(i) {
    this.buttons.forEach((b, k) => (b.tabIndex = k === i ? 0 : -1));
  }

  key(e, i) {
    const step = ARROWS[e.key];
    if (step) {
      e.preventDefault();
      this.move(i, step);
      return;
    }
    if (this.onKey?.(e, i)) e.preventDefault();
  }

  // Moves focus from sticker i one place in a direction, skipping the gaps of the net.
  move(i, [dx, dy]) {
    const b = this.buttons[i];
    let col = Number(b.dataset.col);
    let row = Number(b.dataset.row);
    const cols = 4 * this.size;
    const rows = 3 * this.size;
    for (let k = 0; k < cols; k++) {
      col = (col + dx + cols) % cols;
      row = (row + dy + rows) % rows;
      const j = this.at.get(`${col},${row}`);
      if (j !== undefined) {
        this.buttons[j].focus();
        return;
      }
    }
  }

  // After painting by keyboard: focus the next sticker in string order.
  focusNext(i) {
    this.buttons[(i + 1) % this.buttons.length]?.focus();
  }

  // Shows colours (numbers 0..5 or -1); `letterOf(c)` is the face letter printed when asked.
  show(colors, letterOf) {
    colors.forEach((c, i) => {
      const b = this.buttons[i];
      b.dataset.color = c < 0 ? '' : FACES[c];
      b.dataset.letter = letterOf(c);
      const name = c < 0 ? (this.target ? 'any colour' : 'not painted') : this.colorName(c);
      b.setAttribute('aria-label', `${this.target ? 'target ' : ''}${stickerName(this.size, i)}: ${name}`);
    });
  }

  // Marks the stickers named by index as part of a problem.
  highlight(indices) {
    const set = new Set(indices);
    this.buttons.forEach((b, i) => b.classList.toggle('problem', set.has(i)));
  }

  // Marks stickers a scan read with little confidence, to be checked, and those whose colour
  // the legal-cube rule chose over the one their pixels looked likeliest (none: clears them).
  markDoubt(indices, changed = []) {
    const set = new Set(indices);
    const fixed = new Set(changed);
    this.buttons.forEach((b, i) => {
      b.classList.toggle('doubt', set.has(i));
      b.classList.toggle('changed', fixed.has(i) && !set.has(i));
    });
  }

  // Outlines the stickers a stage or target places (stage-by-stage hints), or none.
  markStage(indices) {
    const set = new Set(indices);
    this.buttons.forEach((b, i) => b.classList.toggle('stage', set.has(i)));
  }

  // Marks the face to turn next, with its direction ('cw', 'ccw', 'half'), or clears the mark.
  markTurn(face, direction) {
    for (const el of this.container.querySelectorAll('[data-face-turn]')) {
      const on = el.dataset.faceTurn === face;
      el.classList.toggle('turn', on);
      el.dataset.direction = on ? direction : '';
      el.textContent = on ? { cw: '↻', ccw: '↺', half: '↻2' }[direction] : '';
    }
    this.buttons.forEach((b) => b.classList.toggle('turning', b.dataset.face === face));
  }

  // Slides each sticker in from where it was before a turn (`sources[j]`: where sticker j's
  // colour came from), over `ms` milliseconds.
  animateTurn(sources, ms) {
    if (!ms || !this.buttons[0]?.animate) return;
    const boxes = this.buttons.map((b) => b.getBoundingClientRect());
    sources.forEach((from, j) => {
      if (from === j) return;
      const dx = boxes[from].left - boxes[j].left;
      const dy = boxes[from].top - boxes[j].top;
      this.buttons[j].animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'none' }], {
        duration: ms,
        easing: 'ease-in-out',
      });
    });
  }

  // Lets the stickers that changed fade in from their old colour (speed from --turn-ms).
  animateChange(before, after) {
    this.buttons.forEach((b, i) => {
      if (before[i] === after[i]) return;
      b.classList.remove('changed');
      void b.offsetWidth; // restart the animation
      b.classList.add('changed');
    });
  }
}
