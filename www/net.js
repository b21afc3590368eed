// The unfolded cube net: draws stickers as buttons and reports clicks. It knows nothing about
// solving; stickers hold colour numbers 0..5 (the faces U R F D L B of the default scheme) or
// -1 for "not painted yet".

export const FACES = ['U', 'R', 'F', 'D', 'L', 'B'];
export const FACE_WORDS = { U: 'up', R: 'right', F: 'front', D: 'down', L: 'left', B: 'back' };
// Where each face's top-left sticker sits on the net, in face-widths: U; L F R B; D.
const ORIGIN = { U: [1, 0], L: [0, 1], F: [1, 1], R: [2, 1], B: [3, 1], D: [1, 2] };

export function stickerName(size, index) {
  const per = size * size;
  return FACES[Math.floor(index / per)] + String((index % per) + 1);
}

export class Net {
  constructor(container, { onPaint, colorName }) {
    this.container = container;
    this.onPaint = onPaint;
    this.colorName = colorName;
    this.size = 3;
    this.buttons = [];
  }

  // Lays out the net for a 2x2 or 3x3.
  build(size) {
    this.size = size;
    this.container.replaceChildren();
    this.container.style.setProperty('--n', size);
    this.container.dataset.size = String(size);
    this.buttons = [];
    const per = size * size;
    for (let i = 0; i < 6 * per; i++) {
      const face = FACES[Math.floor(i / per)];
      const p = i % per;
      const [ox, oy] = ORIGIN[face];
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'sticker';
      b.dataset.facelet = stickerName(size, i);
      b.dataset.face = face;
      b.style.gridColumn = String(ox * size + (p % size) + 1);
      b.style.gridRow = String(oy * size + Math.floor(p / size) + 1);
      b.addEventListener('click', () => this.onPaint(i));
      this.container.append(b);
      this.buttons.push(b);
    }
    for (const face of FACES) {
      const [ox, oy] = ORIGIN[face];
      const label = document.createElement('div');
      label.className = 'face-label';
      label.dataset.faceLabel = face;
      label.setAttribute('aria-hidden', 'true');
      label.style.gridColumn = `${ox * size + 1} / span ${size}`;
      label.style.gridRow = `${oy * size + 1} / span ${size}`;
      label.textContent = face;
      this.container.append(label);
    }
  }

  // Shows colours (numbers 0..5 or -1) on every sticker.
  show(colors) {
    colors.forEach((c, i) => {
      const b = this.buttons[i];
      b.dataset.color = c < 0 ? '' : FACES[c];
      const name = c < 0 ? 'not painted' : this.colorName(c);
      b.setAttribute('aria-label', `${b.dataset.facelet}: ${name}`);
    });
  }

  // Marks the stickers named by index as part of a problem.
  highlight(indices) {
    const set = new Set(indices);
    this.buttons.forEach((b, i) => b.classList.toggle('problem', set.has(i)));
  }

  // Marks the face to turn next, with its direction ('cw', 'ccw', 'half'), or clears the mark.
  markTurn(face, direction) {
    for (const el of this.container.querySelectorAll('[data-face-label]')) {
      const on = el.dataset.faceLabel === face;
      el.classList.toggle('turn', on);
      el.dataset.direction = on ? direction : '';
      el.textContent = on ? { cw: '↻', ccw: '↺', half: '↻ 2' }[direction] : el.dataset.faceLabel;
    }
    this.buttons.forEach((b) => b.classList.toggle('turning', b.dataset.face === face));
  }
}
